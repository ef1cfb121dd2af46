import type { EditorView } from '@codemirror/view';
import type { KeyboardEvent } from 'react';
import { insertLink, toggleWrap } from './markdown-commands';

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

export interface ShortcutHandlers {
  submit?: () => void;
  save?: () => void;
  words: { text: string; linkText: string };
}

/** Runs a shortcut; formatting ones only in Markdown mode. True when it was handled. */
export function runShortcut(
  shortcut: Shortcut,
  view: EditorView,
  format: 'markdown' | 'text',
  handlers: ShortcutHandlers,
): boolean {
  switch (shortcut) {
    case 'submit':
      handlers.submit?.();
      return handlers.submit !== undefined;
    case 'save':
      handlers.save?.();
      // Never let the browser's "save page" dialog open over the editor.
      return true;
    case 'bold':
      return format === 'markdown' && toggleWrap(view, '**', '**', handlers.words.text);
    case 'italic':
      return format === 'markdown' && toggleWrap(view, '*', '*', handlers.words.text);
    case 'link':
      return format === 'markdown' && insertLink(view, false, handlers.words.linkText);
  }
}
