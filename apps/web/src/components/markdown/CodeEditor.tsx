import type { Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { Box, Divider, useComputedColorScheme } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './EditorToolbar';
import {
  firstPaintSetup,
  heightTheme,
  loadEditorExtras,
  schemeTheme,
  surfaceTheme,
  type EditorExtras,
} from './editor-setup';
import { runShortcut, shortcutOf } from './editor-shortcuts';
import type { MarkdownEditorProps } from './MarkdownEditor';
import { useCodeMirror } from './use-code-mirror';

/**
 * CodeMirror 6 for Markdown (code blocks highlighted in their own language, loaded on
 * demand) or plain text, with a formatting toolbar in Markdown mode. The colour scheme
 * follows Mantine's computed one. Loaded lazily by MarkdownEditor.
 */
export function CodeEditor(props: MarkdownEditorProps) {
  const { value, onChange, format, height, label, placeholder, autoFocus } = props;
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const [extras, setExtras] = useState<EditorExtras | null>(null);
  const requestExtras = useCallback(() => {
    void loadEditorExtras().then(setExtras, () => undefined);
  }, []);

  // Stable across renders: a new array would make CodeMirror reconfigure on every keystroke.
  const extensions = useMemo<Extension[]>(() => {
    const common = [
      firstPaintSetup,
      schemeTheme(dark),
      surfaceTheme,
      heightTheme(height),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      placeholderText(placeholder ?? t('markdown.editorPlaceholder')),
    ];
    if (!extras) {
      return [...common, extrasTrigger(requestExtras)];
    }
    const language = format === 'markdown' ? [extras.markdownSupport] : [];
    return [...common, extras.editingSupport, dark ? extras.darkTheme : [], ...language];
  }, [dark, height, label, placeholder, t, extras, format, requestExtras]);

  const { parentRef, viewRef } = useCodeMirror({ value, onChange, extensions, autoFocus });

  // Text from the start (a restored draft, a file being edited) wants its highlighting now.
  useEffect(() => {
    if (value !== '') {
      requestExtras();
    }
  }, [value, requestExtras]);

  /**
   * Shortcuts are caught in the capture phase, before CodeMirror's own keymap (which binds
   * Mod-Enter to "insert blank line"), so they win and never reach the editor.
   */
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const shortcut = shortcutOf(event);
    const view = viewRef.current;
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
          <EditorToolbar getView={() => viewRef.current} />
          <Divider />
        </>
      )}
      <div ref={parentRef} />
    </Box>
  );
}

/**
 * Until the extras are there: the first key or edit fetches them (that key itself gets the
 * browser's and the view's own handling), and Mod-F opens search once they have arrived.
 */
function extrasTrigger(request: () => void): Extension {
  return [
    EditorView.domEventHandlers({
      keydown: () => {
        request();
        return false;
      },
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) {
        request();
      }
    }),
    keymap.of([
      {
        key: 'Mod-f',
        run: (view) => {
          request();
          void loadEditorExtras().then(({ openSearchPanel }) => openSearchPanel(view));
          return true;
        },
      },
    ]),
  ];
}
