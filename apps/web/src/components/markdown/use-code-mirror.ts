import {
  Annotation,
  Compartment,
  EditorSelection,
  EditorState,
  StateEffect,
  type Extension,
} from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { changeBetween, type Handoff } from './editor-handoff';

/** Marks the transactions that bring in a value from React, so they are not echoed back. */
const external = Annotation.define<boolean>();

export interface CodeMirrorOptions {
  value: string;
  onChange: (value: string) => void;
  /** Keep it stable (useMemo): a new array reconfigures the editor. */
  extensions: Extension;
  autoFocus?: boolean;
  /** Text, selection, focus and scroll position taken over from the plain editor. */
  handoff?: Handoff | null;
  /** The view once created (before the browser paints), and null when it is destroyed. */
  onView?: (view: EditorView | null) => void;
}

/**
 * A controlled CodeMirror 6 view in the element the returned ref is put on. Only the view
 * and state packages: a React wrapper library would bring its own basic setup (search,
 * autocompletion, lint) whether the editor uses it or not.
 */
export function useCodeMirror(options: CodeMirrorOptions): {
  parentRef: RefObject<HTMLDivElement | null>;
  viewRef: RefObject<EditorView | null>;
} {
  const { value, onChange, extensions, autoFocus, handoff, onView } = options;
  const parentRef = useRef<HTMLDivElement | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const onViewRef = useRef(onView);
  // The parent's value lags a render behind fast typing: only a value the editor did not
  // emit itself is an outside change (a restored draft, an import, a reset).
  const lastEmitted = useRef(value);
  // The value as the effect below last saw it: at mount the view may already have moved on
  // (a handoff, a toolbar action run on creation), and that first value is no news.
  const lastSeen = useRef(value);
  const configuration = useRef(new Compartment());
  // The first render's value and extensions create the view; later ones go through effects.
  const initial = useRef({ value, extensions, autoFocus, handoff });
  // Development's StrictMode mounts twice: the second view goes on from the first's state.
  const survivor = useRef<EditorState | null>(null);

  useEffect(() => {
    onChangeRef.current = onChange;
    onViewRef.current = onView;
  }, [onChange, onView]);

  // Before the browser paints: the view replaces the plain editor in the same frame.
  useLayoutEffect(() => {
    const parent = parentRef.current;
    if (!parent) {
      return;
    }
    const { value: doc, extensions: first, autoFocus: focus, handoff: taken } = initial.current;
    const kept = survivor.current;
    const view = new EditorView({
      parent,
      state:
        kept ??
        EditorState.create({
          doc: taken ? taken.baseline : doc,
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
    if (taken && !kept) {
      takeOver(view, taken);
    }
    // The parent's work waiting for the view (a toolbar action) runs on the state the
    // handoff left; then the focus, where the plain editor had it.
    onViewRef.current?.(view);
    if ((taken ? taken.focused : focus) && !view.hasFocus) {
      view.focus();
    }
    return () => {
      survivor.current = view.state;
      onViewRef.current?.(null);
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: configuration.current.reconfigure(extensions) });
  }, [extensions]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === lastSeen.current) {
      return;
    }
    lastSeen.current = value;
    if (value === lastEmitted.current) {
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

/**
 * Continues where the plain editor was: what was typed there becomes one undoable edit (the
 * view starts from the text before it), then the selection and the scroll position (the
 * focus follows, in useCodeMirror).
 */
function takeOver(view: EditorView, handoff: Handoff): void {
  const { value, scroll } = handoff;
  const clamp = (position: number) => Math.min(Math.max(position, 0), value.length);
  const change = changeBetween(handoff.baseline, value);
  view.dispatch({
    ...(change ? { changes: change, userEvent: 'input.type' } : {}),
    selection: EditorSelection.single(clamp(handoff.anchor), clamp(handoff.head)),
    effects: scroll.top > 0 ? keepScrollPlace(clamp(scroll.lineStart), scroll.lineOffset) : [],
  });
}

/**
 * Scrolls the line that was at the top of the plain editor to the same place. CodeMirror
 * does it once it has measured that line; the handler keeps the page itself from scrolling
 * (a scroll target moves every scrollable ancestor) and serves this one target only.
 */
function keepScrollPlace(lineStart: number, lineOffset: number): StateEffect<unknown>[] {
  let pending = true;
  const toPlace = EditorView.scrollHandler.of((view, range) => {
    if (!pending) {
      return false;
    }
    pending = false;
    const lineTop = view.documentPadding.top + view.lineBlockAt(range.head).top;
    view.scrollDOM.scrollTop = lineTop - lineOffset;
    return true;
  });
  return [
    StateEffect.appendConfig.of(toPlace),
    EditorView.scrollIntoView(lineStart, { y: 'start' }),
  ];
}
