import type { PasteFormat } from '@pastebox/contract/schemas/paste';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/MarkdownView';
import classes from './PasteContent.module.css';

/** The share's text: rendered Markdown, or plain text exactly as written. */
export function PasteContent({ content, format }: { content: string; format: PasteFormat }) {
  const { t } = useTranslation();
  if (format === 'markdown') {
    return <MarkdownView source={content} emptyText={t('paste.empty')} />;
  }
  return (
    <pre className={classes.plain} aria-label={t('paste.meta.text')} data-testid="plain-text">
      {content}
    </pre>
  );
}
