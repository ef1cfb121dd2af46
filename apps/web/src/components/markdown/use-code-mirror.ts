import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef, type RefObject } from 'react';

/** Marks the transactions that bring in a value from React, so they are not echoed back. */
const external = Annotation.define<boolean>();

export interface CodeMirrorOptions {
  value: string;
  onChange: (value: string) => void;
  /** Keep it stable (useMemo): a new array reconfigures the editor. */
  extensions: Extension;
  autoFocus?: boolean;
}

/**
 * A controlled CodeMirror 6 view in the element the returned ref is put on. Only the view
 * and state packages: a React wrapper library would bring its own basic setup (search,
 * autocompletion, lint) onto the home page whether the editor uses it or not.
 */
export function useCodeMirror(options: CodeMirrorOptions): {
  parentRef: RefObject<HTMLDivElement | null>;
  viewRef: RefObject<EditorView | null>;
} {
  const { value, onChange, extensions, autoFocus } = options;
  const parentRef = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  // The parent's value lags a render behind fast typing: only a value the editor did not
  // emit itself is an outside change (a restored draft, an import, a reset).
  const lastEmitted = useRef(value);
  const configuration = useRef(new Compartment());
  // The first render's value and extensions create the view; later ones go through effects.
  const initial = useRef({ value, extensions, autoFocus });

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const parent = parentRef.current;
    if (!parent) {
      return;
    }
    const { value: doc, extensions: first, autoFocus: focus } = initial.current;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc,
        extensions: [
          configuration.current.of(first),
          EditorView.updateListener.of((update) => {
            const fromReact = update.transactions.some((tr) => tr.annotation(external));
            if (update.docChanged && !fromReact) {
              lastEmitted.current = update.state.doc.toString();
              onChangeRef.current(lastEmitted.current);
            }
          }),
        ],
      }),
    });
    viewRef.current = view;
    if (focus) {
      view.focus();
    }
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: configuration.current.reconfigure(extensions) });
  }, [extensions]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === lastEmitted.current) {
      return;
    }
    lastEmitted.current = value;
    const current = view.state.doc.toString();
    if (current !== value) {
      view.dispatch({
        changes: { from: 0, to: current.length, insert: value },
        annotations: external.of(true),
      });
    }
  }, [value]);

  return { parentRef, viewRef };
}
