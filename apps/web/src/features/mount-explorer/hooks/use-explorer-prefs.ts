import { useLocalStorage } from '@mantine/hooks';
import {
  DEFAULT_SORT,
  type SortDirection,
  type SortField,
  type SortState,
} from '@/features/mount-explorer/lib/entries';

export type ViewMode = 'list' | 'grid';

const FIELDS: readonly SortField[] = ['name', 'size', 'modified'];
const DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/** A stored sort that is not one we know (an older build, a hand edit) falls back. */
function parseSort(raw: string | undefined): SortState {
  const [field, direction] = (raw ?? '').split(':');
  const knownField = FIELDS.find((each) => each === field);
  const knownDirection = DIRECTIONS.find((each) => each === direction);
  return knownField && knownDirection
    ? { field: knownField, direction: knownDirection }
    : DEFAULT_SORT;
}

/** The explorer's view (list or grid) and sort, remembered in local storage. */
export function useExplorerPrefs() {
  const [view, setView] = useLocalStorage<ViewMode>({
    key: 'explorer_view',
    defaultValue: 'list',
    getInitialValueInEffect: false,
    deserialize: (raw) => (raw === 'grid' ? 'grid' : 'list'),
    serialize: (value) => value,
  });
  const [sort, setSort] = useLocalStorage<SortState>({
    key: 'explorer_sort',
    defaultValue: DEFAULT_SORT,
    getInitialValueInEffect: false,
    deserialize: parseSort,
    serialize: (value) => `${value.field}:${value.direction}`,
  });
  return { view, setView, sort, setSort };
}
