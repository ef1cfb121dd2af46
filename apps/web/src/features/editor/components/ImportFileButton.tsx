import { Button, FileButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { PasteFormat } from '@pastebox/contract/schemas/paste';
import { IconFileImport } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyImport, IMPORT_ACCEPT } from '@/features/editor/lib/import-file';

export interface ImportFileButtonProps {
  /** Whether the editor holds text that an import would replace. */
  hasContent: boolean;
  onImport: (content: string, format: PasteFormat) => void;
}

/** Opens a local .md/.txt file into the editor (SPEC §5: at most 10 MB). */
export function ImportFileButton({ hasContent, onImport }: ImportFileButtonProps) {
  const { t } = useTranslation();
  // Lets the same file be picked again after a refusal or an undo.
  const resetRef = useRef<() => void>(null);

  const load = async (file: File, format: PasteFormat) => {
    try {
      onImport(await file.text(), format);
      notifications.show({ color: 'teal', message: t('editor.import.done', { name: file.name }) });
    } catch {
      notifications.show({ color: 'red', message: t('editor.import.failed') });
    }
  };

  const pick = (file: File | null) => {
    resetRef.current?.();
    if (!file) {
      return;
    }
    const verdict = classifyImport(file);
    if ('problem' in verdict) {
      notifications.show({
        color: 'red',
        title: t('editor.import.refused'),
        message: t(`editor.import.${verdict.problem}`),
      });
      return;
    }
    if (!hasContent) {
      void load(file, verdict.format);
      return;
    }
    modals.openConfirmModal({
      title: t('editor.import.replaceTitle'),
      children: t('editor.import.replaceBody', { name: file.name }),
      labels: { confirm: t('editor.import.replace'), cancel: t('common.cancel') },
      onConfirm: () => void load(file, verdict.format),
    });
  };

  return (
    <FileButton onChange={pick} accept={IMPORT_ACCEPT} resetRef={resetRef}>
      {(props) => (
        <Button {...props} variant="default" size="xs" leftSection={<IconFileImport size={16} />}>
          {t('editor.import.button')}
        </Button>
      )}
    </FileButton>
  );
}
