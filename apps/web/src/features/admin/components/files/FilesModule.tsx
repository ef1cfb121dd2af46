import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';
import { useFiles } from '@/features/admin/api/get-files';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import {
  CreateBundleModal,
  type BundleSkipped,
} from '@/features/admin/components/bundles/CreateBundleModal';
import { FileEditModal } from './FileEditModal';
import { FilePreviewModal } from './FilePreviewModal';
import { FilesEmpty } from './FilesEmpty';
import { FilesTable } from './FilesTable';
import { FilesToolbar } from './FilesToolbar';
import { PrivateShareDialog } from './PrivateShareDialog';
import { applyFileFilters, NO_FILE_FILTERS, type FileFilters } from './file-kind';
import { useFileActions } from './use-file-actions';
import { usePrivateShare } from './use-private-share';

/** file-management: every file share for the admin, its own for a key user; 50 per request. */
export function FilesModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [filters, setFilters] = useState<FileFilters>(NO_FILE_FILTERS);
  // The selection belongs to one search and filter: a batch only acts on rows in view.
  const scope = `${search}:${filters.kind}:${filters.status}`;
  const [selection, setSelection] = useState({ scope: '', ids: [] as string[] });
  const [previewing, setPreviewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [qrFile, setQrFile] = useState<FileShare | null>(null);
  const [bundling, setBundling] = useState<{ ids: string[]; skipped: BundleSkipped } | null>(null);
  const files = useFiles(search);
  const actions = useFileActions();
  const privateShare = usePrivateShare();

  const loaded = files.data?.pages.flatMap((page) => page.items) ?? [];
  const total = files.data?.pages.at(-1)?.pagination.total ?? 0;
  const items = applyFileFilters(loaded, filters);
  const visibleIds = new Set(items.map((item) => item.id));
  const selected =
    selection.scope === scope ? selection.ids.filter((id) => visibleIds.has(id)) : [];
  const setSelected = (ids: string[]) => setSelection({ scope, ids });
  const filtered = filters.kind !== 'all' || filters.status !== 'all';
  // A bundle holds uploaded plain files only, in the order the list shows them.
  const startBundle = () => {
    const chosen = items.filter((item) => selected.includes(item.id));
    const ready = chosen.filter((item) => item.status === 'ready');
    const plain = ready.filter((item) => !item.encrypted).map((item) => item.id);
    setBundling({
      ids: plain,
      skipped: { uploading: chosen.length - ready.length, encrypted: ready.length - plain.length },
    });
  };

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('files.description')} />
      <FilesToolbar
        search={searchInput}
        onSearchChange={setSearchInput}
        filters={filters}
        onFiltersChange={setFilters}
        selectedCount={selected.length}
        busy={actions.busy}
        refreshing={files.isFetching && !files.isFetchingNextPage}
        onRefresh={() => void files.refetch()}
        onBatchDelete={() => actions.confirmBatchDelete(selected, () => setSelected([]))}
        onBundle={startBundle}
      />
      {files.isError && <ListErrorAlert error={files.error} onRetry={() => void files.refetch()} />}
      <ListFrame
        pending={files.isPending}
        count={items.length}
        empty={<FilesEmpty search={search} filtered={filtered} />}
      >
        <FilesTable
          items={items}
          selected={selected}
          onSelectedChange={setSelected}
          onPreview={setPreviewing}
          onEdit={setEditing}
          onQr={setQrFile}
          onDelete={actions.confirmDelete}
          onShare={privateShare.shareNow}
          onPrivateLink={privateShare.explain}
        />
      </ListFrame>
      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {filtered
              ? t('files.loadedFiltered', { shown: items.length, loaded: loaded.length, total })
              : t('files.loaded', { loaded: loaded.length, total })}
          </Text>
          {files.hasNextPage && (
            <Button
              variant="default"
              loading={files.isFetchingNextPage}
              onClick={() => void files.fetchNextPage()}
            >
              {t('files.loadMore')}
            </Button>
          )}
        </Group>
      )}
      <FilePreviewModal
        fileId={previewing}
        onClose={() => setPreviewing(null)}
        onEdit={(id) => {
          setPreviewing(null);
          setEditing(id);
        }}
        onQr={setQrFile}
        onShare={(file) => {
          setPreviewing(null);
          privateShare.shareNow(file);
        }}
      />
      <PrivateShareDialog
        share={privateShare}
        onQr={(file) => {
          privateShare.close();
          setQrFile(file);
        }}
      />
      <FileEditModal fileId={editing} onClose={() => setEditing(null)} />
      <CreateBundleModal
        fileIds={bundling?.ids ?? null}
        skipped={bundling?.skipped ?? { uploading: 0, encrypted: 0 }}
        onCreated={() => setSelected([])}
        onClose={() => setBundling(null)}
      />
      <QrCodeDialog
        opened={qrFile !== null}
        onClose={() => setQrFile(null)}
        url={qrFile ? appUrl(`/file/${qrFile.slug}`) : ''}
        fileName={`pastebox-${qrFile?.slug ?? 'file'}`}
        title={qrFile ? t('files.qrTitle', { name: qrFile.filename }) : undefined}
      />
    </Stack>
  );
}
