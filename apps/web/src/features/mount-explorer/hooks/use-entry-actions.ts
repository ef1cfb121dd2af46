import { notifications } from '@mantine/notifications';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/error-message';
import { downloadZip } from '@/features/mount-explorer/api/download-zip';
import { downloadFile } from '@/features/mount-explorer/api/get-file-link';
import type { TransferMode } from '@/features/mount-explorer/copy';
import { explorerUrl } from '@/features/mount-explorer/lib/explorer-paths';
import { PREVIEW_LINK_STATE } from './use-explorer-location';
import { useConfirmRemove } from './use-confirm-remove';

/** The one dialog of the explorer open at a time (the preview lives in the address). */
export type ExplorerDialog =
  | { kind: 'mkdir' }
  | { kind: 'newFile' }
  | { kind: 'rename'; entry: FsEntry }
  | { kind: 'share'; entry: FsEntry }
  | { kind: 'transfer'; mode: TransferMode; entries: FsEntry[] }
  | { kind: 'edit'; path: string; name: string; isNew: boolean };

/** What can be done to entries, from a menu, the selection bar or the preview. */
export interface EntryActions {
  open: (entry: FsEntry) => void;
  edit: (entry: FsEntry) => void;
  download: (entry: FsEntry) => void;
  /** A folder (the current one, or an entry's) as a streamed ZIP. */
  downloadZip: (path: string) => void;
  share: (entry: FsEntry) => void;
  rename: (entry: FsEntry) => void;
  copy: (entries: FsEntry[]) => void;
  move: (entries: FsEntry[]) => void;
  remove: (entries: FsEntry[], onDone?: () => void) => void;
}

/** The explorer's actions on the entries of `folder`, and the dialog they open. */
export function useEntryActions(folder: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmRemove = useConfirmRemove();
  const [dialog, setDialog] = useState<ExplorerDialog | null>(null);

  const actions = useMemo<EntryActions>(
    () => ({
      open: (entry) => {
        if (entry.isDirectory) {
          void navigate(explorerUrl(entry.path));
        } else {
          void navigate(explorerUrl(folder, entry.name), { state: PREVIEW_LINK_STATE });
        }
      },
      edit: (entry) =>
        setDialog({ kind: 'edit', path: entry.path, name: entry.name, isNew: false }),
      download: (entry) => {
        downloadFile(entry.path).catch((error: unknown) =>
          notifications.show({
            color: 'red',
            title: t('explorer.actions.downloadFailed'),
            message: errorMessage(t, error),
          }),
        );
      },
      downloadZip: (path) => {
        downloadZip(path).catch((error: unknown) =>
          notifications.show({
            color: 'red',
            title: t('zipDownload.failed'),
            message: errorMessage(t, error),
          }),
        );
      },
      share: (entry) => setDialog({ kind: 'share', entry }),
      rename: (entry) => setDialog({ kind: 'rename', entry }),
      copy: (entries) => setDialog({ kind: 'transfer', mode: 'copy', entries }),
      move: (entries) => setDialog({ kind: 'transfer', mode: 'move', entries }),
      remove: confirmRemove,
    }),
    [folder, navigate, confirmRemove, t],
  );

  /**
   * Closes the dialog if it is still of this kind: a dialog that hands over to another
   * (new file → editor) must not close its successor when it closes itself.
   */
  const closeDialog = useCallback(
    (kind: ExplorerDialog['kind']) =>
      setDialog((current) => (current?.kind === kind ? null : current)),
    [],
  );

  return { dialog, setDialog, closeDialog, actions };
}
