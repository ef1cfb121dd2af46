import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PasteView } from '@pastebox/contract/schemas/paste';
import { IconFileText, IconPencil, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { apiUrl, appUrl } from '@/lib/backend';

export interface PasteActionsProps {
  paste: PasteView;
  /** The password the reader typed, for the raw link of a protected share. */
  password: string | null;
  onEdit?: () => void;
}

/** Copy content, copy link, raw text, QR code and — for its owner — edit. */
export function PasteActions({ paste, password, onEdit }: PasteActionsProps) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const slug = encodeURIComponent(paste.slug);
  const link = appUrl(`/paste/${slug}`);
  const query = password ? `?password=${encodeURIComponent(password)}` : '';
  const rawLink = apiUrl(`/raw/${slug}${query}`);

  return (
    <Group gap="xs">
      <CopyTextButton text={paste.content ?? ''} size="xs">
        {t('paste.actions.copyContent')}
      </CopyTextButton>
      <CopyTextButton text={link} size="xs">
        {t('paste.actions.copyLink')}
      </CopyTextButton>
      <Button
        component="a"
        href={rawLink}
        target="_blank"
        rel="noopener"
        size="xs"
        variant="default"
        leftSection={<IconFileText size={16} />}
      >
        {t('paste.actions.raw')}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconQrcode size={16} />} onClick={qr.open}>
        {t('paste.actions.qr')}
      </Button>
      {onEdit && (
        <Button size="xs" leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common.edit')}
        </Button>
      )}
      <QrCodeDialog
        opened={qrOpened}
        onClose={qr.close}
        url={link}
        fileName={`pastebox-${paste.slug}`}
      />
    </Group>
  );
}
