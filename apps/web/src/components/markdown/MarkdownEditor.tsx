import { Box, Divider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './EditorToolbar';
import { SHORTCUT_ACTIONS, shortcutOf } from './editor-shortcuts';
import { prefetchCodeEditor } from './lazy-editor';
import { PlainEditor, type DeferredKey } from './PlainEditor';
import { useToolbarWords, type ToolbarActionId } from './toolbar-actions';
import { useEditorUpgrade } from './use-editor-upgrade';

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
