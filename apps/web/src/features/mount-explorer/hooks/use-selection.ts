import { useCallback, useMemo, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

/**
 * Checked entries of the folder on screen, by path. A shift-click checks the range from
 * the last clicked entry (in display order), as file managers do. The selection belongs to
 * one folder: `scope` changing (another folder) empties it.
 */
export function useSelection(visible: readonly string[], scope: string) {
  const [state, setState] = useState<{ scope: string; paths: Set<string>; anchor: string | null }>({
    scope,
    paths: new Set(),
    anchor: null,
  });
  const paths = state.scope === scope ? state.paths : NONE;
  // Entries that left the list (deleted, filtered out) are no longer selected.
  const selected = useMemo(() => visible.filter((path) => paths.has(path)), [visible, paths]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);

  const toggle = useCallback(
    (path: string, range: boolean) => {
      setState((previous) => {
        const base =
          previous.scope === scope ? previous : { scope, paths: new Set<string>(), anchor: null };
        const paths = new Set(base.paths);
        const checked = !paths.has(path);
        const from = base.anchor === null ? -1 : visible.indexOf(base.anchor);
        const to = visible.indexOf(path);
        if (range && from >= 0 && to >= 0) {
          const [start, end] = from < to ? [from, to] : [to, from];
          visible.slice(start, end + 1).forEach((each) => {
            if (checked) {
              paths.add(each);
            } else {
              paths.delete(each);
            }
          });
        } else if (checked) {
          paths.add(path);
        } else {
          paths.delete(path);
        }
        return { scope, paths, anchor: path };
      });
    },
    [visible, scope],
  );

  const setAll = useCallback(
    (checked: boolean) => setState({ scope, paths: new Set(checked ? visible : []), anchor: null }),
    [visible, scope],
  );

  return {
    selected,
    isSelected: (path: string) => selectedSet.has(path),
    allSelected: visible.length > 0 && selected.length === visible.length,
    someSelected: selected.length > 0 && selected.length < visible.length,
    toggle,
    setAll,
    clear: () => setAll(false),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/** A checkbox change with Shift held extends from the last one (React fires it from a click). */
export function isRangeClick(event: { nativeEvent: Event }): boolean {
  return 'shiftKey' in event.nativeEvent && event.nativeEvent.shiftKey === true;
}
