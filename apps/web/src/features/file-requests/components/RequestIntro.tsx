import { Badge, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PublicFileRequest } from '@pastebox/contract/schemas/file-request';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/MarkdownView';
import { formatDateTime } from '@/lib/date-time';
import { formatBytes } from '@/lib/uploader/format';

/** What the request accepts, in short lines: types, size per file, what is left, until when. */
function RequestLimits({ request }: { request: PublicFileRequest }) {
  const { t, i18n } = useTranslation();
  const lines = [
    request.kind === 'files' && request.max_file_bytes > 0
      ? t('fileRequests.public.limits.perFile', { size: formatBytes(request.max_file_bytes) })
      : null,
    request.kind === 'files' && request.files_left !== null
      ? t('fileRequests.public.limits.filesLeft', { count: request.files_left })
      : null,
    request.kind === 'files' && request.bytes_left !== null
      ? t('fileRequests.public.limits.bytesLeft', { size: formatBytes(request.bytes_left) })
      : null,
    request.expires_at
      ? t('fileRequests.public.limits.until', {
          date: formatDateTime(request.expires_at, i18n.language),
        })
      : null,
  ].filter((line): line is string => line !== null);
  return (
    <Stack gap={6}>
      {request.kind === 'files' && request.allowed_types.length > 0 && (
        <Group gap={6} aria-label={t('fileRequests.public.limits.types')}>
          <Text size="sm" c="dimmed">
            {t('fileRequests.public.limits.types')}
          </Text>
          {request.allowed_types.map((type) => (
            <Badge key={type} variant="light" color="gray" tt="none" ff="monospace">
              {type}
            </Badge>
          ))}
        </Group>
      )}
      {lines.length > 0 && (
        <Text size="sm" c="dimmed">
          {lines.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** The request's title, its message rendered as Markdown, and what it accepts. */
export function RequestIntro({ request }: { request: PublicFileRequest }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconInbox size={24} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {request.kind === 'text'
              ? t('fileRequests.public.asksText')
              : t('fileRequests.public.asksFiles')}
          </Text>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {request.title}
          </Title>
        </Stack>
      </Group>
      {request.message && <MarkdownView source={request.message} />}
      <RequestLimits request={request} />
    </Stack>
  );
}
