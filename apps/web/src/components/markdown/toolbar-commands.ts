import type { EditorView } from '@codemirror/view';
import {
  insertBlock,
  insertBlockAfter,
  insertLink,
  toggleLinePrefix,
  toggleWrap,
} from './markdown-commands';
import type { ToolbarActionId, ToolbarWords } from './toolbar-actions';

type Command = (view: EditorView, words: ToolbarWords) => boolean;

/** Any list marker (bullet or number, with a task box or not), replaced by the new one. */
const LIST_PREFIX = /^(?:[-*+]|\d+\.) (?:\[[ xX]\] )?/;

/** A 3×2 table; the first header cell is selected so typing names it. */
function insertTable(view: EditorView, words: ToolbarWords): boolean {
  const header = `| ${words.column} 1 | ${words.column} 2 | ${words.column} 3 |`;
  const row = `| ${words.cell} | ${words.cell} | ${words.cell} |`;
  const firstCell = `${words.column} 1`;
  return insertBlockAfter(view, `${header}\n| --- | --- | --- |\n${row}\n${row}\n`, {
    from: 2,
    to: 2 + firstCell.length,
  });
}

/** What each toolbar button (toolbar-actions.ts) does to the editor's selection. */
const COMMANDS: Record<ToolbarActionId, Command> = {
  bold: (v, w) => toggleWrap(v, '**', '**', w.text),
  italic: (v, w) => toggleWrap(v, '*', '*', w.text),
  strikethrough: (v, w) => toggleWrap(v, '~~', '~~', w.text),
  heading: (v) => toggleLinePrefix(v, () => '## ', /^#{1,6} /),
  quote: (v) => toggleLinePrefix(v, () => '> ', /^> ?/),
  code: (v, w) => toggleWrap(v, '`', '`', w.code),
  codeBlock: (v) =>
    insertBlock(v, (selected) => ({
      text: `\`\`\`\n${selected}\n\`\`\`\n`,
      cursorOffset: 4 + selected.length,
    })),
  link: (v, w) => insertLink(v, false, w.linkText),
  image: (v, w) => insertLink(v, true, w.imageAlt),
  bulletList: (v) => toggleLinePrefix(v, () => '- ', LIST_PREFIX),
  numberedList: (v) => toggleLinePrefix(v, (i) => `${i + 1}. `, LIST_PREFIX),
  taskList: (v) => toggleLinePrefix(v, () => '- [ ] ', LIST_PREFIX),
  table: insertTable,
  rule: (v) => insertBlockAfter(v, '---\n\n', { from: 5, to: 5 }),
};

/** Runs a toolbar action (or its shortcut) on the view's selection. */
export function runToolbarAction(id: ToolbarActionId, view: EditorView, words: ToolbarWords) {
  return COMMANDS[id](view, words);
}
