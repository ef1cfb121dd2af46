import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PasteView } from '@pastebox/contract/schemas/paste';
import { IconFileText, IconPencil, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl, publicApiUrl } from '@/lib/backend';
import { resolveServerUrl } from '@/lib/uploader/server-url';

export interface PasteActionsProps {
  paste: PasteView;
  onEdit?: () => void;
}

/**
 * The raw text of this visit: the server's `rawUrl` carries the visit's token, so it costs
 * no second view and never needs the password (which must not land in a URL: history,
 * logs, Referer). Without one (an answer cached before visits existed) the bare raw link,
 * which counts a view of its own.
 */
function rawLinkOf(paste: PasteView): string {
  if (paste.rawUrl) {
    return resolveServerUrl(paste.rawUrl);
  }
  return publicApiUrl(`/raw/${encodeURIComponent(paste.slug)}`);
}

/** Copy content, copy link, raw text, QR code and — for its owner — edit. */
export function PasteActions({ paste, onEdit }: PasteActionsProps) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  // An encrypted share's link is nothing without its key: the fragment goes with it.
  const link =
    appUrl(`/paste/${encodeURIComponent(paste.slug)}`) +
    (paste.encrypted ? window.location.hash : '');
  const rawLink = rawLinkOf(paste);

  return (
    <Group gap="xs">
      {/* The blob is no text to copy or read raw (issue 35). */}
      {!paste.encrypted && (
        <CopyTextButton text={paste.content ?? ''} size="xs">
          {t('paste.actions.copyContent')}
        </CopyTextButton>
      )}
      <CopyTextButton text={link} size="xs">
        {t('paste.actions.copyLink')}
      </CopyTextButton>
      {!paste.encrypted && (
        <Button
          component="a"
          href={rawLink}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="default"
          leftSection={<IconFileText size={16} />}
        >
          {t('paste.actions.raw')}
        </Button>
      )}
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
