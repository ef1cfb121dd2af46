import { ActionIcon, Anchor, Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import type { PasteListItem } from '@pastebox/contract/schemas/paste';
import { IconEye, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateText } from '../DateText';
import { ExpiryBadge } from './ExpiryBadge';
import { useCreatorName } from '../../hooks/use-creator-name';

interface PasteRowProps {
  paste: PasteListItem;
  selected: boolean;
  onToggle: () => void;
  onView: (id: string) => void;
  onEdit: (id: string) => void;
  onDelete: (paste: PasteListItem) => void;
}

export function PasteRow({ paste, selected, onToggle, onView, onEdit, onDelete }: PasteRowProps) {
  const { t } = useTranslation();
  const creator = useCreatorName(paste.created_by);
  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Checkbox
          aria-label={t('texts.selectRow', { slug: paste.slug })}
          checked={selected}
          onChange={onToggle}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={`/paste/${paste.slug}`}
            ff="monospace"
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
          >
            {paste.slug}
          </Anchor>
          {paste.hasPassword && (
            <Tooltip label={t('texts.passwordProtected')}>
              <IconLock
                size={15}
                stroke={1.8}
                aria-label={t('texts.passwordProtected')}
                color="var(--mantine-color-orange-6)"
              />
            </Tooltip>
          )}
        </Group>
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
        <Badge
          variant="light"
          color={paste.format === 'markdown' ? 'blue' : 'gray'}
          size="sm"
          style={{ minWidth: 'max-content' }}
        >
          {t(paste.format === 'markdown' ? 'texts.formatMarkdown' : 'texts.formatText')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <ExpiryBadge expiresAt={paste.expiresAt} expired={paste.expired} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {paste.views} / {paste.maxViews > 0 ? paste.maxViews : '∞'}
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
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.view')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('texts.viewPaste', { slug: paste.slug })}
              onClick={() => onView(paste.id)}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('texts.editPaste', { slug: paste.slug })}
              onClick={() => onEdit(paste.id)}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('texts.deletePaste', { slug: paste.slug })}
              onClick={() => onDelete(paste)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
