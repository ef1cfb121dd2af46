import { Anchor, Button, Code, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { RequestUpload } from '@pastebox/contract/schemas/file-request';
import { IconDownload, IconEye, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { formatDateTime } from '@/lib/date-time';
import { errorMessage } from '@/lib/error-message';
import { formatBytes } from '@/lib/uploader/format';
import { DeleteAction } from '@/features/admin/components/shared/IconAction';
import { useRequestText } from './api/request-uploads';

export interface UploadRowHandlers {
  onShare: (upload: RequestUpload) => void;
  onDownload: (upload: RequestUpload) => void;
  onDelete: (upload: RequestUpload) => void;
  /** The upload being shared or downloaded, if any. */
  busyId: string | null;
}

/** Who sent it: the name and e-mail they gave, else their address. */
function senderOf(upload: RequestUpload, anonymous: string): string {
  const parts = [upload.uploader_name, upload.uploader_email].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : (upload.address ?? anonymous);
}

/** A text answer, read when asked for. */
function TextAnswer({ upload }: { upload: RequestUpload }) {
  const { t } = useTranslation();
  const text = useRequestText(upload);
  if (text.isPending) {
    return <Loader size="sm" aria-label={t('common.loading')} />;
  }
  if (text.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(t, text.error)}
      </Text>
    );
  }
  return (
    <Group gap={4} align="flex-start" wrap="nowrap">
      <Code
        block
        style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text.data.content}
      </Code>
      <CopyIconButton text={text.data.content} label={t('fileRequests.uploads.copyText')} />
    </Group>
  );
}

/** One thing received: who, when, what, how large; share (one step), download, delete. */
export function RequestUploadRow({
  upload,
  onShare,
  onDownload,
  onDelete,
  busyId,
}: UploadRowHandlers & { upload: RequestUpload }) {
  const { t, i18n } = useTranslation();
  const [reading, setReading] = useState(false);
  const name = { name: upload.filename };
  const isText = upload.kind === 'text';
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={upload.filename}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text size="sm" fw={600} truncate="end" title={upload.mount_path ?? upload.filename}>
              {isText ? t('fileRequests.uploads.textAnswer') : upload.filename}
            </Text>
            <Group gap={6} c="dimmed" wrap="wrap">
              <Text size="xs">{senderOf(upload, t('fileRequests.uploads.anonymous'))}</Text>
              <Text size="xs">·</Text>
              <Text size="xs" component="time" dateTime={upload.created_at}>
                {formatDateTime(upload.created_at, i18n.language)}
              </Text>
              <Text size="xs">·</Text>
              <Text size="xs">{formatBytes(upload.size)}</Text>
            </Group>
            {upload.mount_path && (
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {upload.mount_path}
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            {isText ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconEye size={14} />}
                onClick={() => setReading((open) => !open)}
                aria-expanded={reading}
              >
                {reading ? t('fileRequests.uploads.hideText') : t('fileRequests.uploads.readText')}
              </Button>
            ) : (
              <>
                {/* A mount file is shared as a copy: a public file share of its own. */}
                {(upload.file_id || upload.mount_path) && !upload.shared && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconShare size={14} />}
                    loading={busyId === upload.id}
                    onClick={() => onShare(upload)}
                    aria-label={t('fileRequests.uploads.shareOf', name)}
                  >
                    {t('fileRequests.uploads.share')}
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => onDownload(upload)}
                  aria-label={t('fileRequests.uploads.downloadOf', name)}
                >
                  {t('common.download')}
                </Button>
              </>
            )}
            <DeleteAction
              label={t('fileRequests.uploads.deleteOf', name)}
              onClick={() => onDelete(upload)}
            />
          </Group>
        </Group>
        {upload.shared && upload.share_url && (
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('fileRequests.uploads.sharedAt')}
            </Text>
            <Anchor href={upload.share_url} target="_blank" rel="noreferrer" size="xs" truncate>
              {upload.share_url}
            </Anchor>
            <CopyIconButton
              text={upload.share_url}
              label={t('fileRequests.uploads.copyShareOf', name)}
            />
          </Group>
        )}
        {isText && reading && <TextAnswer upload={upload} />}
      </Stack>
    </Paper>
  );
}
