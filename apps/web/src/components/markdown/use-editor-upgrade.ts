import type { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Handoff } from './editor-handoff';
import { loadCodeEditor, loadedCodeEditor, type CodeEditorModule } from './lazy-editor';
import type { PlainEditorHandle } from './PlainEditor';

/** Work that needs CodeMirror's view: a toolbar action, a shortcut, a deferred key. */
export type EditorTask = (editor: CodeEditorModule, view: EditorView) => void;

export interface EditorUpgrade {
  /** CodeMirror, and what the plain editor handed it (null: it started by itself). */
  upgraded: { editor: CodeEditorModule; handoff: Handoff | null } | null;
  /** The last fetch of CodeMirror failed: the textarea keeps every key meanwhile. */
  failed: boolean;
  plainRef: RefObject<PlainEditorHandle | null>;
  /** Fetches CodeMirror and swaps it in once the plain editor is settled. */
  upgrade: () => void;
  /** Runs `task` on the view: now, or right after the upgrade it starts. */
  withView: (task: EditorTask) => void;
  /** For the CodeMirror component: its view as it is created and destroyed. */
  onView: (view: EditorView | null) => void;
}

/**
 * The plain first-paint editor until the user reaches for it, then CodeMirror (one fetch:
 * lazy-editor.ts). The swap happens in one synchronous render (flushSync), so no keystroke
 * falls between reading the textarea and CodeMirror taking its text, selection and focus.
 *
 * When the fetch fails (offline before the chunk was cached, or a new version of the app
 * replaced it on the server), the textarea goes on taking text, and work that waited for
 * CodeMirror (a toolbar action, an indenting Tab) cannot run: `onWorkLost` hears of it, so
 * the user is told rather than left clicking a button that does nothing.
 */
export function useEditorUpgrade(onWorkLost: () => void): EditorUpgrade {
  const [upgraded, setUpgraded] = useState<EditorUpgrade['upgraded']>(() => {
    const editor = loadedCodeEditor();
    return editor ? { editor, handoff: null } : null;
  });
  const [failed, setFailed] = useState(false);
  const plainRef = useRef<PlainEditorHandle | null>(null);
  const editorRef = useRef<CodeEditorModule | null>(loadedCodeEditor());
  const viewRef = useRef<EditorView | null>(null);
  const pending = useRef<EditorTask[]>([]);
  const requested = useRef(false);
  // The latest callback, for a fetch that settles after later renders.
  const workLost = useRef(onWorkLost);
  useEffect(() => {
    workLost.current = onWorkLost;
  });

  const upgrade = useCallback(() => {
    if (requested.current || editorRef.current) {
      return;
    }
    requested.current = true;
    loadCodeEditor().then(
      (editor) => {
        if (!plainRef.current) {
          // No plain editor to take over from (a large text starts straight in CodeMirror).
          editorRef.current = editor;
          setUpgraded({ editor, handoff: null });
          return;
        }
        plainRef.current.whenSettled(() => {
          const handoff = plainRef.current?.snapshot() ?? null;
          if (!handoff) {
            return; // Unmounted meanwhile.
          }
          editorRef.current = editor;
          flushSync(() => setUpgraded({ editor, handoff }));
        });
      },
      () => {
        requested.current = false;
        const lost = pending.current.length > 0;
        pending.current = [];
        setFailed(true);
        if (lost) {
          workLost.current();
        }
      },
    );
  }, []);

  const onView = useCallback((view: EditorView | null) => {
    viewRef.current = view;
    const editor = editorRef.current;
    if (view && editor) {
      const tasks = pending.current;
      pending.current = [];
      tasks.forEach((task) => task(editor, view));
    }
  }, []);

  const withView = useCallback(
    (task: EditorTask) => {
      const view = viewRef.current;
      const editor = editorRef.current;
      if (view && editor) {
        task(editor, view);
        return;
      }
      pending.current.push(task);
      upgrade();
    },
    [upgrade],
  );

  return { upgraded, failed, plainRef, upgrade, withView, onView };
}
