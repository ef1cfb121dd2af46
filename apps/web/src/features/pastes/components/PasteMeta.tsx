import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { PasteView } from '@pastebox/contract/schemas/paste';
import { IconClock, IconEye, IconHourglass, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';

function MetaItem({
  icon,
  children,
  title,
}: {
  icon: ReactNode;
  children: ReactNode;
  title?: string;
}) {
  const item = (
    <Group gap={4} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
  return title ? <Tooltip label={title}>{item}</Tooltip> : item;
}

/** Created time, expiry, views of the limit, format and protection of a share. */
export function PasteMeta({ paste }: { paste: PasteView }) {
  const { t, i18n } = useTranslation();
  const views =
    paste.maxViews > 0
      ? t('paste.meta.viewsOf', { views: paste.views, max: paste.maxViews })
      : t('paste.meta.views', { views: paste.views });
  return (
    <Group gap="md" style={{ rowGap: 6 }}>
      <MetaItem icon={<IconClock size={15} aria-hidden />}>
        {t('paste.meta.created', { time: formatDateTime(paste.createdAt, i18n.language) })}
      </MetaItem>
      <MetaItem icon={<IconHourglass size={15} aria-hidden />}>
        {paste.expiresAt
          ? t('paste.meta.expires', { time: formatDateTime(paste.expiresAt, i18n.language) })
          : t('paste.meta.neverExpires')}
      </MetaItem>
      <MetaItem
        icon={<IconEye size={15} aria-hidden />}
        title={paste.canEdit ? t('paste.meta.ownerNotCounted') : undefined}
      >
        {views}
      </MetaItem>
      <Badge variant="light" color="gray" size="sm">
        {paste.format === 'markdown' ? t('paste.meta.markdown') : t('paste.meta.text')}
      </Badge>
      {paste.hasPassword && (
        <Badge variant="light" color="orange" size="sm" leftSection={<IconLock size={11} />}>
          {t('paste.meta.protected')}
        </Badge>
      )}
    </Group>
  );
}
