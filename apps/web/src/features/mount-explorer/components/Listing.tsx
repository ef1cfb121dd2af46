import { Button, Stack } from '@mantine/core';
import type { FsEntry, FsListing } from '@pastebox/contract/schemas/fs';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import type { ViewMode } from '@/features/mount-explorer/hooks/use-explorer-prefs';
import type { Selection } from '@/features/mount-explorer/hooks/use-selection';
import type { SortState } from '@/features/mount-explorer/lib/entries';
import { EntryGrid } from './EntryGrid';
import { EntryPhoneList } from './EntryPhoneList';
import { EntryTable } from './EntryTable';
import { EmptyFolder, ListingError, ListingSkeleton, NoMatch } from './ListingStates';

export interface ListingAreaProps {
  listing: UseQueryResult<FsListing>;
  folder: string;
  base: string;
  admin: boolean;
  /** The entries to show: filtered and sorted. */
  entries: FsEntry[];
  search: string;
  onClearSearch: () => void;
  view: ViewMode;
  phone: boolean;
  sort: SortState;
  onSort: (sort: SortState) => void;
  selection: Selection;
  actions: EntryActions;
}

/**
 * Entries drawn at first, and per "show more": a folder of 10,000 files stays responsive,
 * while search, sort and "select all" still cover the whole folder.
 */
const PAGE = 300;

/** The folder's entries as the chosen view, or why there are none to show. */
export function Listing(props: ListingAreaProps) {
  const { listing, folder, base, view, phone } = props;
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  if (listing.isPending) {
    return <ListingSkeleton view={view} />;
  }
  if (listing.isError) {
    return (
      <ListingError
        error={listing.error}
        folder={folder}
        base={base}
        onRetry={() => void listing.refetch()}
      />
    );
  }
  if (listing.data.items.length === 0) {
    return <EmptyFolder root={listing.data.isRoot} admin={props.admin} />;
  }
  if (props.entries.length === 0) {
    return <NoMatch query={props.search} onClear={props.onClearSearch} />;
  }
  const entries = props.entries.slice(0, limit);
  const hidden = props.entries.length - entries.length;
  const common = { entries, folder, selection: props.selection, actions: props.actions };
  return (
    <Stack gap="sm">
      {view === 'grid' ? (
        <EntryGrid {...common} />
      ) : phone ? (
        <EntryPhoneList {...common} />
      ) : (
        <EntryTable {...common} sort={props.sort} onSort={props.onSort} />
      )}
      {hidden > 0 && (
        <Button variant="default" onClick={() => setLimit(limit + PAGE)} mx="auto">
          {t('explorer.states.showMore', { count: Math.min(PAGE, hidden), total: hidden })}
        </Button>
      )}
    </Stack>
  );
}
