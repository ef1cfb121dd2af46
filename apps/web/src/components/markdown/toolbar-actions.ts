import type { EditorView } from '@codemirror/view';
import {
  IconBlockquote,
  IconBold,
  IconCode,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListCheck,
  IconListNumbers,
  IconPhoto,
  IconSeparatorHorizontal,
  IconSourceCode,
  IconStrikethrough,
  IconTable,
  type Icon,
} from '@tabler/icons-react';
import {
  insertBlock,
  insertBlockAfter,
  insertLink,
  toggleLinePrefix,
  toggleWrap,
} from './markdown-commands';

/** Words the commands insert as placeholders, in the reader's language. */
export interface ToolbarWords {
  text: string;
  code: string;
  linkText: string;
  imageAlt: string;
  column: string;
  cell: string;
}

export type ToolbarActionId =
  | 'bold'
  | 'italic'
  | 'strikethrough'
  | 'heading'
  | 'quote'
  | 'code'
  | 'codeBlock'
  | 'link'
  | 'image'
  | 'bulletList'
  | 'numberedList'
  | 'taskList'
  | 'table'
  | 'rule';

export interface ToolbarAction {
  id: ToolbarActionId;
  icon: Icon;
  /** Shown in the tooltip: the editor's own shortcut. */
  shortcut?: string;
  run: (view: EditorView, words: ToolbarWords) => boolean;
  /** Starts a new visual group in the toolbar. */
  groupStart?: boolean;
  /** Less used: on a narrow screen it moves into the toolbar's "more" menu. */
  secondary?: boolean;
}

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

export const TOOLBAR_ACTIONS: readonly ToolbarAction[] = [
  {
    id: 'bold',
    icon: IconBold,
    shortcut: 'Mod+B',
    run: (v, w) => toggleWrap(v, '**', '**', w.text),
  },
  {
    id: 'italic',
    icon: IconItalic,
    shortcut: 'Mod+I',
    run: (v, w) => toggleWrap(v, '*', '*', w.text),
  },
  {
    id: 'strikethrough',
    secondary: true,
    icon: IconStrikethrough,
    run: (v, w) => toggleWrap(v, '~~', '~~', w.text),
  },
  { id: 'heading', icon: IconH2, run: (v) => toggleLinePrefix(v, () => '## ', /^#{1,6} /) },
  {
    id: 'quote',
    icon: IconBlockquote,
    groupStart: true,
    run: (v) => toggleLinePrefix(v, () => '> ', /^> ?/),
  },
  { id: 'code', icon: IconCode, run: (v, w) => toggleWrap(v, '`', '`', w.code) },
  {
    id: 'codeBlock',
    secondary: true,
    icon: IconSourceCode,
    run: (v) =>
      insertBlock(v, (selected) => ({
        text: `\`\`\`\n${selected}\n\`\`\`\n`,
        cursorOffset: 4 + selected.length,
      })),
  },
  {
    id: 'link',
    icon: IconLink,
    shortcut: 'Mod+K',
    groupStart: true,
    run: (v, w) => insertLink(v, false, w.linkText),
  },
  {
    id: 'image',
    icon: IconPhoto,
    secondary: true,
    run: (v, w) => insertLink(v, true, w.imageAlt),
  },
  {
    id: 'bulletList',
    icon: IconList,
    groupStart: true,
    run: (v) => toggleLinePrefix(v, () => '- ', /^(?:[-*+]|\d+\.) (?:\[[ xX]\] )?/),
  },
  {
    id: 'numberedList',
    secondary: true,
    icon: IconListNumbers,
    run: (v) => toggleLinePrefix(v, (i) => `${i + 1}. `, /^(?:[-*+]|\d+\.) (?:\[[ xX]\] )?/),
  },
  {
    id: 'taskList',
    secondary: true,
    icon: IconListCheck,
    run: (v) => toggleLinePrefix(v, () => '- [ ] ', /^(?:[-*+]|\d+\.) (?:\[[ xX]\] )?/),
  },
  {
    id: 'table',
    secondary: true,
    icon: IconTable,
    groupStart: true,
    run: insertTable,
  },
  {
    id: 'rule',
    secondary: true,
    icon: IconSeparatorHorizontal,
    run: (v) => insertBlockAfter(v, '---\n\n', { from: 5, to: 5 }),
  },
];
