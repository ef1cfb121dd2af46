import { inWindow } from '../faults.mjs';
import { isFaultLike } from '../http.mjs';

// Invariant 3: no 5xx and no network error outside the fault windows (a request counts as
// inside when its span overlaps a window), and clients recovered: every operation that ran
// had a successful request that started after the last window closed.

export function checkErrors({ samples, windows }) {
  const faulty = samples.filter((s) => isFaultLike(s.status));
  const outside = faulty.filter((s) => !inWindow(windows, s));
  const lastEnd = Math.max(0, ...windows.map((w) => w.end ?? 0));
  const ops = [...new Set(samples.map((s) => s.op))].filter((op) => !op.startsWith('setup.'));
  const recovered = new Set(
    samples.filter((s) => s.start > lastEnd && s.status >= 200 && s.status < 400).map((s) => s.op),
  );
  // Operations that only follow another's failure (an abort) need not recur after the end.
  const optional = new Set(['file.multipart.abort']);
  const notRecovered = ops.filter((op) => !recovered.has(op) && !optional.has(op));
  const problems = [
    ...outside
      .slice(0, 50)
      .map(
        (s) =>
          `${s.op} at ${(s.start / 1000).toFixed(1)}–${(s.end / 1000).toFixed(1)} s: ${s.status || s.error}`,
      ),
    ...notRecovered.map(
      (op) => `${op}: no success after the last fault window (${(lastEnd / 1000).toFixed(0)} s)`,
    ),
  ];
  return {
    name: '3. no 5xx / network error outside fault windows; clients recovered',
    held: outside.length === 0 && notRecovered.length === 0,
    figures:
      `${samples.length} requests; ${faulty.length} 5xx/network in total, ${faulty.length - outside.length} inside ` +
      `${windows.length} windows, ${outside.length} outside; ${ops.length - notRecovered.length}/${ops.length} ops ` +
      `succeeded after the last window`,
    problems,
  };
}
