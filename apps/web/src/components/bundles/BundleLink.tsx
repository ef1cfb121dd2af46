import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LinkActions } from '@/components/LinkActions';
import { appUrl } from '@/lib/backend';
import { formatBytes } from '@/lib/uploader/format';

export interface BundleLinkProps {
  slug: string;
  title: string | null;
  fileCount: number;
  totalSize: number;
  /** `#k=…` of an end-to-end encrypted bundle (issue 35): part of the link, never sent. */
  fragment?: string;
}

/**
 * A new bundle's link (issue 33), absolute, with copy, open and a QR code like a file
 * share's; shown once the upload page or the file list has created it. An encrypted
 * bundle's link carries its key after `#`, and says it cannot be had again.
 */
export function BundleLink({ slug, title, fileCount, totalSize, fragment = '' }: BundleLinkProps) {
  const { t } = useTranslation();
  const link = `${appUrl(`/b/${encodeURIComponent(slug)}`)}${fragment}`;
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
        <LinkActions
          link={link}
          labels={{
            copy: t('bundles.link.copy'),
            open: t('bundles.link.open'),
            qr: t('bundles.link.qr'),
          }}
          qrFileName={`pastebox-${slug}`}
          qrTitle={t('bundles.link.qrTitle', { name })}
        />
        {fragment && (
          <Text size="xs" c="dimmed">
            {t('upload.result.encryptedNote')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
