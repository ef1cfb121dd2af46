import { Button, Group, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { IconInbox, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { ModuleHeader } from '@/features/admin/components/ModuleHeader';
import { ListErrorAlert, ListFrame } from '@/features/admin/components/shared/ListFrame';
import { useRequests } from './api/get-requests';
import { RequestCreatedDialog, needsCreatedDialog } from './RequestCreatedDialog';
import { RequestFormModal } from './RequestFormModal';
import { RequestUploadsModal } from './RequestUploadsModal';
import { RequestsList } from './RequestsList';
import { useRequestActions } from './use-request-actions';

/**
 * Issue 33, "Requests": the caller's file requests (every one for the admin) — their link,
 * what they received and their state; create, edit, close/reopen, delete; and per request
 * what arrived, to share, download or delete.
 */
export function RequestsModule({ title }: { title: string }) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const requests = useRequests(search);
  const actions = useRequestActions();
  const [form, setForm] = useState<{ request: FileRequest | null } | null>(null);
  // ?request={id}: the link a webhook event names (panel_url) opens that request's uploads.
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => params.get('request'));
  const closeUploads = () => {
    setOpenId(null);
    if (params.has('request')) {
      setParams(
        (current) => {
          current.delete('request');
          return current;
        },
        { replace: true },
      );
    }
  };
  const [qr, setQr] = useState<FileRequest | null>(null);
  // A request just created with a webhook: its link and signing secret, shown at once.
  const [created, setCreated] = useState<FileRequest | null>(null);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const total = requests.data?.pages.at(-1)?.pagination.total ?? 0;
  const opened = items.find((item) => item.id === openId) ?? null;
  const create = () => setForm({ request: null });

  return (
    <Stack gap="md">
      <ModuleHeader
        title={title}
        description={t('fileRequests.description')}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create}>
            {t('fileRequests.create')}
          </Button>
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('fileRequests.searchPlaceholder')}
        aria-label={t('fileRequests.search')}
        value={searchInput}
        onChange={(event) => setSearchInput(event.currentTarget.value)}
        maw={360}
      />
      {requests.isError && (
        <ListErrorAlert error={requests.error} onRetry={() => void requests.refetch()} />
      )}
      <ListFrame
        pending={requests.isPending}
        count={items.length}
        empty={<RequestsEmpty search={search} onCreate={create} />}
      >
        <RequestsList
          items={items}
          onQr={setQr}
          actions={{
            onOpen: (request) => setOpenId(request.id),
            onEdit: (request) => setForm({ request }),
            ...actions,
          }}
        />
      </ListFrame>
      {requests.hasNextPage && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('fileRequests.loaded', { loaded: items.length, total })}
          </Text>
          <Button
            variant="default"
            loading={requests.isFetchingNextPage}
            onClick={() => void requests.fetchNextPage()}
          >
            {t('fileRequests.loadMore')}
          </Button>
        </Group>
      )}
      <RequestFormModal
        opened={form !== null}
        request={form?.request ?? null}
        onClose={() => setForm(null)}
        onCreated={(request) => {
          setCreated(needsCreatedDialog(request) ? request : null);
          return needsCreatedDialog(request);
        }}
      />
      <RequestCreatedDialog request={created} onQr={setQr} onClose={() => setCreated(null)} />
      <RequestUploadsModal request={opened} onClose={closeUploads} />
      <QrCodeDialog
        opened={qr !== null}
        onClose={() => setQr(null)}
        url={qr?.url ?? ''}
        fileName={`pastebox-request-${qr?.slug ?? ''}`}
      />
    </Stack>
  );
}

/** No requests yet (or none matching the search), with a first step. */
function RequestsEmpty({ search, onCreate }: { search: string; onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconInbox size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>
        {search ? t('fileRequests.emptySearch', { search }) : t('fileRequests.emptyTitle')}
      </Text>
      {!search && (
        <>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            {t('fileRequests.emptyHint')}
          </Text>
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onCreate}>
            {t('fileRequests.create')}
          </Button>
        </>
      )}
    </Stack>
  );
}
