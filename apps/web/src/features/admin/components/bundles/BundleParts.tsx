import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { BundleSummary } from '@pastebox/contract/schemas/bundle';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';
import { ShareSlug } from '@/features/admin/components/ShareSlug';
import { formatBytes } from '@/lib/uploader/format';

/** The bundle's title (or "Untitled") after its icon, with its file count and size. */
export function BundleTitle({ bundle }: { bundle: BundleSummary }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <ThemeIcon variant="light" color="indigo" size={28} radius="md" aria-hidden>
        <IconPackage size={16} stroke={1.7} />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate title={bundle.title ?? undefined}>
          {bundle.title || t('bundles.list.untitled')}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {t('bundles.summary', { count: bundle.file_count, size: formatBytes(bundle.total_size) })}
        </Text>
      </Stack>
    </Group>
  );
}

/** The link suffix to /b/{slug}, with a lock for a password. */
export function BundleSlug({ bundle }: { bundle: BundleSummary }) {
  const { t } = useTranslation();
  return (
    <ShareSlug
      slug={bundle.slug}
      to={`/b/${encodeURIComponent(bundle.slug)}`}
      lockLabel={bundle.has_password ? t('bundles.list.passwordProtected') : null}
    />
  );
}

/** "Expired" in red (also out of views), "never" in grey, or the instant. */
export function BundleExpiry({
  bundle,
  compact = false,
}: {
  bundle: BundleSummary;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (bundle.expired) {
    return (
      <Badge color="red" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
        {t('bundles.list.expired')}
      </Badge>
    );
  }
  if (!bundle.expires_at) {
    return (
      <Badge color="gray" variant="light" size="sm" style={{ minWidth: 'max-content' }} tt="none">
        {t('bundles.list.never')}
      </Badge>
    );
  }
  return <DateText iso={bundle.expires_at} withTime={!compact} />;
}

/** Views so far, over the limit when there is one. */
export function bundleViews(bundle: BundleSummary): string {
  return bundle.max_views > 0 ? `${bundle.views} / ${bundle.max_views}` : String(bundle.views);
}
