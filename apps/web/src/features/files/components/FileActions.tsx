import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';
import { resolveServerUrl } from '@/lib/uploader/server-url';

export interface FileActionsProps {
  slug: string;
  filename: string;
  /** Null while the download cannot work (offline): the button shows, disabled. */
  downloadUrl: string | null;
}

/**
 * Download (with this visit's token, so no further view is spent), copy link, QR code.
 * Offline (no downloadUrl) Download and the QR code, which may need its code fetched, are
 * disabled; copying the page's link still works.
 */
export function FileActions({ slug, filename, downloadUrl }: FileActionsProps) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const link = appUrl(`/file/${encodeURIComponent(slug)}`);
  return (
    <Group gap="xs">
      {downloadUrl === null ? (
        <Button disabled leftSection={<IconDownload size={16} />}>
          {t('file.actions.download')}
        </Button>
      ) : (
        <Button
          component="a"
          href={resolveServerUrl(downloadUrl)}
          download={filename}
          leftSection={<IconDownload size={16} />}
        >
          {t('file.actions.download')}
        </Button>
      )}
      <CopyTextButton text={link}>{t('file.actions.copyLink')}</CopyTextButton>
      <Button
        variant="default"
        leftSection={<IconQrcode size={16} />}
        onClick={qr.open}
        disabled={downloadUrl === null}
      >
        {t('file.actions.qr')}
      </Button>
      <QrCodeDialog opened={qrOpened} onClose={qr.close} url={link} fileName={`pastebox-${slug}`} />
    </Group>
  );
}
