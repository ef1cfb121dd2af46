import type { KeyboardEvent } from 'react';
import type { ToolbarActionId } from './toolbar-actions';

export type Shortcut = 'submit' | 'save' | 'bold' | 'italic' | 'link';

const KEYS: Record<string, Shortcut> = {
  Enter: 'submit',
  s: 'save',
  b: 'bold',
  i: 'italic',
  k: 'link',
};

/** Ctrl (Cmd on Apple keyboards) plus Enter, S, B, I or K; nothing else. */
export function shortcutOf(event: KeyboardEvent): Shortcut | null {
  const mod = event.ctrlKey || event.metaKey;
  if (!mod || event.altKey || event.shiftKey) {
    return null;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  return KEYS[key] ?? null;
}

/** The formatting shortcuts are the toolbar's actions (Markdown mode only). */
export const SHORTCUT_ACTIONS: Partial<Record<Shortcut, ToolbarActionId>> = {
  bold: 'bold',
  italic: 'italic',
  link: 'link',
};
