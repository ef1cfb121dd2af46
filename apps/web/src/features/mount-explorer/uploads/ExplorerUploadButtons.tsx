import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/mount-explorer/hooks/use-is-phone';
import { useExplorerUploads } from './hooks/use-explorer-uploads';
import { pickedFromInput } from './lib/picked-files';

/** Marks an input as a folder chooser; React knows no `webkitdirectory` prop. */
function asFolderInput(node: HTMLInputElement | null): void {
  node?.setAttribute('webkitdirectory', '');
  node?.setAttribute('directory', '');
}

/**
 * The toolbar's "Upload files" and "Upload folder": each opens the browser's chooser (a
 * hidden input); a chosen folder keeps its structure below the folder on screen.
 */
export function ExplorerUploadButtons() {
  const { t } = useTranslation();
  const { canUpload, upload } = useExplorerUploads();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const phone = useIsPhone();

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = pickedFromInput(event.currentTarget.files);
    // Cleared, so choosing the same files again fires another change.
    event.currentTarget.value = '';
    if (picked.length > 0) {
      upload(picked);
    }
  };

  const buttons = [
    { label: t('explorerUpload.uploadFiles'), Icon: IconUpload, input: filesInput },
    { label: t('explorerUpload.uploadFolder'), Icon: IconFolderUp, input: folderInput },
  ];

  return (
    <>
      {buttons.map(({ label, Icon, input }) =>
        // On a phone the toolbar has room for icons only, as its other actions are.
        phone ? (
          <Tooltip key={label} label={label}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={label}
              disabled={!canUpload}
              onClick={() => input.current?.click()}
            >
              <Icon size={18} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            key={label}
            variant="default"
            leftSection={<Icon size={16} />}
            disabled={!canUpload}
            onClick={() => input.current?.click()}
          >
            {label}
          </Button>
        ),
      )}
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('explorerUpload.uploadFiles')}
        data-testid="explorer-upload-files"
        onChange={onChosen}
      />
      <input
        ref={(node) => {
          asFolderInput(node);
          folderInput.current = node;
        }}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('explorerUpload.uploadFolder')}
        data-testid="explorer-upload-folder"
        onChange={onChosen}
      />
    </>
  );
}
