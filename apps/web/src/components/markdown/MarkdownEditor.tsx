import { Box, Center, Divider, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './EditorToolbar';
import { SHORTCUT_ACTIONS, shortcutOf } from './editor-shortcuts';
import { prefetchCodeEditor } from './lazy-editor';
import { PlainEditor, type DeferredKey } from './PlainEditor';
import { useToolbarWords, type ToolbarActionId } from './toolbar-actions';
import { useEditorUpgrade } from './use-editor-upgrade';

export type EditorFormat = 'markdown' | 'text';

/**
 * From this many characters the editor opens straight in CodeMirror. A textarea lays out its
 * whole text at once (50,000 lines took Chromium 1.9 s, 70 % of it in the first layout),
 * where CodeMirror draws only the lines in view: for a large text, fetching CodeMirror
 * costs less than painting the plain editor.
 */
export const PLAIN_EDITOR_MAX_CHARS = 100_000;

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

/**
 * The Markdown / plain-text editor with its formatting toolbar (Markdown mode). The page
 * paints a textarea that looks like the editor (PlainEditor) and takes text at once;
 * CodeMirror (CodeEditor, one lazily loaded chunk) replaces it when the user first reaches
 * for it — focus, a press, a key, a toolbar action — taking over the text, the selection
 * and the focus. A first visit that only looks never downloads CodeMirror (DESIGN §9).
 */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { value, onChange, format, height, label, autoFocus } = props;
  const { t } = useTranslation();
  const words = useToolbarWords();
  const placeholder = props.placeholder ?? t('markdown.editorPlaceholder');
  const { upgraded, failed, plainRef, upgrade, withView, onView } = useEditorUpgrade(() =>
    notifications.show({
      id: 'editor-tools-unavailable',
      color: 'red',
      title: t('markdown.toolsUnavailableTitle'),
      message: t('markdown.toolsUnavailable'),
    }),
  );
  // What both editors take: the textarea and, once loaded, CodeMirror in its place.
  const shared = { value, onChange, height, label, placeholder, autoFocus };
  // A large text brings CodeMirror in by itself. One the editor opens with never paints
  // the textarea; one that arrives later (a restored draft, an import) is handed over
  // from the textarea as soon as CodeMirror is there.
  const [startsInCodeMirror] = useState(() => value.length > PLAIN_EDITOR_MAX_CHARS);
  const large = value.length > PLAIN_EDITOR_MAX_CHARS;
  useEffect(() => {
    if (large && !failed) {
      upgrade();
    }
  }, [large, failed, upgrade]);

  const runAction = (id: ToolbarActionId) =>
    withView((editor, view) => editor.runToolbarAction(id, view, words));
  const runKey = (key: DeferredKey) => withView((editor, view) => editor.runKey(view, key));

  /**
   * Shortcuts are caught in the capture phase, before CodeMirror's own keymap (which binds
   * Mod-Enter to "insert blank line"), so they win and never reach the editor.
   */
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const shortcut = shortcutOf(event);
    const action = shortcut ? SHORTCUT_ACTIONS[shortcut] : undefined;
    let handled = false;
    if (shortcut === 'submit') {
      props.onSubmit?.();
      handled = props.onSubmit !== undefined;
    } else if (shortcut === 'save') {
      props.onSave?.();
      // Never let the browser's "save page" dialog open over the editor.
      handled = true;
    } else if (action && format === 'markdown') {
      runAction(action);
      handled = true;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  return (
    <Box onKeyDownCapture={onKeyDownCapture} onPointerEnter={prefetchCodeEditor}>
      {format === 'markdown' && (
        <>
          <EditorToolbar onAction={runAction} />
          <Divider />
        </>
      )}
      {upgraded ? (
        <upgraded.editor.CodeEditor
          {...shared}
          format={format}
          handoff={upgraded.handoff}
          onView={onView}
        />
      ) : startsInCodeMirror && !failed ? (
        <Center h={height} aria-busy="true">
          <Loader size="sm" aria-label={t('markdown.openingEditor')} />
        </Center>
      ) : (
        <PlainEditor
          ref={plainRef}
          {...shared}
          onWake={upgrade}
          onDeferredKey={failed ? undefined : runKey}
        />
      )}
    </Box>
  );
}
