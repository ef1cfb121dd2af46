import { history, undo } from '@codemirror/commands';
import type { Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Handoff } from './editor-handoff';
import { useCodeMirror } from './use-code-mirror';

const NO_EXTENSIONS: never[] = [];
const WITH_HISTORY: Extension = [history()];

function Harness(props: {
  value: string;
  onChange: (value: string) => void;
  onView: (view: EditorView | null) => void;
  handoff?: Handoff;
  onCreate?: (view: EditorView | null) => void;
}) {
  const { parentRef, viewRef } = useCodeMirror({
    value: props.value,
    onChange: props.onChange,
    extensions: props.handoff ? WITH_HISTORY : NO_EXTENSIONS,
    handoff: props.handoff,
    onView: props.onCreate,
  });
  const { onView } = props;
  useEffect(() => onView(viewRef.current));
  return <div ref={parentRef} />;
}

describe('useCodeMirror', () => {
  it('reports edits, takes outside values, and never echoes them back', () => {
    const onChange = vi.fn();
    let view: EditorView | null = null;
    const onView = (v: EditorView | null) => {
      view = v;
    };
    const { rerender } = render(<Harness value="draft" onChange={onChange} onView={onView} />);
    const editor = () => view as unknown as EditorView;
    expect(editor().state.doc.toString()).toBe('draft');

    editor().dispatch({ changes: { from: 5, insert: '!' } });
    expect(onChange).toHaveBeenLastCalledWith('draft!');

    // The parent echoing the value it was given changes nothing.
    rerender(<Harness value="draft!" onChange={onChange} onView={onView} />);
    expect(editor().state.doc.toString()).toBe('draft!');

    // A restored draft or an import replaces the text without calling onChange.
    onChange.mockClear();
    rerender(<Harness value="# Imported" onChange={onChange} onView={onView} />);
    expect(editor().state.doc.toString()).toBe('# Imported');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes over from the plain editor: its typing is one undoable edit, its caret kept', () => {
    const onChange = vi.fn();
    let view: EditorView | null = null;
    const handoff: Handoff = {
      baseline: '# Draft',
      value: '# Draft\ntyped before',
      anchor: 9,
      head: 14,
      focused: false,
      scroll: { top: 0, lineStart: 0, lineOffset: 0 },
    };
    render(
      <Harness
        value={handoff.value}
        onChange={onChange}
        onView={(v) => {
          view = v;
        }}
        handoff={handoff}
      />,
    );
    const editor = view as unknown as EditorView;
    expect(editor.state.doc.toString()).toBe('# Draft\ntyped before');
    expect(editor.state.selection.main).toMatchObject({ anchor: 9, head: 14 });

    expect(undo(editor)).toBe(true);
    expect(editor.state.doc.toString()).toBe('# Draft');
    expect(onChange).toHaveBeenLastCalledWith('# Draft');
  });

  it('keeps what was done to the view as it was created while the value catches up', () => {
    const onChange = vi.fn();
    let view: EditorView | null = null;
    // A toolbar action waiting for the view: it runs as the view is created.
    let pending = true;
    const onCreate = (created: EditorView | null) => {
      if (created && pending) {
        pending = false;
        created.dispatch({
          changes: { from: 0, insert: '**text**' },
          selection: { anchor: 2, head: 6 },
        });
      }
    };
    const onView = (v: EditorView | null) => {
      view = v;
    };
    // StrictMode (development) creates the view twice; the second goes on from the first.
    const { rerender } = render(
      <Harness value="" onChange={onChange} onView={onView} onCreate={onCreate} />,
      { reactStrictMode: true },
    );
    const editor = () => view as unknown as EditorView;
    expect(onChange).toHaveBeenLastCalledWith('**text**');
    rerender(<Harness value="**text**" onChange={onChange} onView={onView} onCreate={onCreate} />);
    expect(editor().state.doc.toString()).toBe('**text**');
    expect(editor().state.selection.main).toMatchObject({ anchor: 2, head: 6 });
  });
});
