import { Badge } from '@mantine/core';
import type { PasteFormat } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';

/** Markdown or plain text, as a small badge. */
export function FormatBadge({ format }: { format: PasteFormat }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={format === 'markdown' ? 'blue' : 'gray'}
      size="sm"
      style={{ minWidth: 'max-content' }}
    >
      {t(format === 'markdown' ? 'texts.formatMarkdown' : 'texts.formatText')}
    </Badge>
  );
}
