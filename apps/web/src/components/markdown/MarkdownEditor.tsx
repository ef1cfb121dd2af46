import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import { Prec, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { Box, Divider, useComputedColorScheme } from '@mantine/core';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './EditorToolbar';
import { runShortcut, shortcutOf } from './editor-shortcuts';

export type EditorFormat = 'markdown' | 'text';

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  format: EditorFormat;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  /** Ctrl/Cmd+S. */
  onSave?: () => void;
  /** CSS height of the editing area, e.g. "520px". */
  height: string;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
}

/** Blends CodeMirror into Mantine's surfaces in both schemes. */
const surfaceTheme = Prec.highest(
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

/**
 * CodeMirror 6 for Markdown (code blocks highlighted in their own language, loaded on
 * demand) or plain text, with a formatting toolbar in Markdown mode. The colour scheme
 * follows Mantine's computed one.
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { value, onChange, format, height, label, placeholder, autoFocus } = props;
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const editorRef = useRef<ReactCodeMirrorRef>(null);
  // Stable across renders: a new array would make CodeMirror reconfigure on every keystroke.
  const extensions = useMemo<Extension[]>(() => {
    const contentLabel = EditorView.contentAttributes.of({ 'aria-label': label });
    const base = [surfaceTheme, EditorView.lineWrapping, contentLabel];
    if (format === 'text') {
      return base;
    }
    return [...base, markdown({ base: markdownLanguage, codeLanguages: languages })];
  }, [format, label]);

  /**
   * Shortcuts are caught in the capture phase, before CodeMirror's own keymap (which binds
   * Mod-Enter to "insert blank line"), so they win and never reach the editor.
   */
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const shortcut = shortcutOf(event);
    const view = editorRef.current?.view;
    if (!shortcut || !view) {
      return;
    }
    const handled = runShortcut(shortcut, view, format, {
      submit: props.onSubmit,
      save: props.onSave,
      words: { text: t('markdown.placeholder.text'), linkText: t('markdown.placeholder.linkText') },
    });
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <Box onKeyDownCapture={onKeyDownCapture}>
      {format === 'markdown' && (
        <>
          <EditorToolbar getView={() => editorRef.current?.view ?? null} />
          <Divider />
        </>
      )}
      <CodeMirror
        ref={editorRef}
        value={value}
        onChange={onChange}
        height={height}
        theme={dark ? 'dark' : 'light'}
        extensions={extensions}
        placeholder={placeholder ?? t('markdown.editorPlaceholder')}
        autoFocus={autoFocus}
        basicSetup={{
          foldGutter: false,
          autocompletion: false,
          highlightActiveLine: true,
          highlightActiveLineGutter: true,
          searchKeymap: true,
        }}
      />
    </Box>
  );
}
