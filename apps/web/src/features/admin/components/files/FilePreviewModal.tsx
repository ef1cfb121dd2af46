import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FileShare } from '@pastebox/contract/schemas/file';
import {
  IconDownload,
  IconExternalLink,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconQrcode,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { appUrl } from '@/lib/backend';
import { formatBytes } from '@/lib/uploader/format';
import { useFile } from '@/features/admin/api/get-file';
import { visitLinkUrl } from '@/features/admin/api/get-file-preview-text';
import { MetaField } from '@/features/admin/components/shared/MetaField';
import { QueryModal } from '@/features/admin/components/shared/QueryModal';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { formatDateTime } from '@/features/admin/utils/format';
import { FileExpiry } from './FileExpiry';
import { FilePreviewBody } from './FilePreviewBody';
import { viewsText } from './file-kind';
import { useStorageName } from './use-storage-name';

interface FilePreviewModalProps {
  fileId: string | null;
  onClose: () => void;
  onEdit: (id: string) => void;
  onQr: (file: FileShare) => void;
  /** Shares a private file (its link then opens for everyone). */
  onShare: (file: FileShare) => void;
}

/** A share's metadata and its preview, loaded fresh so the visit links are valid. */
export function FilePreviewModal({
  fileId,
  onClose,
  onEdit,
  onQr,
  onShare,
}: FilePreviewModalProps) {
  const { t } = useTranslation();
  const file = useFile(fileId);
  return (
    <QueryModal
      opened={fileId !== null}
      onClose={onClose}
      title={
        <Text fw={600} truncate maw="60vw">
          {file.data?.filename ?? t('files.preview')}
        </Text>
      }
      size="xl"
      query={file}
    >
      {(data) => (
        <FileDetails
          file={data}
          onEdit={() => onEdit(data.id)}
          onQr={() => onQr(data)}
          onShare={() => onShare(data)}
        />
      )}
    </QueryModal>
  );
}

function FileDetails({
  file,
  onEdit,
  onQr,
  onShare,
}: {
  file: FileShare;
  onEdit: () => void;
  onQr: () => void;
  onShare: () => void;
}) {
  const { t, i18n } = useTranslation();
  const creator = useCreatorName(file.created_by);
  const storage = useStorageName(file.s3_config_id, file.provider_type);
  const link = appUrl(`/file/${file.slug}`);
  return (
    <Stack gap="md">
      <FilePreviewBody file={file} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs">
        <Meta label={t('files.columns.size')}>{formatBytes(file.size)}</Meta>
        <Meta label={t('files.type')}>{file.mimetype || '—'}</Meta>
        <Meta label={t('files.columns.storage')}>{storage}</Meta>
        <Meta label={t('files.columns.createdAt')}>
          {formatDateTime(file.created_at, i18n.language)}
        </Meta>
        <Meta label={t('files.columns.expiresAt')}>
          <FileExpiry file={file} />
        </Meta>
        <Meta label={t('files.columns.views')}>{viewsText(file)}</Meta>
        <Meta label={t('files.password')}>
          {file.has_password ? t('files.passwordProtected') : t('files.noPassword')}
        </Meta>
        <Meta label={t('files.columns.creator')}>{creator}</Meta>
        <Meta label={t('files.columns.remark')}>{file.remark || '—'}</Meta>
      </SimpleGrid>
      <Text size="sm" ff="monospace" truncate title={link}>
        {link}
      </Text>
      {file.private && (
        <Alert color="grape" variant="light" icon={<IconLock size={18} />} p="xs">
          <Text size="sm">{t('privateShares.previewNotice')}</Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        {file.private ? (
          <Button
            leftSection={<IconLockOpen size={16} />}
            onClick={onShare}
            aria-label={t('privateShares.shareItOf', { name: file.filename })}
          >
            {t('privateShares.shareIt')}
          </Button>
        ) : (
          <>
            <CopyTextButton text={link}>{t('files.copyLink')}</CopyTextButton>
            <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={onQr}>
              {t('files.qr')}
            </Button>
          </>
        )}
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common.edit')}
        </Button>
        {file.downloadUrl && (
          <Button
            component="a"
            variant="default"
            href={visitLinkUrl(file.downloadUrl)}
            leftSection={<IconDownload size={16} />}
          >
            {t('common.download')}
          </Button>
        )}
        <Button
          component="a"
          href={link}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconExternalLink size={16} />}
        >
          {t('files.open')}
        </Button>
      </Group>
    </Stack>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <MetaField label={label} truncate>
      {children}
    </MetaField>
  );
}
