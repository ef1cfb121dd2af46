import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { staticReach } from './static-reach.ts';

/**
 * The pages a visitor opens first (DESIGN §9: at most 300 KB on the wire each): the editor
 * at `/` and a paste at `/paste/<slug>`. Their route modules, relative to apps/web.
 */
export const HOME_ROUTE = 'src/features/editor/components/HomePage.tsx';
export const PASTE_ROUTE = 'src/features/pastes/components/PastePage.tsx';
/** CodeMirror and the editor around it, loaded lazily by every page that edits text. */
const EDITOR = 'src/components/markdown/CodeEditor.tsx';
const MARKDOWN = 'src/components/markdown/render-markdown.ts';
const EDITOR_OWN =
  /[\\/]node_modules[\\/](?:@codemirror|@lezer|@marijn|style-mod|w3c-keyname|crelt)[\\/]|[\\/]src[\\/]components[\\/]markdown[\\/]/;

/** The chunk groups, first match wins. */
const GROUPS = [
  // What index.html loads statically.
  { name: 'shell' },
  // The shared code (libraries, components/, lib/: never a route's own feature code) a
  // paste page needs beyond the shell. The home page needs nearly all of it too, and other
  // routes (admin, explorer, upload) load it for the UI parts they share.
  { name: 'kit' },
  // The shared code the home page needs beyond that: form controls, the preview, the
  // editor's toolbar icons.
  { name: 'forms' },
  // CodeMirror and the editor component around it (lazy: home, a paste's owner, explorer).
  { name: 'editor' },
  // The Markdown renderer (lazy: a paste, the home page's preview, file previews), whole.
  { name: 'markdown' },
] as const;
type GroupName = (typeof GROUPS)[number]['name'];

/**
 * Fewer, larger chunks for the first pages (see GROUPS). Every response costs about 1 KB of
 * headers, and the automatic split gave the home page some 45 files, many of a few hundred
 * bytes. A route's own feature code stays in the route's chunk, so the other routes (admin,
 * explorer, upload) share these chunks yet never load the editor's or each other's code.
 * The modules are those reached through the exports actually imported (static-reach.ts):
 * following every edge of `@mantine/core`'s index would reach each component of the app.
 */
export function firstPagesChunking(root: string): {
  plugin: Plugin;
  groups: Rolldown.CodeSplittingGroup[];
} {
  const members = new Map<GroupName, Set<string>>();
  const features = `${path.sep}src${path.sep}features${path.sep}`;
  const plugin: Plugin = {
    name: 'pastebox-first-pages',
    apply: 'build',
    // The module graph is complete here, and chunking (which reads the sets) comes after.
    async buildEnd(error) {
      if (error) {
        return;
      }
      const from = (file: string) => staticReach(this, [path.resolve(root, file)]);
      // index.html's module: the app's entry plus what Vite adds (the preload polyfill).
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      // The entry chunk becomes this group's chunk (no extra file); the Vite manifest then
      // names no entry, so index.html says what the entry is (vite/pwa.ts, the budget test).
      const shell = await staticReach(this, entries);
      const taken = new Set(shell);
      const claim = (ids: Set<string>, keep: (id: string) => boolean = () => true) => {
        const mine = new Set(
          [...ids].filter((id) => !taken.has(id) && !id.includes(features) && keep(id)),
        );
        mine.forEach((id) => taken.add(id));
        return mine;
      };
      members.set('shell', shell);
      members.set('kit', claim(await from(PASTE_ROUTE)));
      // The editor's UI parts (icons, Mantine) go with the home page's: a module captured
      // by the editor group would take its dependencies along, and the admin panel would
      // load CodeMirror for an icon it shares with the editor's toolbar.
      const editor = await from(EDITOR);
      const editorUi = [...editor].filter((id) => !EDITOR_OWN.test(id));
      members.set('forms', claim(new Set([...(await from(HOME_ROUTE)), ...editorUi])));
      members.set('editor', claim(editor));
      members.set('markdown', claim(await from(MARKDOWN)));
    },
  };
  return {
    plugin,
    groups: GROUPS.map(({ name }, index) => ({
      name,
      // Among what the entry loads: with this, the group's chunk is the entry's own.
      ...(name === 'shell' ? { tags: ['$initial' as const] } : {}),
      test: (id: string) => members.get(name)?.has(id) === true,
      priority: GROUPS.length - index,
    })),
  };
}
