import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { insertBlockAfter, insertLink, toggleLinePrefix, toggleWrap } from './markdown-commands';

let view: EditorView | null = null;

/**
 * A view over `doc` with [from, to) selected. Kept out of the document: happy-dom fires
 * selectionchange synchronously, which re-enters CodeMirror mid-update (browsers don't).
 */
function editor(doc: string, from: number, to = from): EditorView {
  view = new EditorView({
    state: EditorState.create({ doc, selection: EditorSelection.range(from, to) }),
  });
  return view;
}

function selected(target: EditorView): string {
  const { from, to } = target.state.selection.main;
  return target.state.sliceDoc(from, to);
}

afterEach(() => {
  view?.destroy();
  view = null;
});

describe('markdown toolbar commands', () => {
  it('wraps the selection and unwraps it on a second click', () => {
    const target = editor('hello world', 6, 11);
    toggleWrap(target, '**', '**', 'text');
    expect(target.state.doc.toString()).toBe('hello **world**');
    expect(selected(target)).toBe('world');
    toggleWrap(target, '**', '**', 'text');
    expect(target.state.doc.toString()).toBe('hello world');
  });

  it('tells italic from bold: italic on bold text adds a third star', () => {
    const target = editor('**bold**', 2, 6);
    toggleWrap(target, '*', '*', 'text');
    expect(target.state.doc.toString()).toBe('***bold***');
    toggleWrap(target, '*', '*', 'text');
    expect(target.state.doc.toString()).toBe('**bold**');
  });

  it('inserts and selects a placeholder when nothing is selected', () => {
    const target = editor('', 0);
    toggleWrap(target, '`', '`', 'code');
    expect(target.state.doc.toString()).toBe('`code`');
    expect(selected(target)).toBe('code');
  });

  it('numbers every selected line, replacing another list marker', () => {
    const target = editor('- one\ntwo', 0, 9);
    toggleLinePrefix(target, (i) => `${i + 1}. `, /^(?:[-*+]|\d+\.) /);
    expect(target.state.doc.toString()).toBe('1. one\n2. two');
    toggleLinePrefix(target, (i) => `${i + 1}. `, /^(?:[-*+]|\d+\.) /);
    expect(target.state.doc.toString()).toBe('one\ntwo');
  });

  it('makes a link of the selection with the URL selected', () => {
    const target = editor('docs', 0, 4);
    insertLink(target, false, 'link text');
    expect(target.state.doc.toString()).toBe('[docs](https://)');
    expect(selected(target)).toBe('https://');
  });

  it('puts a table after the selected lines instead of replacing them', () => {
    const target = editor('keep me', 0, 7);
    insertBlockAfter(target, '| a |\n| --- |\n', { from: 2, to: 3 });
    expect(target.state.doc.toString()).toBe('keep me\n\n| a |\n| --- |\n');
    expect(selected(target)).toBe('a');
  });
});
