import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import {
  highlightSelectionMatches,
  openSearchPanel,
  search,
  searchKeymap,
} from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { keymap } from '@codemirror/view';

/**
 * The editor's lazily loaded part (editor-setup.ts says when): the rest of CodeMirror's
 * basic setup (without autocompletion, linting and the fold gutter, which the editor never
 * used), Markdown and One Dark's syntax colours.
 */

/** Commands, undo history, search, bracket matching and closing, re-indentation. */
export const editingSupport: Extension = [
  history(),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  closeBrackets(),
  search(),
  highlightSelectionMatches(),
  keymap.of([
    ...closeBracketsKeymap,
    ...defaultKeymap,
    ...searchKeymap,
    ...historyKeymap,
    ...foldKeymap,
    indentWithTab,
  ]),
];

/**
 * Markdown with GFM and list continuation on Enter; fenced code is highlighted in its own
 * language, each loaded when a block names it. One instance: a new one on every
 * reconfiguration would reparse the whole document.
 */
export const markdownSupport: Extension = markdown({
  base: markdownLanguage,
  codeLanguages: languages,
});

/** The dark scheme in full (the first paint has its colours, editor-setup.ts). */
export const darkTheme: Extension = oneDark;

export { openSearchPanel };
