import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFileChoosers } from '@/components/upload/FileChoosers';
import { useIsPhone } from '@/features/mount-explorer/hooks/use-is-phone';
import { useExplorerUploads } from './hooks/use-explorer-uploads';
import { pickedFromInput } from './lib/picked-files';

/**
 * The toolbar's "Upload files" and "Upload folder": each opens the browser's chooser (a
 * hidden input); a chosen folder keeps its structure below the folder on screen.
 */
export function ExplorerUploadButtons() {
  const { t } = useTranslation();
  const { canUpload, upload } = useExplorerUploads();
  const phone = useIsPhone();
  const { openFiles, openFolder, choosers } = useFileChoosers(
    (files) => upload(pickedFromInput(files)),
    {
      files: t('explorerUpload.uploadFiles'),
      folder: t('explorerUpload.uploadFolder'),
      testId: 'explorer-upload',
    },
  );

  const buttons = [
    { label: t('explorerUpload.uploadFiles'), Icon: IconUpload, open: openFiles },
    { label: t('explorerUpload.uploadFolder'), Icon: IconFolderUp, open: openFolder },
  ];

  return (
    <>
      {buttons.map(({ label, Icon, open }) =>
        // On a phone the toolbar has room for icons only, as its other actions are.
        phone ? (
          <Tooltip key={label} label={label}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={label}
              disabled={!canUpload}
              onClick={open}
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
            onClick={open}
          >
            {label}
          </Button>
        ),
      )}
      {choosers}
    </>
  );
}
