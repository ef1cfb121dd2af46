import { Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from './CopyButton';

export interface QrCodeDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The link the code encodes. */
  url: string;
  /** Download name without extension, e.g. "pastebox-my-note". */
  fileName: string;
  title?: string;
}

const QR_SIZE_PX = 320;

/**
 * A QR code for a share or file link, downloadable as PNG. Always dark on white, whatever
 * the theme, because that is what phone cameras read best.
 */
export function QrCodeDialog({ opened, onClose, url, fileName, title }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ url: string; dataUrl: string } | null>(null);

  useEffect(() => {
    if (!opened) {
      return;
    }
    let cancelled = false;
    // qrcode loads on the first dialog opened, not with every page that can show one.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(url, { width: QR_SIZE_PX, margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((dataUrl) => {
        if (!cancelled) {
          setImage({ url, dataUrl });
        }
      })
      .catch(() => {
        if (!cancelled) {
          setImage(null);
        }
      });
    return () => {
      cancelled = true;
    };
  }, [opened, url]);

  const ready = image?.url === url ? image.dataUrl : null;
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('qr.title')} centered size="sm">
      <Stack align="center" gap="md">
        <Center
          w={240}
          h={240}
          bg="white"
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {ready ? (
            <Image src={ready} alt={t('qr.imageAlt')} w={240} h={240} />
          ) : (
            <Loader color="gray" aria-label={t('common.loading')} />
          )}
        </Center>
        <Text size="sm" c="dimmed" ta="center">
          {t('qr.hint')}
        </Text>
        <Group gap={4} wrap="nowrap" maw="100%">
          <Text size="sm" ff="monospace" truncate="end" title={url}>
            {url}
          </Text>
          <CopyIconButton text={url} label={t('qr.copyLink')} />
        </Group>
        <Button
          component="a"
          href={ready ?? undefined}
          download={`${fileName}-qr.png`}
          leftSection={<IconDownload size={16} />}
          disabled={!ready}
          fullWidth
        >
          {t('qr.download')}
        </Button>
      </Stack>
    </Modal>
  );
}
