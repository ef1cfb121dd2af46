import type { Extension } from '@codemirror/state';
import { EditorView, placeholder as placeholderText, runScopeHandlers } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import type { Handoff } from './editor-handoff';
import { darkTheme, editingSupport, markdownSupport } from './editor-extras';
import { heightTheme, surfaceTheme, viewSetup } from './editor-setup';
import type { EditorFormat } from './MarkdownEditor';
import { useCodeMirror } from './use-code-mirror';

export { runToolbarAction } from './toolbar-commands';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  format: EditorFormat;
  height: string;
  label: string;
  placeholder: string;
  /** Focus on creation; a handoff says for itself. */
  autoFocus?: boolean;
  /** Taken over from the plain first-paint editor (PlainEditor.tsx), if it was there. */
  handoff: Handoff | null;
  onView: (view: EditorView | null) => void;
}

/**
 * CodeMirror 6 for Markdown (code blocks highlighted in their own language, loaded on
 * demand) or plain text; the colour scheme follows Mantine's computed one. This module is
 * the editor's one lazily loaded chunk (lazy-editor.ts): MarkdownEditor around it has the
 * toolbar and the shortcuts, and the plain editor it replaces.
 */
export function CodeEditor(props: CodeEditorProps) {
  const { value, onChange, format, height, label, placeholder, autoFocus, handoff, onView } = props;
  const dark = useComputedColorScheme('light') === 'dark';

  // Stable across renders: a new array would make CodeMirror reconfigure on every keystroke.
  const extensions = useMemo<Extension[]>(
    () => [
      viewSetup,
      editingSupport,
      dark ? darkTheme : [],
      surfaceTheme,
      heightTheme(height),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      placeholderText(placeholder),
      format === 'markdown' ? markdownSupport : [],
    ],
    [dark, height, label, placeholder, format],
  );

  const { parentRef } = useCodeMirror({
    value,
    onChange,
    extensions,
    autoFocus,
    handoff,
    onView,
  });
  return <div ref={parentRef} />;
}

/**
 * Runs the editor's own binding for a key pressed in the plain editor before CodeMirror was
 * there (Tab indents, Mod-F opens the search panel).
 */
export function runKey(view: EditorView, key: KeyboardEventInit): boolean {
  return runScopeHandlers(view, new KeyboardEvent('keydown', key), 'editor');
}
