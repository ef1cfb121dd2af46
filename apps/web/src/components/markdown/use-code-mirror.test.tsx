import type { EditorView } from '@codemirror/view';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useCodeMirror } from './use-code-mirror';

const NO_EXTENSIONS: never[] = [];

function Harness(props: {
  value: string;
  onChange: (value: string) => void;
  onView: (view: EditorView | null) => void;
}) {
  const { parentRef, viewRef } = useCodeMirror({
    value: props.value,
    onChange: props.onChange,
    extensions: NO_EXTENSIONS,
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
});
