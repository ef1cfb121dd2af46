import { Table, Text } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import { DateText } from '@/features/admin/components/DateText';
import { SelectableRow } from '@/features/admin/components/shared/ItemFrames';
import { useCreatorName } from '@/features/admin/hooks/use-creator-name';
import { ExpiryBadge } from './ExpiryBadge';
import { FormatBadge } from './FormatBadge';
import { PasteActions, type PasteActionHandlers } from './PasteActions';
import { PasteSlug } from './PasteSlug';

interface PasteRowProps extends PasteActionHandlers {
  paste: PasteListItem;
  selected: boolean;
  onToggle: () => void;
}

/** One share as a table row (wide screens). */
export function PasteRow({ paste, selected, onToggle, ...actions }: PasteRowProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(paste.created_by);
  return (
    <SelectableRow
      selected={selected}
      onToggle={onToggle}
      checkboxLabel={t('texts.selectRow', { slug: paste.slug })}
    >
      <Table.Td>
        <PasteSlug slug={paste.slug} hasPassword={paste.hasPassword} />
      </Table.Td>
      <Table.Td maw={200}>
        <Text
          size="sm"
          truncate
          title={paste.remark ?? undefined}
          c={paste.remark ? undefined : 'dimmed'}
        >
          {paste.remark || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <FormatBadge format={paste.format} encrypted={paste.encrypted} />
      </Table.Td>
      <Table.Td>
        <ExpiryBadge expiresAt={paste.expiresAt} expired={paste.expired} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {pasteViews(paste)}
        </Text>
      </Table.Td>
      <Table.Td>
        <DateText iso={paste.createdAt} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate maw={150}>
          {creator}
        </Text>
      </Table.Td>
      <Table.Td>
        <PasteActions paste={paste} {...actions} />
      </Table.Td>
    </SelectableRow>
  );
}

/** "views / max", ∞ without a limit. */
export function pasteViews(paste: { views: number; maxViews: number }): string {
  return `${paste.views} / ${paste.maxViews > 0 ? paste.maxViews : '∞'}`;
}
