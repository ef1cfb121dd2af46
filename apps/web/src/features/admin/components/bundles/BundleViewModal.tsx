import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { appUrl } from '@/lib/backend';
import { formatBytes } from '@/lib/uploader/format';
import { useBundle } from '@/features/admin/api/get-bundle';
import { FileName } from '@/features/admin/components/files/FileName';
import { QueryModal } from '@/features/admin/components/shared/QueryModal';

/** The files of one bundle, in order, with its link. */
function BundleFiles({ bundle, onEdit }: { bundle: BundleDetail; onEdit: () => void }) {
  const { t } = useTranslation();
  const link = appUrl(`/b/${encodeURIComponent(bundle.slug)}`);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('bundles.summary', { count: bundle.file_count, size: formatBytes(bundle.total_size) })}
      </Text>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {bundle.files.map((file) => (
          <Group key={file.id} component="li" justify="space-between" gap="sm" wrap="nowrap">
            <FileName filename={file.filename} mimetype={file.mimetype} />
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              {file.status === 'pending' && (
                <Badge size="xs" variant="light" color="yellow">
                  {t('bundles.list.pending')}
                </Badge>
              )}
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(file.size)}
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
      {bundle.files.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('bundles.list.noFiles')}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <CopyTextButton text={link}>{t('bundles.link.copy')}</CopyTextButton>
        <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common.edit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Opens a bundle from the list: what it holds, read fresh. */
export function BundleViewModal({
  bundleId,
  onClose,
  onEdit,
}: {
  bundleId: string | null;
  onClose: () => void;
  onEdit: (id: string) => void;
}) {
  const { t } = useTranslation();
  const bundle = useBundle(bundleId);
  const name = bundle.data ? bundle.data.title || bundle.data.slug : '';
  return (
    <QueryModal
      opened={bundleId !== null}
      onClose={onClose}
      title={t('bundles.view.title', { name })}
      size="lg"
      query={bundle}
    >
      {(data) => <BundleFiles bundle={data} onEdit={() => onEdit(data.id)} />}
    </QueryModal>
  );
}
