import { ActionIcon, Anchor, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink, IconPackage, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '@/components/CopyButton';
import { QrCodeDialog } from '@/components/QrCodeDialog';
import { appUrl } from '@/lib/backend';
import { formatBytes } from '@/lib/uploader/format';

export interface BundleLinkProps {
  slug: string;
  title: string | null;
  fileCount: number;
  totalSize: number;
}

/**
 * A new bundle's link (issue 33), absolute, with copy, open and a QR code like a file
 * share's; shown once the upload page or the file list has created it.
 */
export function BundleLink({ slug, title, fileCount, totalSize }: BundleLinkProps) {
  const { t } = useTranslation();
  const [qrOpened, qr] = useDisclosure(false);
  const link = appUrl(`/b/${encodeURIComponent(slug)}`);
  const name = title || slug;
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-label={t('bundles.link.ready')}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="teal" size={36} radius="md" aria-hidden>
            <IconPackage size={20} />
          </ThemeIcon>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end">
              {t('bundles.link.ready')}
            </Text>
            <Text size="sm" c="dimmed" truncate="end">
              {t('bundles.link.summary', {
                name,
                count: fileCount,
                size: formatBytes(totalSize),
              })}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" miw={0}>
          <Anchor
            href={link}
            ff="monospace"
            size="sm"
            truncate="end"
            style={{ flex: 1, minWidth: 0 }}
          >
            {link}
          </Anchor>
          <CopyIconButton text={link} label={t('bundles.link.copy')} />
          <Tooltip label={t('bundles.link.open')}>
            <ActionIcon
              component="a"
              href={link}
              target="_blank"
              rel="noopener"
              variant="subtle"
              color="gray"
              aria-label={t('bundles.link.open')}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('bundles.link.qr')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={qr.open}
              aria-label={t('bundles.link.qr')}
            >
              <IconQrcode size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
      <QrCodeDialog
        opened={qrOpened}
        onClose={qr.close}
        url={link}
        fileName={`pastebox-${slug}`}
        title={t('bundles.link.qrTitle', { name })}
      />
    </Paper>
  );
}
