import { notifications } from '@mantine/notifications';
import { joinPath, parentOf } from '@pastebox/contract/rules/virtual-path';
import { useTranslation } from 'react-i18next';
import { useMakeFolder } from '@/features/mount-explorer/api/make-folder';
import { useRenameEntry } from '@/features/mount-explorer/api/rename-entry';
import type { ExplorerDialog } from '@/features/mount-explorer/hooks/use-entry-actions';
import { NameDialog } from './NameDialog';
import { ShareLinkDialog } from './ShareLinkDialog';

export interface ExplorerDialogsProps {
  folder: string;
  /** The names in the folder, so a taken name is refused before asking the server. */
  siblings: readonly string[];
  dialog: ExplorerDialog | null;
  onOpen: (dialog: ExplorerDialog) => void;
  onClose: (kind: ExplorerDialog['kind']) => void;
}

/** The name dialogs (new folder, new text file, rename) and the share link. */
export function ExplorerDialogs({
  folder,
  siblings,
  dialog,
  onOpen,
  onClose,
}: ExplorerDialogsProps) {
  const { t } = useTranslation();
  const makeFolder = useMakeFolder();
  const rename = useRenameEntry();
  const renaming = dialog?.kind === 'rename' ? dialog.entry : null;

  return (
    <>
      <NameDialog
        opened={dialog?.kind === 'mkdir'}
        onClose={() => onClose('mkdir')}
        title={t('explorer.name.folderTitle')}
        confirmLabel={t('explorer.name.create')}
        placeholder={t('explorer.name.folderPlaceholder')}
        siblings={siblings}
        onSubmit={async (name) => {
          await makeFolder.mutateAsync(joinPath(folder, name));
          notifications.show({
            color: 'green',
            message: t('explorer.name.folderCreated', { name }),
          });
        }}
      />
      <NameDialog
        opened={dialog?.kind === 'newFile'}
        onClose={() => onClose('newFile')}
        title={t('explorer.name.fileTitle')}
        confirmLabel={t('explorer.name.create')}
        placeholder={t('explorer.name.filePlaceholder')}
        siblings={siblings}
        // Nothing is stored yet: the editor's first save creates the file.
        onSubmit={(name) => {
          onOpen({ kind: 'edit', path: joinPath(folder, name), name, isNew: true });
          return Promise.resolve();
        }}
      />
      <NameDialog
        opened={renaming !== null}
        onClose={() => onClose('rename')}
        title={t('explorer.name.renameTitle', { name: renaming?.name ?? '' })}
        confirmLabel={t('explorer.name.rename')}
        initialName={renaming?.name ?? ''}
        siblings={siblings}
        // A new name is one name; putting the entry elsewhere is Move to… (issue 30).
        slashProblem={t('explorer.name.slashUseMove')}
        onSubmit={async (name) => {
          if (!renaming) {
            return;
          }
          await rename.mutateAsync({
            oldPath: renaming.path,
            newPath: joinPath(parentOf(renaming.path), name),
          });
          notifications.show({ color: 'green', message: t('explorer.name.renamed', { name }) });
        }}
      />
      <ShareLinkDialog
        entry={dialog?.kind === 'share' ? dialog.entry : null}
        onClose={() => onClose('share')}
      />
    </>
  );
}
