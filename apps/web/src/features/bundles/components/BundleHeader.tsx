import { Badge, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import { IconFileZip, IconLock, IconPackages, IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';
import { formatDateTime } from '@/lib/date-time';
import { formatBytes } from '@/lib/uploader/format';
import { resolveServerUrl } from '@/lib/uploader/server-url';

/** Count and size, expiry and the views left, as one line of facts. */
function BundleMeta({ bundle, totalSize }: { bundle: PublicBundle; totalSize: number }) {
  const { t, i18n } = useTranslation();
  const left = bundle.max_views > 0 ? Math.max(0, bundle.max_views - bundle.views) : null;
  const facts = [
    t('bundles.summary', {
      count: bundle.file_count ?? bundle.files?.length ?? 0,
      size: formatBytes(totalSize),
    }),
    bundle.expires_at
      ? t('bundles.page.expires', { date: formatDateTime(bundle.expires_at, i18n.language) })
      : t('bundles.page.neverExpires'),
    left === null
      ? t('bundles.page.unlimitedViews')
      : left === 0
        ? t('bundles.page.lastView')
        : t('bundles.page.viewsLeft', { count: left }),
  ];
  return (
    <Group gap="xs" style={{ rowGap: 4 }}>
      <Text size="sm" c="dimmed">
        {facts.join(' · ')}
      </Text>
      {bundle.requires_password && (
        <Badge variant="light" color="orange" size="sm" leftSection={<IconLock size={11} />}>
          {t('bundles.page.protected')}
        </Badge>
      )}
      {bundle.encrypted && (
        <Badge variant="light" color="grape" size="sm" leftSection={<IconLock size={11} />}>
          {t('bundles.encrypted.badge')}
        </Badge>
      )}
    </Group>
  );
}

export interface BundleHeaderProps {
  bundle: PublicBundle;
  /** An encrypted bundle (issue 35): the page's own full link, its key after `#`. */
  link?: string;
  /** An encrypted bundle: the plaintext's bytes (its own total counts ciphertext). */
  totalSize?: number;
  /** An encrypted bundle: the browser's "Download all", in place of the server's ZIP. */
  downloadAll?: ReactNode;
}

/** The bundle's title and facts, "Download all (ZIP)", copy link and QR code. */
export function BundleHeader({
  bundle,
  link: givenLink,
  totalSize,
  downloadAll,
}: BundleHeaderProps) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const link = givenLink ?? appUrl(`/b/${encodeURIComponent(bundle.slug)}`);
  const title = bundle.title || t('bundles.page.untitled');
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconPackages size={24} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <BundleMeta bundle={bundle} totalSize={totalSize ?? bundle.total_size ?? 0} />
        </Stack>
      </Group>
      <Group gap="xs">
        {downloadAll}
        {!bundle.encrypted && bundle.zipUrl && (bundle.files?.length ?? 0) > 0 && (
          // A plain link: the browser streams the archive to disk, nothing held in the page.
          <Button
            component="a"
            href={resolveServerUrl(bundle.zipUrl)}
            leftSection={<IconFileZip size={16} />}
          >
            {t('bundles.page.downloadAll')}
          </Button>
        )}
        <CopyTextButton text={link}>{t('bundles.page.copyLink')}</CopyTextButton>
        <Button variant="default" leftSection={<IconQrcode size={16} />} onClick={qr.open}>
          {t('bundles.page.qr')}
        </Button>
      </Group>
      <QrCodeDialog
        opened={qrOpened}
        onClose={qr.close}
        url={link}
        fileName={`pastebox-${bundle.slug}`}
        title={t('bundles.link.qrTitle', { name: title })}
      />
    </Stack>
  );
}
