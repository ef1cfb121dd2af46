import fs from 'node:fs';

/**
 * Borders that hold by themselves (issue 8, DESIGN §2), as ESLint's own
 * no-restricted-imports, one block per folder, generated from the folders that exist:
 * - server: src/storage, src/lib, src/db, src/shares, src/vfs and src/jobs import no module; a module imports
 *   another module only through that module's service.ts (never its repo);
 * - web: a feature never imports another feature; lib/ and components/ import no feature.
 */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const serverModules = foldersOf('./apps/server/src/modules/');
const webFeatures = foldersOf('./apps/web/src/features/');

export const borders = [
  restrict(
    ['apps/server/src/{storage,lib,db,shares,vfs,jobs}/**/*.ts'],
    [
      {
        group: ['@/modules/*', '**/modules/*'],
        message:
          'storage/, lib/, db/, shares/, vfs/ and jobs/ know no module: hand them what they need.',
      },
    ],
  ),
  ...serverModules.map((module) =>
    restrict(
      [`apps/server/src/modules/${module}/**/*.ts`],
      [
        {
          group: [
            '@/modules/*/**',
            '../*/**',
            '!@/modules/*/service',
            '!../*/service',
            `!@/modules/${module}/**`,
            `!../${module}/**`,
          ],
          message: 'Another module is reached only through its service.ts (never its repo).',
        },
      ],
    ),
  ),
  ...webFeatures.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message:
            'A feature never imports another feature: move what both need to lib/ or components/.',
        },
      ],
    ),
  ),
  restrict(
    ['apps/web/src/{lib,components}/**/*.{ts,tsx}'],
    [
      {
        group: ['@/features/*'],
        message: 'lib/ and components/ are below the features: they import none.',
      },
    ],
  ),
];
