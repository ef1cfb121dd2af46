import { Group, SegmentedControl, Text } from '@mantine/core';
import type { PasteFormat } from '@pastebox/contract/schemas/paste';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from './ExportMenu';
import { ImportFileButton } from './ImportFileButton';

export interface EditorBarProps {
  content: string;
  format: PasteFormat;
  onFormatChange: (format: PasteFormat) => void;
  onImport: (content: string, format: PasteFormat) => void;
  lastSavedAt: number | null;
  getPreview: () => HTMLElement | null;
}

/** Above the editor: Markdown / plain-text switch, draft status, import and export. */
export function EditorBar(props: EditorBarProps) {
  const { content, format, lastSavedAt } = props;
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" gap="sm">
      <SegmentedControl
        size="xs"
        value={format}
        onChange={(value) => props.onFormatChange(value === 'text' ? 'text' : 'markdown')}
        data={[
          { value: 'markdown', label: t('editor.format.markdown') },
          { value: 'text', label: t('editor.format.text') },
        ]}
        aria-label={t('editor.format.label')}
      />
      <Group gap="xs">
        {lastSavedAt !== null && (
          <Group gap={4} c="dimmed" visibleFrom="xs" wrap="nowrap">
            <IconDeviceFloppy size={14} aria-hidden />
            <Text size="xs" c="dimmed">
              {t('editor.draft.savedAt', {
                time: new Date(lastSavedAt).toLocaleTimeString(i18n.language, {
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              })}
            </Text>
          </Group>
        )}
        <ImportFileButton hasContent={content.trim() !== ''} onImport={props.onImport} />
        <ExportMenu content={content} format={format} getPreview={props.getPreview} />
      </Group>
    </Group>
  );
}
