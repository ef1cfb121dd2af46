import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FileShare } from '@pastebox/contract/schemas/file';
import { IconExternalLink, IconLockOpen, IconQrcode, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { appUrl } from '@/lib/backend';
import { errorMessage } from '@/lib/error-message';
import type { PrivateShare } from './use-private-share';

interface PrivateShareDialogProps {
  share: PrivateShare;
  /** Shows the QR code of the file once it is shared. */
  onQr: (file: FileShare) => void;
}

/**
 * Asks before sharing a private file (when its link or QR button was pressed), and hands
 * out its link once shared: the link, copy, QR code and open.
 */
export function PrivateShareDialog({ share, onQr }: PrivateShareDialogProps) {
  const { t } = useTranslation();
  const current = share.state;
  const name = { name: current?.file.filename ?? '' };
  return (
    <Modal
      opened={current !== null}
      onClose={share.close}
      centered
      title={
        <Text fw={600} truncate maw="70vw">
          {current?.shared
            ? t('privateShares.sharedTitle', name)
            : t('privateShares.askTitle', name)}
        </Text>
      }
    >
      {current &&
        (current.shared ? <SharedLink file={current.file} onQr={onQr} /> : <Ask share={share} />)}
    </Modal>
  );
}

/** Why the link is held back, and the one button that shares it. */
function Ask({ share }: { share: PrivateShare }) {
  const { t } = useTranslation();
  const name = share.state?.file.filename ?? '';
  return (
    <Stack gap="md">
      <Text size="sm">{t('privateShares.askBody')}</Text>
      {share.error && (
        <Alert color="red" variant="light" role="alert" title={t('privateShares.failed')}>
          {errorMessage(t, share.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={share.close} disabled={share.sharing}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={<IconLockOpen size={16} />}
          loading={share.sharing}
          onClick={share.confirm}
          aria-label={t('privateShares.shareItOf', { name })}
        >
          {t('privateShares.shareIt')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The link of a file just shared, to copy, show as a QR code or open. */
function SharedLink({ file, onQr }: { file: FileShare; onQr: (file: FileShare) => void }) {
  const { t } = useTranslation();
  const link = appUrl(`/file/${encodeURIComponent(file.slug)}`);
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="nowrap">
        <IconWorld size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">{t('privateShares.sharedBody')}</Text>
      </Group>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {link}
      </Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={() => onQr(file)}>
          {t('privateShares.qr')}
        </Button>
        <Button
          component="a"
          variant="default"
          href={link}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconExternalLink size={16} />}
        >
          {t('privateShares.open')}
        </Button>
        <CopyTextButton text={link} variant="filled">
          {t('privateShares.copyLink')}
        </CopyTextButton>
      </Group>
    </Stack>
  );
}
