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
import { useTranslation } from 'react-i18next';

/**
 * The formatting toolbar's buttons, as the first page draws them: no CodeMirror here. What
 * each does to the text is in toolbar-commands.ts, which loads with the editor.
 */

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
  /** Starts a new visual group in the toolbar. */
  groupStart?: boolean;
  /** Less used: on a narrow screen it moves into the toolbar's "more" menu. */
  secondary?: boolean;
}

export const TOOLBAR_ACTIONS: readonly ToolbarAction[] = [
  { id: 'bold', icon: IconBold, shortcut: 'Mod+B' },
  { id: 'italic', icon: IconItalic, shortcut: 'Mod+I' },
  { id: 'strikethrough', icon: IconStrikethrough, secondary: true },
  { id: 'heading', icon: IconH2 },
  { id: 'quote', icon: IconBlockquote, groupStart: true },
  { id: 'code', icon: IconCode },
  { id: 'codeBlock', icon: IconSourceCode, secondary: true },
  { id: 'link', icon: IconLink, shortcut: 'Mod+K', groupStart: true },
  { id: 'image', icon: IconPhoto, secondary: true },
  { id: 'bulletList', icon: IconList, groupStart: true },
  { id: 'numberedList', icon: IconListNumbers, secondary: true },
  { id: 'taskList', icon: IconListCheck, secondary: true },
  { id: 'table', icon: IconTable, secondary: true, groupStart: true },
  { id: 'rule', icon: IconSeparatorHorizontal, secondary: true },
];

/** The placeholder words in the current language (the toolbar's and the shortcuts'). */
export function useToolbarWords(): ToolbarWords {
  const { t } = useTranslation();
  return {
    text: t('markdown.placeholder.text'),
    code: t('markdown.placeholder.code'),
    linkText: t('markdown.placeholder.linkText'),
    imageAlt: t('markdown.placeholder.imageAlt'),
    column: t('markdown.placeholder.column'),
    cell: t('markdown.placeholder.cell'),
  };
}
