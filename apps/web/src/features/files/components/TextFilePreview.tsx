import { Alert, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '@/components/markdown/MarkdownView';
import { formatBytes } from '@/lib/uploader/format';
import { TEXT_PREVIEW_BYTES, useFileText } from '@/features/files/api/get-file-text';
import { codeLanguageOf } from '@/features/files/lib/preview-kind';
import classes from './TextFilePreview.module.css';

/** Above this, highlighting would stall the page: plain text instead. */
const HIGHLIGHT_MAX_CHARS = 200_000;

/** A fenced code block no backtick run in the code can close early. */
function fencedCode(code: string, language: string): string {
  const longestRun = Math.max(2, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

export interface TextFilePreviewProps {
  previewUrl: string;
  filename: string;
  mimetype: string;
  size: number;
  markdown: boolean;
}

/**
 * A text file: Markdown rendered by the shared sanitized renderer, code highlighted by the
 * same lazily loaded renderer, anything else (or anything huge) as plain text.
 */
export function TextFilePreview(props: TextFilePreviewProps) {
  const { previewUrl, filename, mimetype, size, markdown } = props;
  const { t } = useTranslation();
  const query = useFileText(previewUrl, size);

  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('file.preview.loading')}>
        <Skeleton height={14} width="70%" />
        <Skeleton height={14} />
        <Skeleton height={14} width="85%" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {t('file.preview.failed')}
      </Alert>
    );
  }
  const { text, truncated } = query.data;
  const language = codeLanguageOf(filename, mimetype);
  const highlight = language !== null && text.length <= HIGHLIGHT_MAX_CHARS;

  return (
    <Stack gap="xs">
      {truncated && (
        <Text size="sm" c="dimmed">
          {t('file.preview.truncated', { size: formatBytes(TEXT_PREVIEW_BYTES) })}
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
