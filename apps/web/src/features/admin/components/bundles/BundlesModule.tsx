import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { BundleSummary } from '@pastebox/contract/schemas/bundle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';
import { useBundles } from '@/features/admin/api/get-bundles';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { RefreshButton, SearchField } from '@/features/admin/components/shared/ToolbarParts';
import { bundleName } from './BundleActions';
import { BundleEditModal } from './BundleEditModal';
import { BundlesEmpty } from './BundlesEmpty';
import { BundlesList } from './BundlesList';
import { BundleViewModal } from './BundleViewModal';
import { useBundleDelete } from './use-bundle-delete';

/** Bundles (issue 33): every bundle for the admin, its own for a member or key. */
export function BundlesModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [viewing, setViewing] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [qrBundle, setQrBundle] = useState<BundleSummary | null>(null);
  const bundles = useBundles(search);
  const { confirmDelete } = useBundleDelete();
  const items = bundles.data?.pages.flatMap((page) => page.items) ?? [];
  const total = bundles.data?.pages.at(-1)?.pagination.total ?? 0;

  return (
    <Stack gap="md">
      <ModuleHeader title={title} description={t('bundles.module.description')} />
      <Group gap="xs" wrap="wrap">
        <SearchField
          style={{ flex: '1 1 220px', maxWidth: 360 }}
          value={searchInput}
          onChange={setSearchInput}
          label={t('bundles.list.search')}
          placeholder={t('bundles.list.searchPlaceholder')}
          clearLabel={t('bundles.list.clearSearch')}
        />
        <RefreshButton
          onRefresh={() => void bundles.refetch()}
          refreshing={bundles.isFetching && !bundles.isFetchingNextPage}
        />
      </Group>
      {bundles.isError && (
        <ListErrorAlert error={bundles.error} onRetry={() => void bundles.refetch()} />
      )}
      <ListFrame
        pending={bundles.isPending}
        count={items.length}
        empty={<BundlesEmpty search={search} />}
      >
        <BundlesList
          items={items}
          onView={setViewing}
          onEdit={setEditing}
          onQr={setQrBundle}
          onDelete={confirmDelete}
        />
      </ListFrame>
      {total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('bundles.list.loaded', { loaded: items.length, total })}
          </Text>
          {bundles.hasNextPage && (
            <Button
              variant="default"
              loading={bundles.isFetchingNextPage}
              onClick={() => void bundles.fetchNextPage()}
            >
              {t('bundles.list.loadMore')}
            </Button>
          )}
        </Group>
      )}
      <BundleViewModal
        bundleId={viewing}
        onClose={() => setViewing(null)}
        onEdit={(id) => {
          setViewing(null);
          setEditing(id);
        }}
      />
      <BundleEditModal bundleId={editing} onClose={() => setEditing(null)} />
      <QrCodeDialog
        opened={qrBundle !== null}
        onClose={() => setQrBundle(null)}
        url={qrBundle ? appUrl(`/b/${encodeURIComponent(qrBundle.slug)}`) : ''}
        fileName={`pastebox-${qrBundle?.slug ?? 'bundle'}`}
        title={qrBundle ? t('bundles.link.qrTitle', { name: bundleName(qrBundle) }) : undefined}
      />
    </Stack>
  );
}
