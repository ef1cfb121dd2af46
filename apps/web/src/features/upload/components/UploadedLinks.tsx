import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { CountdownLinkText } from '@/components/CountdownLinkText';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';

/** The link of an uploaded file with copy, open and QR code (SPEC §2 "QR-code dialog"). */
export function UploadedLinks({ slug, filename }: { slug: string; filename: string }) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const path = `/file/${encodeURIComponent(slug)}`;
  const link = appUrl(path);
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <CountdownLinkText link={link} to={path} />
      <CopyIconButton text={link} label={t('upload.result.copyLinkOf', { name: filename })} />
      <Tooltip label={t('upload.result.open')}>
        <ActionIcon
          component="a"
          href={link}
          target="_blank"
          rel="noopener"
          variant="subtle"
          color="gray"
          aria-label={t('upload.result.open')}
        >
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('upload.result.qr')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={qr.open}
          aria-label={t('upload.result.qrOf', { name: filename })}
        >
          <IconQrcode size={16} />
        </ActionIcon>
      </Tooltip>
      <QrCodeDialog opened={qrOpened} onClose={qr.close} url={link} fileName={`pastebox-${slug}`} />
    </Group>
  );
}
