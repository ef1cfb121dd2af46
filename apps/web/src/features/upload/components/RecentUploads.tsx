import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconHistory, IconPackage, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyIconButton } from '@/components/CopyButton';
import { appUrl } from '@/lib/backend';
import { formatBytes } from '@/lib/uploader/format';
import { useRecentUploads } from '@/features/upload/hooks/use-recent-uploads';
import { clearRecentUploads, recentUploadPath } from '@/features/upload/lib/recent-uploads';

function formatWhen(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The latest 3 uploads of this browser with their links (SPEC §2, §9). */
export function RecentUploads() {
  const { t, i18n } = useTranslation();
  const uploads = useRecentUploads();
  // Emptying the list loses the links for good (the shares stay): ask first.
  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('polish.recentClear.title'),
      children: t('polish.recentClear.body'),
      labels: { confirm: t('polish.recentClear.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: clearRecentUploads,
    });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-uploads">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconHistory size={18} aria-hidden />
          <Title order={4} id="recent-uploads">
            {t('upload.recent.title')}
          </Title>
        </Group>
        {uploads.length > 0 && (
          <Tooltip label={t('upload.recent.clear')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={confirmClear}
              aria-label={t('upload.recent.clear')}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {uploads.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('upload.recent.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {uploads.map((upload) => {
            const path = recentUploadPath(upload);
            return (
              <Group key={path} component="li" gap="xs" wrap="nowrap" justify="space-between">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  {upload.bundle && <IconPackage size={16} aria-hidden style={{ flexShrink: 0 }} />}
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={path} size="sm" fw={500} truncate="end">
                      {upload.filename}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate="end">
                      {[
                        upload.bundle
                          ? t('bundles.recent', { count: upload.bundle.fileCount })
                          : null,
                        formatBytes(upload.size),
                        formatWhen(upload.uploadedAt, i18n.language),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
                <CopyIconButton
                  text={appUrl(path)}
                  label={t('upload.result.copyLinkOf', { name: upload.filename })}
                />
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
