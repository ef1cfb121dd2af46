import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  List,
  Modal,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import { baseNameOf, parentOf } from '@pastebox/contract/rules/virtual-path';
import {
  IconAlertTriangle,
  IconArrowsMove,
  IconCopy,
  IconFolder,
  IconFolderSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderPicker } from '@/components/FolderPicker';
import { errorMessage } from '@/lib/error-message';
import { useFolder } from '@/lib/fs/list-folder';
import { openTaskManager } from '@/lib/task-manager';
import { useBatchCopy } from './api/batch-copy';
import { useBatchMove, useRenameInto } from './api/batch-move';
import {
  copyItemsInto,
  movesByRename,
  sourceAlreadyIn,
  sourceContainingTarget,
  type TransferMode,
} from './lib/copy-rules';
import { transferTexts } from './lib/transfer-texts';

export interface TransferDialogProps {
  opened: boolean;
  mode: TransferMode;
  /** The selected files and folders, all of one folder. */
  entries: FsEntry[];
  /** The highest folder the caller may write (a key's base path; `/` for the admin). */
  rootPath: string;
  onClose: () => void;
}

/** How many of the selected names the dialog lists before "and N more". */
const LISTED = 5;

/**
 * "Copy to…" and "Move to…" (SPEC §2 target-folder chooser, issue 30): the target is chosen
 * in the folder picker, which offers only folders the caller may write and refuses, with
 * its reason, the items' own folder (and for a move a folder into itself). A copy, and a
 * move across mounts, run as a task the task manager shows; a move within one mount to
 * free names is done at once by renames.
 */
export function TransferDialog({ opened, mode, onClose, ...form }: TransferDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={transferTexts(t, mode, form.entries.length).title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted only while open: every opening starts with no target chosen. */}
      {opened && <TransferForm mode={mode} onClose={onClose} {...form} />}
    </Modal>
  );
}

function TransferForm({ mode, entries, rootPath, onClose }: Omit<TransferDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const sourcePaths = entries.map((entry) => entry.path);
  const texts = transferTexts(t, mode, sourcePaths.length);
  const [target, setTarget] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [skipExisting, setSkipExisting] = useState(false);
  const copy = useBatchCopy();
  const move = useBatchMove();
  const rename = useRenameInto();
  const running = [copy, move, rename].find((call) => call.isPending || call.isError);
  // The picker has just listed the chosen folder, so this answers from the cache.
  const targetFolder = useFolder(target ?? '/', target !== null);
  const loop = target === null ? null : sourceContainingTarget(sourcePaths, target);
  const outsideMounts = targetFolder.data?.isVirtual === true;
  const ready = target !== null && loop === null && !outsideMounts && sourcePaths.length > 0;

  /** Why the folder shown in the picker cannot be the target, or null. */
  const refusal = (path: string, folder: { isVirtual: boolean }): string | null => {
    if (folder.isVirtual) {
      return t('explorerCopy.outsideMounts');
    }
    if (sourceAlreadyIn(sourcePaths, path) !== null) {
      return t('explorerCopy.sameFolder');
    }
    // SPEC §5 has a copy into itself warned about in the dialog; a move there is never offered.
    if (mode === 'move' && sourceContainingTarget(sourcePaths, path) !== null) {
      return t('explorerMove.intoItself');
    }
    return null;
  };

  const started = () => {
    notifications.show({
      color: 'blue',
      title: texts.started,
      message: t('explorerCopy.followInTasks'),
    });
    onClose();
    openTaskManager();
  };

  const start = () => {
    if (!ready) {
      return;
    }
    const items = copyItemsInto(sourcePaths, target);
    if (mode === 'copy') {
      copy.mutate({ items, skipExisting }, { onSuccess: started });
    } else if (targetFolder.data && movesByRename(entries, targetFolder.data)) {
      rename.mutate(
        { sources: sourcePaths, target },
        {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              message: t('explorerMove.moved', { count: sourcePaths.length, target }),
            });
            onClose();
          },
        },
      );
    } else {
      move.mutate({ items, skipExisting }, { onSuccess: started });
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {texts.items}
        </Text>
        <List
          size="sm"
          spacing={2}
          icon={
            mode === 'copy' ? (
              <IconCopy size={14} aria-hidden />
            ) : (
              <IconArrowsMove size={14} aria-hidden />
            )
          }
          center
        >
          {sourcePaths.slice(0, LISTED).map((path) => (
            <List.Item key={path} style={{ overflowWrap: 'anywhere' }}>
              {baseNameOf(path) || path}
            </List.Item>
          ))}
        </List>
        {sourcePaths.length > LISTED && (
          <Text size="xs" c="dimmed">
            {t('explorerCopy.more', { count: sourcePaths.length - LISTED })}
          </Text>
        )}
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={500} id="transfer-target-label">
          {t('explorerCopy.target')}
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon variant="light" color="yellow" size={32} radius="md">
            <IconFolder size={18} />
          </ThemeIcon>
          <Text
            size="sm"
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
            aria-labelledby="transfer-target-label"
            c={target === null ? 'dimmed' : undefined}
          >
            {target === null ? t('explorerCopy.noTarget') : <Code>{target}</Code>}
          </Text>
          <Button
            variant="default"
            leftSection={<IconFolderSearch size={16} />}
            onClick={() => setPickerOpen(true)}
          >
            {target === null ? t('explorerCopy.choose') : t('explorerCopy.change')}
          </Button>
        </Group>
      </Stack>

      {loop !== null && target !== null && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('explorerCopy.intoItself', { source: loop, target })}
        </Alert>
      )}
      {outsideMounts && loop === null && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('explorerCopy.outsideMounts')}
        </Alert>
      )}

      <Checkbox
        label={t('explorerCopy.skipExisting')}
        description={texts.skipHint}
        checked={skipExisting}
        onChange={(event) => setSkipExisting(event.currentTarget.checked)}
      />

      {running?.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, running.error)}
        </Alert>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={mode === 'copy' ? <IconCopy size={16} /> : <IconArrowsMove size={16} />}
          disabled={!ready}
          loading={running?.isPending === true}
          onClick={start}
        >
          {texts.confirm}
        </Button>
      </Group>

      <FolderPicker
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={setTarget}
        title={texts.pickerTitle}
        initialPath={target ?? parentOf(sourcePaths[0] ?? rootPath)}
        rootPath={rootPath}
        refusal={refusal}
        confirmLabel={texts.useFolder}
      />
    </Stack>
  );
}
