import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { FsEntry, ShortLinkResult } from '@pastebox/contract/schemas/fs';
import { IconLink, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { errorMessage } from '@/lib/error-message';
import { useCreateShortLink } from '@/features/mount-explorer/api/create-short-link';
import { MUTED_TEXT } from '@/lib/entry-colors';
import { formatModified } from '@/features/mount-explorer/lib/format';

/** The lifetimes offered; the server signs links for at most 7 days (SPEC §9). */
const EXPIRIES = [
  { id: '1h', seconds: 3600 },
  { id: '1d', seconds: 86_400 },
  { id: '7d', seconds: 604_800 },
] as const;
type ExpiryId = (typeof EXPIRIES)[number]['id'];

/**
 * A link to one file that works without signing in until it expires: a short link (what
 * the QR code encodes, so a phone reads it easily) that redirects to the full signed one;
 * either can be copied.
 */
export function ShareLinkDialog({
  entry,
  onClose,
}: {
  entry: FsEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={t('explorer.share.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {entry && <ShareLinkBody entry={entry} />}
    </Modal>
  );
}

function ShareLinkBody({ entry }: { entry: FsEntry }) {
  const { t, i18n } = useTranslation();
  const [expiry, setExpiry] = useState<ExpiryId>('7d');
  const [qrOpen, setQrOpen] = useState(false);
  const link = useCreateShortLink(entry.path);
  const result: ShortLinkResult | undefined = link.data;

  return (
    <Stack gap="md">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('explorer.share.body', { name: entry.name })}
      </Text>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="explorer-share-expiry">
          {t('explorer.share.expiry')}
        </Text>
        <SegmentedControl
          aria-labelledby="explorer-share-expiry"
          value={expiry}
          onChange={(value) => {
            setExpiry(EXPIRIES.find((each) => each.id === value)?.id ?? '7d');
            link.reset();
          }}
          data={EXPIRIES.map((each) => ({
            value: each.id,
            label: t(`explorer.share.expiries.${each.id}`),
          }))}
          fullWidth
        />
      </Stack>
      {link.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, link.error)}
        </Alert>
      )}
      {result ? (
        <Stack gap="xs">
          <LinkField
            label={t('explorer.share.shortLink')}
            copyLabel={t('explorer.share.copyShort')}
            url={result.short_url}
          />
          <LinkField
            label={t('explorer.share.fullLink')}
            copyLabel={t('explorer.share.copyFull')}
            url={result.url}
          />
          <Text size="xs" c={MUTED_TEXT}>
            {t('explorer.share.shortHint')}
          </Text>
          <Text size="xs" c={MUTED_TEXT}>
            {t('explorer.share.until', { date: formatModified(result.expires_at, i18n.language) })}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              leftSection={<IconQrcode size={16} />}
              onClick={() => setQrOpen(true)}
            >
              {t('explorer.share.qr')}
            </Button>
          </Group>
          <QrCodeDialog
            opened={qrOpen}
            onClose={() => setQrOpen(false)}
            url={result.short_url}
            fileName={entry.name}
          />
        </Stack>
      ) : (
        <Group justify="flex-end">
          <Button
            leftSection={<IconLink size={16} />}
            loading={link.isPending}
            onClick={() =>
              link.mutate(EXPIRIES.find((each) => each.id === expiry)?.seconds ?? 604_800)
            }
          >
            {t('explorer.share.create')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One link, read-only, selected on focus, with its copy button. */
function LinkField({ label, copyLabel, url }: { label: string; copyLabel: string; url: string }) {
  return (
    <TextInput
      label={label}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSection={<CopyIconButton text={url} label={copyLabel} />}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}
