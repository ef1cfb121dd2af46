import type * as CodeEditorChunk from './CodeEditor';

export type CodeEditorModule = typeof CodeEditorChunk;

let loading: Promise<CodeEditorModule> | null = null;
let loaded: CodeEditorModule | null = null;

/**
 * CodeMirror with everything the editor does (view and state, commands and history, the
 * Markdown language, search, brackets, One Dark, the toolbar's commands): one chunk, one
 * import, fetched when the user first reaches for the editor (MarkdownEditor.tsx). The first
 * page shows a textarea until then, so it costs the first visit nothing (DESIGN §9). A
 * failed fetch (offline, the chunk not cached yet) is tried again at the next reach.
 */
export function loadCodeEditor(): Promise<CodeEditorModule> {
  loading ??= import('./CodeEditor').then(
    (chunk) => {
      loaded = chunk;
      return chunk;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The chunk, if it has arrived: a later editor (another page, a new paste) starts with it. */
export function loadedCodeEditor(): CodeEditorModule | null {
  return loaded;
}

/** Hovering the editor: likely to be used soon, so fetch ahead (failures stay quiet). */
export function prefetchCodeEditor(): void {
  loadCodeEditor().catch(() => undefined);
}
