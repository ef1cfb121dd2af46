import { Badge, Group } from '@mantine/core';
import type { PasteFormat } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';

/** Markdown or plain text, as a small badge; an end-to-end encrypted share says so too. */
export function FormatBadge({ format, encrypted }: { format: PasteFormat; encrypted?: boolean }) {
  const { t } = useTranslation();
  const formatBadge = (
    <Badge
      variant="light"
      color={format === 'markdown' ? 'blue' : 'gray'}
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {t(format === 'markdown' ? 'texts.formatMarkdown' : 'texts.formatText')}
    </Badge>
  );
  if (!encrypted) {
    return formatBadge;
  }
  return (
    <Group gap={4} wrap="nowrap">
      {formatBadge}
      <Badge variant="light" color="grape" size="sm" style={{ minWidth: 'max-content' }}>
        {t('texts.encrypted')}
      </Badge>
    </Group>
  );
}
