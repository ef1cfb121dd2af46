import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const STYLES_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.layer.css')),
  'styles',
);

/** `…/@mantine/core/esm/…/Button.module.css.mjs`: the class names of one component. */
const CLASS_MAP = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([^\\/]+)\.module\.css\.mjs$/;

/** The app's module for Mantine's global styles. */
const GLOBAL_STYLES = /[\\/]src[\\/]app[\\/]mantine-styles\.ts$/;

/**
 * Mantine's styles per component instead of its whole stylesheet (DESIGN §9: the first
 * page's weight): each component's class-name module imports that component's stylesheet,
 * so the CSS lands in the chunk that holds the component, and a page downloads the styles
 * of the components it renders. A component imports the ones it is built on before its own
 * class names (Button imports UnstyledButton first), which keeps Mantine's required order
 * inside a chunk; the `.layer.css` variants put everything in the `mantine` cascade layer,
 * so the app's own CSS wins whichever chunk loads first (Mantine's advice when the order of
 * stylesheets is not under control). The global styles are imported by the entry
 * (src/app/mantine-styles.ts). The dev server pre-bundles Mantine out of reach of this
 * transform, so there the entry's import brings Mantine's whole stylesheet instead.
 */
export function mantineStylesPerComponent(): Plugin {
  let serving = false;
  return {
    name: 'pastebox-mantine-styles',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transform: {
      filter: { id: [CLASS_MAP, GLOBAL_STYLES] },
      handler(code, id) {
        if (GLOBAL_STYLES.test(id)) {
          return serving ? `import '@mantine/core/styles.layer.css';\n${code}` : null;
        }
        if (serving) {
          return null;
        }
        const name = CLASS_MAP.exec(id)?.[1];
        if (!name || !fs.existsSync(path.join(STYLES_DIR, `${name}.layer.css`))) {
          return null;
        }
        return { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null };
      },
    },
  };
}
