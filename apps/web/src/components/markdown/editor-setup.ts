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
import type * as Extras from './editor-extras';

export type EditorExtras = typeof Extras;

let extras: Promise<EditorExtras> | null = null;

/**
 * Everything that acts on the text (CodeMirror's commands and undo history, the Markdown
 * language with fenced code highlighted in its own language, search, bracket matching and
 * closing, One Dark's syntax colours), fetched with the first keystroke, a first text, or
 * Mod-F. An editor nobody has typed in yet (the home page's first paint) only has to look
 * like one: the view and state packages are enough for that (DESIGN §9).
 */
export function loadEditorExtras(): Promise<EditorExtras> {
  extras ??= import('./editor-extras');
  return extras;
}

/** What the editor has from the first paint: CodeMirror's basic setup, the view's part. */
export const firstPaintSetup: Extension = [
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
 * The dark scheme's look until the extras bring One Dark in full: One Dark's own text,
 * caret, selection and active-line colours, so nothing shifts when it arrives.
 */
const darkFirstPaint = EditorView.theme(
  {
    '&': { color: '#abb2bf' },
    '.cm-content': { caretColor: '#528bff' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: '#528bff' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
      { backgroundColor: '#3E4451' },
    '.cm-activeLine': { backgroundColor: '#6699ff0b' },
    '.cm-activeLineGutter': { backgroundColor: '#2c313a' },
  },
  { dark: true },
);

/** Light needs nothing beyond CodeMirror's defaults; dark is One Dark, as before. */
export function schemeTheme(dark: boolean): Extension {
  return dark ? darkFirstPaint : [];
}

/** Blends CodeMirror into Mantine's surfaces in both schemes. */
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
