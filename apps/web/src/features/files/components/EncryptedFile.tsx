import { Badge, Button, Divider, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { DEFAULT_SEGMENT_BYTES } from '@pastebox/contract/e2e/format';
import { plainSize } from '@pastebox/contract/e2e/blob';
import { decodeBase64Url } from '@pastebox/contract/e2e/keys';
import { openFileMeta, type FileMeta as SealedMeta } from '@pastebox/contract/e2e/metadata';
import type { PublicFile } from '@pastebox/contract/schemas/file';
import { IconDownload, IconLock, IconPlayerStop, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { DownloadFailedAlert, DownloadSavedText } from '@/components/e2e/DownloadOutcome';
import { E2eGate } from '@/components/e2e/E2eGate';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { resolveServerUrl } from '@/lib/uploader/server-url';
import {
  useDecryptingDownload,
  type DecryptingSaving,
  type OpeningSecrets,
} from '@/lib/e2e/use-decrypting-download';
import { FileHeaderIcon } from './FileHeaderIcon';
import { FileMeta } from './FileMeta';

/**
 * An end-to-end encrypted file's page (issue 35): behind the gate (the link's key, the
 * password) its real name and type are decrypted from the sealed metadata, and Download
 * decrypts the ciphertext as it arrives and saves it as a stream. The server's answer
 * never reaches the screen as anything but a size.
 */

type OpenedFile = PublicFile & { downloadUrl: string; encrypted_meta: string };

interface Opened extends OpeningSecrets {
  meta: SealedMeta;
}

/** Download: the ciphertext decrypted as it arrives, saved under the file's real name. */
function useFileDownload(file: OpenedFile, opened: Opened) {
  const download = useDecryptingDownload(opened);
  const start = () =>
    download.start(opened.meta.name, file.size, {
      kind: 'file',
      url: resolveServerUrl(file.downloadUrl),
      filename: opened.meta.name,
      size: plainSize(file.size, DEFAULT_SEGMENT_BYTES),
    });
  return { ...download, start };
}

/** Progress while saving, and a plain word on how it ended. */
function DownloadStatus({ saving }: { saving: DecryptingSaving }) {
  const { t } = useTranslation();
  if (saving.state === 'saving') {
    const percent = Math.min(100, Math.round((saving.loaded / Math.max(1, saving.total)) * 100));
    return (
      <Stack gap={4} role="status">
        <Progress value={percent} aria-label={t('file.encrypted.downloading', { percent })} />
        <Text size="sm">{t('file.encrypted.downloading', { percent })}</Text>
      </Stack>
    );
  }
  if (saving.state === 'saved') {
    return <DownloadSavedText>{t('file.encrypted.saved')}</DownloadSavedText>;
  }
  if (saving.state === 'failed') {
    return <DownloadFailedAlert damaged={saving.reason === 'damaged'} />;
  }
  return null;
}

/** The file as its reader sees it once the key (and password) opened its name. */
function OpenedEncryptedFile({ file, opened }: { file: OpenedFile; opened: Opened }) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const download = useFileDownload(file, opened);
  // The whole link, key included: the reader may pass it on as they received it.
  const link = window.location.href;
  const shown = {
    ...file,
    filename: opened.meta.name,
    mimetype: opened.meta.type || 'application/octet-stream',
    size: plainSize(file.size, DEFAULT_SEGMENT_BYTES) ?? file.size,
  };
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <FileHeaderIcon filename={shown.filename} mimetype={shown.mimetype} previewUrl={null} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {shown.filename}
          </Title>
          <Group gap="xs">
            <Badge color="grape" variant="light" leftSection={<IconLock size={12} />}>
              {t('file.encrypted.badge')}
            </Badge>
          </Group>
          {file.remark && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {file.remark}
            </Text>
          )}
          <FileMeta file={shown} />
        </Stack>
      </Group>
      <Text size="sm">{t('file.encrypted.body')}</Text>
      <Group gap="xs">
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={download.start}
          loading={download.busy}
        >
          {t('file.encrypted.download')}
        </Button>
        {download.busy && (
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={16} />}
            onClick={download.stop}
          >
            {t('file.encrypted.cancel')}
          </Button>
        )}
        <CopyTextButton text={link}>{t('file.actions.copyLink')}</CopyTextButton>
        <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={qr.open}>
          {t('file.actions.qr')}
        </Button>
      </Group>
      <DownloadStatus saving={download.saving} />
      <QrCodeDialog
        opened={qrOpened}
        onClose={qr.close}
        url={link}
        fileName={`pastebox-${file.slug}`}
      />
      <Divider label={t('file.preview.title')} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('file.encrypted.noPreview')}
      </Text>
    </Stack>
  );
}

export function EncryptedFile({ file }: { file: OpenedFile }) {
  const [header] = useState(() => decodeBase64Url(file.encrypted_meta) ?? new Uint8Array(0));
  return (
    <E2eGate
      header={header}
      texts="file.encrypted"
      open={async (key, password) => ({
        meta: await openFileMeta(file.encrypted_meta, key, password),
        key,
        password,
      })}
    >
      {(opened) => <OpenedEncryptedFile file={file} opened={opened} />}
    </E2eGate>
  );
}
