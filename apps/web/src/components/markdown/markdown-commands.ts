import { EditorSelection, type Line } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/**
 * Toolbar commands acting on every selection range of a CodeMirror view. Each returns
 * true (the CodeMirror command convention) and leaves the changed text selected, so a
 * second click or a typed replacement works naturally.
 */

function finish(view: EditorView): boolean {
  if (!view.hasFocus) {
    view.focus();
  }
  return true;
}

/** How many `char` repeat from `pos` going left (-1) or right (+1). */
function runLength(view: EditorView, pos: number, direction: -1 | 1, char: string): number {
  const { doc } = view.state;
  let count = 0;
  let at = direction < 0 ? pos - 1 : pos;
  while (at >= 0 && at < doc.length && doc.sliceString(at, at + 1) === char) {
    count += 1;
    at += direction;
  }
  return count;
}

/**
 * Whether the range already sits between the markers. `*` needs care: `**bold**` is not
 * italic, `***both***` is, so an odd run of stars on both sides means italic.
 */
function isWrapped(view: EditorView, from: number, to: number, before: string, after: string) {
  const { state } = view;
  const char = before[0] ?? '';
  const symmetric = before === after && before === char.repeat(before.length);
  if (!symmetric) {
    return (
      from - before.length >= 0 &&
      state.sliceDoc(from - before.length, from) === before &&
      state.sliceDoc(to, to + after.length) === after
    );
  }
  const run = Math.min(runLength(view, from, -1, char), runLength(view, to, 1, char));
  return before === '*' ? run % 2 === 1 : run >= before.length;
}

/**
 * Wraps each selection in `before`/`after` (or removes them when already there). An empty
 * selection gets `placeholder`, selected so typing replaces it.
 */
export function toggleWrap(
  view: EditorView,
  before: string,
  after: string,
  placeholder: string,
): boolean {
  const { state } = view;
  const transaction = state.changeByRange((range) => {
    const outerFrom = range.from - before.length;
    const outerTo = range.to + after.length;
    if (!range.empty && isWrapped(view, range.from, range.to, before, after)) {
      return {
        changes: [
          { from: outerFrom, to: range.from },
          { from: range.to, to: outerTo },
        ],
        range: EditorSelection.range(outerFrom, range.to - before.length),
      };
    }
    const inner = range.empty ? placeholder : state.sliceDoc(range.from, range.to);
    const start = range.from + before.length;
    return {
      changes: { from: range.from, to: range.to, insert: before + inner + after },
      range: EditorSelection.range(start, start + inner.length),
    };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input' }));
  return finish(view);
}

/**
 * `[text](url)` or `![alt](url)`: the selection becomes the text, and the URL placeholder
 * is selected for typing.
 */
export function insertLink(view: EditorView, image: boolean, textPlaceholder: string): boolean {
  const { state } = view;
  const url = 'https://';
  const transaction = state.changeByRange((range) => {
    const text = range.empty ? textPlaceholder : state.sliceDoc(range.from, range.to);
    const insert = `${image ? '!' : ''}[${text}](${url})`;
    const urlStart = range.from + insert.length - url.length - 1;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.range(urlStart, urlStart + url.length),
    };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input' }));
  return finish(view);
}

function selectedLines(view: EditorView): Line[] {
  const { doc, selection } = view.state;
  const numbers = new Set<number>();
  for (const range of selection.ranges) {
    const last = doc.lineAt(range.to).number;
    for (let n = doc.lineAt(range.from).number; n <= last; n += 1) {
      numbers.add(n);
    }
  }
  return [...numbers].sort((a, b) => a - b).map((n) => doc.line(n));
}

/**
 * Gives each selected line a prefix (`> `, `- `, `1. `…), or removes it when every line
 * already has one. `existing` matches any prefix of the same kind, which is replaced, so
 * `## ` turns `# Title` into `## Title` rather than `## # Title`.
 */
export function toggleLinePrefix(
  view: EditorView,
  prefixFor: (index: number) => string,
  existing: RegExp,
): boolean {
  const lines = selectedLines(view);
  const removeAll = lines.every((line, index) => line.text.startsWith(prefixFor(index)));
  const changes = lines.map((line, index) => {
    const current = existing.exec(line.text)?.[0] ?? '';
    return {
      from: line.from,
      to: line.from + current.length,
      insert: removeAll ? '' : prefixFor(index),
    };
  });
  view.dispatch({ changes, scrollIntoView: true, userEvent: 'input' });
  return finish(view);
}

/**
 * Puts the selection inside a block of its own lines (a code fence): `build` receives the
 * selected text and says where in the block the cursor lands.
 */
export function insertBlock(
  view: EditorView,
  build: (selected: string) => { text: string; cursorOffset: number },
): boolean {
  const { state } = view;
  const transaction = state.changeByRange((range) => {
    const line = state.doc.lineAt(range.from);
    const needsBreakBefore = range.from > line.from ? '\n' : '';
    const block = build(state.sliceDoc(range.from, range.to));
    const insert = `${needsBreakBefore}${block.text}`;
    const cursor = range.from + needsBreakBefore.length + block.cursorOffset;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.cursor(cursor),
    };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input' }));
  return finish(view);
}

/**
 * Inserts a block (table, rule) after the line holding the end of each selection, leaving
 * the selected text alone, with a blank line before it when that line has text. The
 * `select` span (relative to the block) is selected for typing.
 */
export function insertBlockAfter(
  view: EditorView,
  text: string,
  select: { from: number; to: number },
): boolean {
  const { state } = view;
  const transaction = state.changeByRange((range) => {
    const line = state.doc.lineAt(range.to);
    const prefix = line.length === 0 ? '' : '\n\n';
    const start = line.to + prefix.length;
    return {
      changes: { from: line.to, insert: prefix + text },
      range: EditorSelection.range(start + select.from, start + select.to),
    };
  });
  view.dispatch(state.update(transaction, { scrollIntoView: true, userEvent: 'input' }));
  return finish(view);
}
