import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PasteFormat } from '@pastebox/contract/schemas/paste';
import {
  IconChevronDown,
  IconFileExport,
  IconFileText,
  IconFileTypeHtml,
  IconFileTypePdf,
  IconFileTypePng,
  IconMarkdown,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { exportBaseName } from '@/features/editor/lib/download';
import {
  exportHtml,
  exportPdf,
  exportPng,
  exportSource,
} from '@/features/editor/lib/export-document';

export interface ExportMenuProps {
  content: string;
  format: PasteFormat;
  /** The rendered preview (Markdown mode), source of the HTML, PNG and PDF exports. */
  getPreview: () => HTMLElement | null;
}

type RenderedKind = 'html' | 'png' | 'pdf';

/** Exports the current content as Markdown/text, HTML, PNG or PDF. */
export function ExportMenu({ content, format, getPreview }: ExportMenuProps) {
  const { t, i18n } = useTranslation();
  const empty = content.trim() === '';

  const exportRendered = async (kind: RenderedKind) => {
    const preview = getPreview();
    const baseName = exportBaseName(new Date());
    if (!preview) {
      notifications.show({ color: 'red', message: t('editor.export.previewMissing') });
      return;
    }
    if (kind === 'html') {
      const heading = preview.querySelector('h1, h2')?.textContent?.trim();
      exportHtml(preview, heading || t('app.name'), i18n.language, baseName);
      return;
    }
    const id = notifications.show({
      loading: true,
      autoClose: false,
      message: t('editor.export.working'),
    });
    try {
      await (kind === 'png' ? exportPng(preview, baseName) : exportPdf(preview, baseName));
      notifications.update({
        id,
        loading: false,
        autoClose: 3000,
        color: 'teal',
        message: t('editor.export.done'),
      });
    } catch {
      notifications.update({
        id,
        loading: false,
        autoClose: 8000,
        color: 'red',
        title: t('editor.export.failed'),
        message: t('editor.export.crossOriginHint'),
      });
    }
  };

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileExport size={16} />}
          rightSection={<IconChevronDown size={14} />}
          disabled={empty}
        >
          {t('editor.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {format === 'markdown' ? (
          <Menu.Item
            leftSection={<IconMarkdown size={16} />}
            onClick={() => exportSource(content, 'markdown', exportBaseName(new Date()))}
          >
            {t('editor.export.markdown')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconFileText size={16} />}
            onClick={() => exportSource(content, 'text', exportBaseName(new Date()))}
          >
            {t('editor.export.text')}
          </Menu.Item>
        )}
        {format === 'markdown' && (
          <>
            <Menu.Item
              leftSection={<IconFileTypeHtml size={16} />}
              onClick={() => void exportRendered('html')}
            >
              {t('editor.export.html')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileTypePng size={16} />}
              onClick={() => void exportRendered('png')}
            >
              {t('editor.export.png')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileTypePdf size={16} />}
              onClick={() => void exportRendered('pdf')}
            >
              {t('editor.export.pdf')}
            </Menu.Item>
            <Menu.Divider />
            <Text size="xs" c="dimmed" px="sm" py={6}>
              {t('editor.export.crossOriginHint')}
            </Text>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
