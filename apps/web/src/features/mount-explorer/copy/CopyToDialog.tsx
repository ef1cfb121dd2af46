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
import { baseNameOf, parentOf } from '@pastebox/contract/rules/virtual-path';
import { IconAlertTriangle, IconCopy, IconFolder, IconFolderSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderPicker } from '@/components/FolderPicker';
import { errorMessage } from '@/lib/error-message';
import { useFolder } from '@/lib/fs/list-folder';
import { openTaskManager } from '@/lib/task-manager';
import { useBatchCopy } from './api/batch-copy';
import { copyItemsInto, sourceContainingTarget } from './lib/copy-rules';

export interface CopyToDialogProps {
  opened: boolean;
  /** The selected files and folders (virtual paths). */
  sourcePaths: string[];
  onClose: () => void;
}

/** How many of the selected names the dialog lists before "and N more". */
const LISTED = 5;

/**
 * "Copy to another folder" (SPEC §2 target-folder chooser): the target is chosen in the
 * folder picker, a folder cannot go into itself (SPEC §5), and the copy starts as a
 * background task the task manager then shows.
 */
export function CopyToDialog({ opened, sourcePaths, onClose }: CopyToDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('explorerCopy.title')} size="lg">
      {/* Mounted only while open: every opening starts with no target chosen. */}
      {opened && <CopyForm sourcePaths={sourcePaths} onClose={onClose} />}
    </Modal>
  );
}

function CopyForm({ sourcePaths, onClose }: Omit<CopyToDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [skipExisting, setSkipExisting] = useState(false);
  const copy = useBatchCopy();
  // The picker has just listed the chosen folder, so this answers from the cache.
  const targetFolder = useFolder(target ?? '/', target !== null);
  const loop = target === null ? null : sourceContainingTarget(sourcePaths, target);
  const outsideMounts = targetFolder.data?.isVirtual === true;
  const ready = target !== null && loop === null && !outsideMounts && sourcePaths.length > 0;

  const start = () => {
    if (!ready) {
      return;
    }
    copy.mutate(
      { items: copyItemsInto(sourcePaths, target), skipExisting },
      {
        onSuccess: () => {
          notifications.show({
            color: 'blue',
            title: t('explorerCopy.started'),
            message: t('explorerCopy.followInTasks'),
          });
          onClose();
          openTaskManager();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('explorerCopy.items', { count: sourcePaths.length })}
        </Text>
        <List size="sm" spacing={2} icon={<IconCopy size={14} aria-hidden />} center>
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
        <Text size="sm" fw={500} id="copy-target-label">
          {t('explorerCopy.target')}
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon variant="light" color="yellow" size={32} radius="md">
            <IconFolder size={18} />
          </ThemeIcon>
          <Text
            size="sm"
            style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
            aria-labelledby="copy-target-label"
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
        description={t('explorerCopy.skipExistingHint')}
        checked={skipExisting}
        onChange={(event) => setSkipExisting(event.currentTarget.checked)}
      />

      {copy.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(t, copy.error)}
        </Alert>
      )}

      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={<IconCopy size={16} />}
          disabled={!ready}
          loading={copy.isPending}
          onClick={start}
        >
          {t('explorerCopy.copy')}
        </Button>
      </Group>

      <FolderPicker
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={setTarget}
        title={t('explorerCopy.pickerTitle')}
        initialPath={target ?? parentOf(sourcePaths[0] ?? '/')}
        confirmLabel={t('explorerCopy.useFolder')}
      />
    </Stack>
  );
}
