import { Box, Paper, ScrollArea, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor, type EditorFormat } from './MarkdownEditor';
import { MarkdownView } from './MarkdownView';

export interface MarkdownWorkspaceProps {
  value: string;
  onChange: (value: string) => void;
  format: EditorFormat;
  onSubmit?: () => void;
  onSave?: () => void;
  /** The rendered preview's element, for exports. */
  previewRef?: Ref<HTMLDivElement>;
  /** Height of the editing area on wide screens. */
  height?: number;
  autoFocus?: boolean;
}

const PREVIEW_DELAY_MS = 200;

/**
 * The editor with its live preview: side by side on wide screens, edit/preview tabs on
 * phones. Plain-text mode has no preview — what you type is what readers get.
 */
export function MarkdownWorkspace(props: MarkdownWorkspaceProps) {
  const { value, format, previewRef, height = 520 } = props;
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [previewSource] = useDebouncedValue(value, PREVIEW_DELAY_MS);
  const editorHeight = wide ? `${height}px` : 'max(320px, calc(100dvh - 300px))';

  const editor = (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <MarkdownEditor
        value={value}
        onChange={props.onChange}
        format={format}
        onSubmit={props.onSubmit}
        onSave={props.onSave}
        height={editorHeight}
        label={t('markdown.editorLabel')}
        // On phones focusing would throw the keyboard over the page before anyone asked.
        autoFocus={props.autoFocus && wide}
      />
    </Paper>
  );
  if (format === 'text') {
    return editor;
  }

  const body = (
    <Box p="md" aria-label={t('markdown.preview')} role="region">
      <MarkdownView
        source={previewSource}
        containerRef={previewRef}
        emptyText={t('markdown.previewEmpty')}
      />
    </Box>
  );
  const preview = (
    <Paper
      withBorder
      radius="md"
      // contain:size lets the editor alone set the row height; the preview scrolls inside.
      style={wide ? { contain: 'size', display: 'flex', flexDirection: 'column' } : undefined}
    >
      <Box px="md" py={8} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Text size="xs" fw={600} c="dimmed" tt="uppercase">
          {t('markdown.preview')}
        </Text>
      </Box>
      {wide ? (
        <ScrollArea type="auto" style={{ flex: 1, minHeight: 0 }}>
          {body}
        </ScrollArea>
      ) : (
        body
      )}
    </Paper>
  );

  if (wide) {
    return (
      <SimpleGrid cols={2} spacing="md">
        {editor}
        {preview}
      </SimpleGrid>
    );
  }
  return (
    <Tabs defaultValue="edit" variant="pills" keepMounted>
      <Tabs.List mb="sm" grow>
        <Tabs.Tab value="edit" leftSection={<IconPencil size={16} />}>
          {t('markdown.editTab')}
        </Tabs.Tab>
        <Tabs.Tab value="preview" leftSection={<IconEye size={16} />}>
          {t('markdown.previewTab')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="edit">{editor}</Tabs.Panel>
      <Tabs.Panel value="preview">{preview}</Tabs.Panel>
    </Tabs>
  );
}
