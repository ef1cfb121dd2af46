import { Alert, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/MarkdownView';
import { formatBytes } from '@/lib/uploader/format';
import { codeLanguageOf } from './preview-kind';
import classes from './TextPreview.module.css';

/** Above this, highlighting would stall the page: plain text instead. */
const HIGHLIGHT_MAX_CHARS = 200_000;

/** A fenced code block no backtick run in the code can close early. */
function fencedCode(code: string, language: string): string {
  const longestRun = Math.max(2, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

export interface TextPreviewProps {
  text: string;
  filename: string;
  mimetype: string;
  markdown: boolean;
  /** Bytes shown when the file goes on beyond them; null when the text is whole. */
  truncatedAt: number | null;
}

/**
 * A text file: Markdown rendered by the shared sanitized renderer, code highlighted by the
 * same lazily loaded renderer, anything else (or anything huge) as plain text.
 */
export function TextPreview({ text, filename, mimetype, markdown, truncatedAt }: TextPreviewProps) {
  const { t } = useTranslation();
  const language = codeLanguageOf(filename, mimetype);
  const highlight = language !== null && text.length <= HIGHLIGHT_MAX_CHARS;
  return (
    <Stack gap="xs">
      {truncatedAt !== null && (
        <Text size="sm" c="dimmed">
          {t('file.preview.truncated', { size: formatBytes(truncatedAt) })}
        </Text>
      )}
      {markdown ? (
        <MarkdownView source={text} />
      ) : highlight ? (
        <div className={classes.code} aria-label={t('file.preview.text', { name: filename })}>
          <MarkdownView source={fencedCode(text, language)} />
        </div>
      ) : (
        <ScrollArea.Autosize mah="75vh" type="auto">
          <pre className={classes.plain} aria-label={t('file.preview.text', { name: filename })}>
            {text}
          </pre>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/** Three lines of skeleton while a text file loads. */
export function TextPreviewLoading() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" aria-busy="true" aria-label={t('file.preview.loading')}>
      <Skeleton height={14} width="70%" />
      <Skeleton height={14} />
      <Skeleton height={14} width="85%" />
    </Stack>
  );
}

/** The preview could not be loaded; `detail` says why when the caller knows. */
export function PreviewFailed({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={detail ? t('file.preview.failed') : undefined}
    >
      {detail ?? t('file.preview.failed')}
    </Alert>
  );
}
