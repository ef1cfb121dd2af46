import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { FileRequestKind, RequestReceipt } from '@pastebox/contract/schemas/file-request';
import { IconCircleCheck, IconFileCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';
import { formatBytes } from '@/lib/uploader/format';

/** The "sent" receipt: every file (or the text) that arrived, with its size and time. */
export function RequestReceipts({
  receipts,
  kind,
}: {
  receipts: readonly RequestReceipt[];
  kind: FileRequestKind;
}) {
  const { t, i18n } = useTranslation();
  const total = receipts.reduce((sum, receipt) => sum + receipt.size, 0);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      role="status"
      aria-label={t('fileRequests.public.receipt.title')}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color="teal" aria-hidden>
            <IconCircleCheck size={24} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={3} size="h4">
              {t('fileRequests.public.receipt.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {kind === 'text'
                ? t('fileRequests.public.receipt.textSent')
                : t('fileRequests.public.receipt.summary', {
                    count: receipts.length,
                    size: formatBytes(total),
                  })}
            </Text>
          </Stack>
        </Group>
        {kind === 'files' && (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {receipts.map((receipt, index) => (
              <Group
                key={`${receipt.received_at}-${index}`}
                component="li"
                gap="xs"
                wrap="nowrap"
                justify="space-between"
              >
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFileCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                  <Text size="sm" truncate="end" title={receipt.filename}>
                    {receipt.filename}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(receipt.size)} · {formatDateTime(receipt.received_at, i18n.language)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
