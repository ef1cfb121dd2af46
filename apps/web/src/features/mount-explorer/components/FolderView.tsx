import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { baseNameOf, parentOf } from '@pastebox/contract/rules/virtual-path';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AppError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { errorMessage } from '@/lib/error-message';
import { useFolder } from '@/lib/fs/list-folder';
import { useClearCache } from '@/lib/fs/clear-cache';
import { TransferDialog } from '@/features/mount-explorer/copy';
import { useEntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import { useExplorerPrefs } from '@/features/mount-explorer/hooks/use-explorer-prefs';
import { useIsPhone } from '@/features/mount-explorer/hooks/use-is-phone';
import { useSelection } from '@/features/mount-explorer/hooks/use-selection';
import { canWriteInto } from '@/features/mount-explorer/lib/abilities';
import { MUTED_TEXT } from '@/lib/entry-colors';
import { filterEntries, sortEntries } from '@/features/mount-explorer/lib/entries';
import { explorerUrl } from '@/features/mount-explorer/lib/explorer-paths';
import { ExplorerDropZone, ExplorerUploadQueue } from '@/features/mount-explorer/uploads';
import { EditorModal } from './EditorModal';
import { ExplorerBreadcrumbs } from './ExplorerBreadcrumbs';
import { ExplorerDialogs } from './ExplorerDialogs';
import { ExplorerHeading } from './ExplorerHeading';
import { ExplorerToolbar } from './ExplorerToolbar';
import { Listing } from './Listing';
import { PreviewModal } from './PreviewModal';
import { SelectionBar } from './SelectionBar';

export interface FolderViewProps {
  folder: string;
  /** Where this caller's explorer starts (`/`, or a key's base path). */
  base: string;
  preview: string | null;
  onClosePreview: () => void;
}

/** One folder of the explorer: its toolbar, its entries, and what opens from them. */
export function FolderView({ folder, base, preview, onClosePreview }: FolderViewProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const phone = useIsPhone();
  const listing = useFolder(folder);
  const prefs = useExplorerPrefs();
  const [search, setSearch] = useState('');
  const { dialog, setDialog, closeDialog, actions } = useEntryActions(folder);
  const clearCache = useClearCache();

  const items = listing.data?.items;
  const shown = useMemo(
    () => sortEntries(filterEntries(items ?? [], search), prefs.sort),
    [items, search, prefs.sort],
  );
  const sorted = useMemo(() => sortEntries(items ?? [], prefs.sort), [items, prefs.sort]);
  const shownPaths = useMemo(() => shown.map((entry) => entry.path), [shown]);
  const selection = useSelection(shownPaths, folder);
  const selectedEntries = shown.filter((entry) => selection.isSelected(entry.path));
  const writable = listing.isSuccess && canWriteInto(listing.data);

  // The address named a file: show it in its folder instead (SPEC §2 `?preview=`).
  if (listing.error instanceof AppError && listing.error.key === 'NOT_A_FOLDER') {
    return <Navigate to={explorerUrl(parentOf(folder), baseNameOf(folder))} replace />;
  }

  const onClearCache = () =>
    clearCache.mutate(undefined, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('explorer.actions.cacheCleared') }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('common.error'),
          message: errorMessage(t, error),
        }),
    });

  const listingArea = (
    <Listing
      listing={listing}
      folder={folder}
      base={base}
      admin={auth.authType === 'admin'}
      entries={shown}
      search={search}
      onClearSearch={() => setSearch('')}
      view={prefs.view}
      phone={phone}
      sort={prefs.sort}
      onSort={prefs.setSort}
      selection={selection}
      actions={actions}
    />
  );

  return (
    <>
      <Stack gap="md">
        <ExplorerHeading />
        <ExplorerBreadcrumbs folder={folder} base={base} />
        <ExplorerToolbar
          phone={phone}
          writable={writable}
          search={search}
          onSearch={setSearch}
          view={prefs.view}
          onView={prefs.setView}
          sort={prefs.sort}
          onSort={prefs.setSort}
          onNewFolder={() => setDialog({ kind: 'mkdir' })}
          onNewFile={() => setDialog({ kind: 'newFile' })}
          onRefresh={() => void listing.refetch()}
          refreshing={listing.isFetching}
          onClearCache={onClearCache}
          clearingCache={clearCache.isPending}
          onDownloadZip={
            listing.isSuccess && !listing.data.isRoot
              ? () => actions.downloadZip(folder)
              : undefined
          }
        />
        {listing.isSuccess && listing.data.isVirtual && !listing.data.isRoot && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
            {t('explorer.states.virtualHint')}
          </Alert>
        )}
        {search.trim() !== '' && shown.length > 0 && (
          <Text size="sm" c={MUTED_TEXT} aria-live="polite">
            {t('explorer.search.count', { shown: shown.length, total: items?.length ?? 0 })}
          </Text>
        )}
        <ExplorerUploadQueue />
        <SelectionBar selected={selectedEntries} actions={actions} onClear={selection.clear} />
        {writable ? <ExplorerDropZone>{listingArea}</ExplorerDropZone> : listingArea}
      </Stack>
      <ExplorerDialogs
        folder={folder}
        siblings={(items ?? []).map((entry) => entry.name)}
        dialog={dialog}
        onOpen={setDialog}
        onClose={closeDialog}
      />
      <TransferDialog
        opened={dialog?.kind === 'transfer'}
        mode={dialog?.kind === 'transfer' ? dialog.mode : 'copy'}
        entries={dialog?.kind === 'transfer' ? dialog.entries : []}
        rootPath={base}
        onClose={() => closeDialog('transfer')}
      />
      <EditorModal
        target={dialog?.kind === 'edit' ? dialog : null}
        onClose={() => closeDialog('edit')}
      />
      <PreviewModal
        folder={folder}
        name={preview}
        entries={listing.isSuccess ? sorted : listing.isError ? [] : null}
        actions={actions}
        covered={dialog !== null}
        onClose={onClosePreview}
      />
    </>
  );
}
