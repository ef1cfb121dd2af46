import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { IconLock, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { formatBytes } from '@/lib/uploader/format';

const STATE_COLORS: Record<FileRequest['state'], string> = {
  open: 'teal',
  closed: 'gray',
  expired: 'orange',
  full: 'blue',
};

/** Open, closed, expired or full. */
export function RequestStateBadge({ request }: { request: FileRequest }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATE_COLORS[request.state]} size="sm">
      {t(`fileRequests.states.${request.state}`)}
    </Badge>
  );
}

/** The title, with what it asks for (files or a text) under it. */
export function RequestTitle({ request }: { request: FileRequest }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate title={request.title}>
        {request.title}
      </Text>
      <Text size="xs" c="dimmed">
        {request.kind === 'text' ? t('fileRequests.kindText') : t('fileRequests.kindFiles')}
      </Text>
    </Stack>
  );
}

/** The request's link (opening its page), copy and QR, with a lock when it has a password. */
export function RequestLink({ request, onQr }: { request: FileRequest; onQr: () => void }) {
  const { t } = useTranslation();
  const name = { title: request.title };
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Anchor
        href={request.url}
        target="_blank"
        rel="noreferrer"
        ff="monospace"
        size="sm"
        truncate
        title={request.url}
      >
        /r/{request.slug}
      </Anchor>
      {request.has_password && (
        <Tooltip label={t('fileRequests.hasPassword')}>
          <IconLock
            size={15}
            stroke={1.8}
            aria-label={t('fileRequests.hasPassword')}
            color="var(--mantine-color-orange-6)"
            style={{ flexShrink: 0 }}
          />
        </Tooltip>
      )}
      <CopyIconButton text={request.url} label={t('fileRequests.copyLinkOf', name)} />
      <Tooltip label={t('fileRequests.qr')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('fileRequests.qrOf', name)}
          onClick={onQr}
        >
          <IconQrcode size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** "3 / 10 files · 12 MiB" (text answers for a text request). */
export function RequestReceived({ request }: { request: FileRequest }) {
  const { t } = useTranslation();
  const files =
    request.max_files > 0
      ? t('fileRequests.receivedOf', { count: request.files_received, max: request.max_files })
      : t('fileRequests.received', { count: request.files_received });
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {request.kind === 'text'
        ? t('fileRequests.answers', { count: request.files_received })
        : `${files} · ${formatBytes(request.bytes_received)}`}
    </Text>
  );
}
