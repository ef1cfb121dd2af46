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
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { keymap } from '@codemirror/view';

/**
 * What acts on the text: the rest of CodeMirror's basic setup (without autocompletion,
 * linting and the fold gutter, which the editor never used), Markdown and One Dark. Loaded
 * with the view in the editor's one chunk (lazy-editor.ts), so the first keystroke already
 * has undo, Tab indentation and bracket closing.
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

/** The dark scheme (PlainEditor.module.css has its text, caret and active-line colours). */
export const darkTheme: Extension = oneDark;
