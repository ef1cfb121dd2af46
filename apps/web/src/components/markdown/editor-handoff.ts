/**
 * What the plain first-paint editor (PlainEditor.tsx) hands CodeMirror when it takes over
 * (use-code-mirror.ts applies it). Plain data: the first page imports this file, and
 * nothing of CodeMirror.
 */
export interface Handoff {
  /**
   * The text the user did not type in the plain editor (empty, a restored draft, a file):
   * CodeMirror starts from it and replays the typing as one edit, so undo leads back here.
   */
  baseline: string;
  /** The text at the switch. */
  value: string;
  anchor: number;
  head: number;
  /** The plain editor had the keyboard focus: CodeMirror takes it. */
  focused: boolean;
  /** The line at the top of the scrolled area, and how far its top is above the area's. */
  scroll: { lineStart: number; lineOffset: number; top: number };
}

export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** The one replacement that turns `before` into `after`, keeping what both start and end with. */
export function changeBetween(before: string, after: string): TextChange | null {
  if (before === after) {
    return null;
  }
  const limit = Math.min(before.length, after.length);
  let start = 0;
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) {
    start += 1;
  }
  let end = 0;
  while (
    end < limit - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end += 1;
  }
  return {
    from: start,
    to: before.length - end,
    insert: after.slice(start, after.length - end),
  };
}

/** The index of the line `position` is on (0-based). */
export function lineIndexAt(text: string, position: number): number {
  let line = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < position; at = text.indexOf('\n', at + 1)) {
    line += 1;
  }
  return line;
}
