import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';
import { usePastes } from '@/features/admin/api/get-pastes';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { usePasteActions } from '@/features/admin/hooks/use-paste-actions';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { PasteEditModal } from './PasteEditModal';
import { PastesEmpty } from './PastesEmpty';
import { PastesTable } from './PastesTable';
import { PastesToolbar } from './PastesToolbar';
import { PasteViewModal } from './PasteViewModal';

/** text-management: every share for the admin, its own for a key user; 10 a page (SPEC §9). */
export function PastesModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  // The page and the selection belong to one search (and page): a new search starts at
  // page 1, and a batch only ever acts on rows the user can see.
  const [pageOfSearch, setPageOfSearch] = useState({ search: '', page: 1 });
  const page = pageOfSearch.search === search ? pageOfSearch.page : 1;
  const setPage = (next: number) => setPageOfSearch({ search, page: next });
  const selectionScope = `${page}:${search}`;
  const [selection, setSelection] = useState({ scope: '', ids: [] as string[] });
  const selected = selection.scope === selectionScope ? selection.ids : [];
  const setSelected = (ids: string[]) => setSelection({ scope: selectionScope, ids });
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [qrSlug, setQrSlug] = useState<string | null>(null);
  const pastes = usePastes({ page, search });
  const actions = usePasteActions();
  const items = pastes.data?.items ?? [];
  const pagination = pastes.data?.pagination;
  const totalPages = Math.max(1, pagination?.totalPages ?? 1);
  if (pagination && !pastes.isPlaceholderData && page > totalPages) {
    // The last rows of the last page were deleted: step back to a page that exists.
    setPage(totalPages);
  }

  const from = pagination && pagination.total > 0 ? pagination.offset + 1 : 0;
  const to = pagination ? pagination.offset + items.length : 0;

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('texts.description')} />
      <PastesToolbar
        search={searchInput}
        onSearchChange={setSearchInput}
        selectedCount={selected.length}
        busy={actions.busy}
        refreshing={pastes.isFetching}
        onRefresh={() => void pastes.refetch()}
        onBatchDelete={() => actions.confirmBatchDelete(selected, () => setSelected([]))}
        onClearExpired={actions.confirmClearExpired}
      />
      {pastes.isError && (
        <ListErrorAlert error={pastes.error} onRetry={() => void pastes.refetch()} />
      )}
      <ListFrame
        pending={pastes.isPending}
        count={items.length}
        empty={<PastesEmpty search={search} />}
      >
        <PastesTable
          items={items}
          selected={selected}
          onSelectedChange={setSelected}
          onView={setViewing}
          onEdit={setEditing}
          onQr={(paste) => setQrSlug(paste.slug)}
          onDelete={actions.confirmDelete}
        />
      </ListFrame>
      {pagination && pagination.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('texts.range', { from, to, total: pagination.total })}
          </Text>
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('texts.previousPage') : t('texts.nextPage'),
            })}
            getItemProps={(item) => ({ 'aria-label': t('texts.pageN', { page: item }) })}
          />
        </Group>
      )}
      <PasteViewModal
        pasteId={viewing}
        onClose={() => setViewing(null)}
        onEdit={(id) => {
          setViewing(null);
          setEditing(id);
        }}
        onQr={(paste) => setQrSlug(paste.slug)}
      />
      <PasteEditModal pasteId={editing} onClose={() => setEditing(null)} />
      <QrCodeDialog
        opened={qrSlug !== null}
        onClose={() => setQrSlug(null)}
        url={qrSlug ? appUrl(`/paste/${encodeURIComponent(qrSlug)}`) : ''}
        fileName={`pastebox-${qrSlug ?? 'paste'}`}
        title={qrSlug ? t('links.qrTitle', { name: qrSlug }) : undefined}
      />
    </Stack>
  );
}
