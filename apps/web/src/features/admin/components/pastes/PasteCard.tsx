import { Group, Text } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import {
  CardFooter,
  CardUsage,
  RowCheckbox,
  SelectableCard,
} from '@/features/admin/components/shared/ItemFrames';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { ExpiryBadge } from './ExpiryBadge';
import { FormatBadge } from './FormatBadge';
import { PasteActions, type PasteActionHandlers } from './PasteActions';
import { pasteViews } from './PasteRow';
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
    <SelectableCard selected={selected}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <RowCheckbox
            selected={selected}
            onToggle={onToggle}
            checkboxLabel={t('texts.selectRow', { slug: paste.slug })}
          />
          <PasteSlug slug={paste.slug} hasPassword={paste.hasPassword} />
        </Group>
        <FormatBadge format={paste.format} encrypted={paste.encrypted} />
      </Group>
      {paste.remark && (
        <Text size="sm" lineClamp={2}>
          {paste.remark}
        </Text>
      )}
      <CardUsage
        expiry={<ExpiryBadge expiresAt={paste.expiresAt} expired={paste.expired} />}
        views={`${t('texts.columns.views')} ${pasteViews(paste)}`}
      />
      <CardFooter
        createdAt={paste.createdAt}
        creator={creator}
        actions={<PasteActions paste={paste} {...actions} />}
      />
    </SelectableCard>
  );
}
