import { EditorState, Prec, type Extension } from '@codemirror/state';
import {
  drawSelection,
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
  rectangularSelection,
} from '@codemirror/view';

/**
 * CodeMirror's basic setup, the view's part (editor-extras.ts has the rest). Both load with
 * the editor's chunk when the user first reaches for the editor (lazy-editor.ts); until then
 * PlainEditor.tsx draws the same look with a textarea.
 */
export const viewSetup: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  drawSelection(),
  dropCursor(),
  EditorState.allowMultipleSelections.of(true),
  rectangularSelection(),
  highlightActiveLine(),
];

/**
 * Blends CodeMirror into Mantine's surfaces in both schemes. PlainEditor.module.css draws
 * the same: keep the two in step.
 */
export const surfaceTheme = Prec.highest(
  EditorView.theme({
    '&': { fontSize: '14px', backgroundColor: 'transparent' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': {
      fontFamily: 'var(--mantine-font-family-monospace)',
      lineHeight: '1.65',
    },
    '.cm-content': { padding: '12px 0' },
    // CodeMirror's own grey (#888) is 4.1:1 on the dark surface; the theme's dimmed is AA.
    '.cm-placeholder': { color: 'var(--mantine-color-dimmed)' },
    '.cm-gutters': {
      backgroundColor: 'transparent',
      borderRight: '1px solid var(--mantine-color-default-border)',
      color: 'var(--mantine-color-dimmed)',
    },
  }),
);

/** A fixed-height editor whose content scrolls inside it. */
export function heightTheme(height: string): Extension {
  return EditorView.theme({ '&': { height }, '& .cm-scroller': { height: '100% !important' } });
}
