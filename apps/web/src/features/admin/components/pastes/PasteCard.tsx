import { Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { DateText } from '../DateText';
import { ExpiryBadge } from './ExpiryBadge';
import { FormatBadge } from './FormatBadge';
import { PasteActions, type PasteActionHandlers } from './PasteActions';
import { PasteSlug } from './PasteSlug';

interface PasteCardProps extends PasteActionHandlers {
  paste: PasteListItem;
  selected: boolean;
  onToggle: () => void;
}

/** One share on a phone: the table's columns stacked so nothing scrolls out of reach. */
export function PasteCard({ paste, selected, onToggle, ...actions }: PasteCardProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(paste.created_by);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Checkbox
              aria-label={t('texts.selectRow', { slug: paste.slug })}
              checked={selected}
              onChange={onToggle}
            />
            <PasteSlug slug={paste.slug} hasPassword={paste.hasPassword} />
          </Group>
          <FormatBadge format={paste.format} />
        </Group>
        {paste.remark && (
          <Text size="sm" lineClamp={2}>
            {paste.remark}
          </Text>
        )}
        <Group gap="xs" c="dimmed">
          <ExpiryBadge expiresAt={paste.expiresAt} expired={paste.expired} />
          <Text size="sm">·</Text>
          <Text size="sm">
            {t('texts.columns.views')} {paste.views} / {paste.maxViews > 0 ? paste.maxViews : '∞'}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <DateText iso={paste.createdAt} />
            <Text size="xs" c="dimmed" truncate>
              {creator}
            </Text>
          </Stack>
          <PasteActions paste={paste} {...actions} />
        </Group>
      </Stack>
    </Paper>
  );
}
