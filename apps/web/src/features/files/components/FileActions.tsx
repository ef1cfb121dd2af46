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
  downloadUrl: string;
}

/** Download (with this visit's token, so no further view is spent), copy link, QR code. */
export function FileActions({ slug, filename, downloadUrl }: FileActionsProps) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const link = appUrl(`/file/${encodeURIComponent(slug)}`);
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={resolveServerUrl(downloadUrl)}
        download={filename}
        leftSection={<IconDownload size={16} />}
      >
        {t('file.actions.download')}
      </Button>
      <CopyTextButton text={link}>{t('file.actions.copyLink')}</CopyTextButton>
      <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={qr.open}>
        {t('file.actions.qr')}
      </Button>
      <QrCodeDialog opened={qrOpened} onClose={qr.close} url={link} fileName={`pastebox-${slug}`} />
    </Group>
  );
}
