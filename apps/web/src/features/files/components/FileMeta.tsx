import { Badge, Group, Text } from '@mantine/core';
import type { PublicFile } from '@pastebox/contract/schemas/file';
import {
  IconClock,
  IconDatabase,
  IconEye,
  IconFileDescription,
  IconHourglass,
  IconLock,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';
import { formatBytes } from '@/lib/uploader/format';

function MetaItem({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" c="dimmed">
        <Text span size="sm" c="dimmed" fw={500}>
          {label}
        </Text>{' '}
        <Text span size="sm" c="var(--mantine-color-text)">
          {children}
        </Text>
      </Text>
    </Group>
  );
}

/** Size, type, upload time, expiry and the views left of a file share. */
export function FileMeta({ file }: { file: PublicFile }) {
  const { t, i18n } = useTranslation();
  const left = file.max_views > 0 ? Math.max(0, file.max_views - file.views) : null;
  const views =
    left === null
      ? t('file.meta.unlimitedViews')
      : left === 0
        ? t('file.meta.noViewsLeft')
        : String(left);
  return (
    <Group gap="lg" style={{ rowGap: 6 }}>
      <MetaItem icon={<IconDatabase size={15} aria-hidden />} label={t('file.meta.size')}>
        {formatBytes(file.size)}
      </MetaItem>
      <MetaItem icon={<IconFileDescription size={15} aria-hidden />} label={t('file.meta.type')}>
        {file.mimetype || 'application/octet-stream'}
      </MetaItem>
      <MetaItem icon={<IconClock size={15} aria-hidden />} label={t('file.meta.created')}>
        {formatDateTime(file.created_at, i18n.language)}
      </MetaItem>
      <MetaItem icon={<IconHourglass size={15} aria-hidden />} label={t('file.meta.expires')}>
        {file.expires_at
          ? formatDateTime(file.expires_at, i18n.language)
          : t('file.meta.neverExpires')}
      </MetaItem>
      <MetaItem icon={<IconEye size={15} aria-hidden />} label={t('file.meta.views')}>
        {views}
      </MetaItem>
      {file.requires_password && (
        <Badge variant="light" color="orange" size="sm" leftSection={<IconLock size={11} />}>
          {t('file.meta.protected')}
        </Badge>
      )}
    </Group>
  );
}
