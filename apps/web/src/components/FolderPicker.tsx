import {
  ActionIcon,
  Button,
  Code,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { isAtOrUnder, normaliseVirtualPath, parentOf } from '@pastebox/contract/rules/virtual-path';
import { IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFolder } from '@/lib/fs/list-folder';
import { FolderRows, NewFolderForm, PathCrumbs } from './FolderPickerParts';

export interface FolderPickerProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the chosen folder's normal virtual path (`/` for the root). */
  onPick: (path: string) => void;
  title: string;
  initialPath?: string;
  confirmLabel?: string;
  /** Offer "new folder" where the folder has storage behind it (default true). */
  allowCreate?: boolean;
  /**
   * The highest folder offered (a key's base path, default `/`): the picker starts at or
   * under it and never goes above, so it never offers what the caller cannot write.
   */
  rootPath?: string;
  /**
   * Why the folder shown cannot be picked (the items' own folder, a folder into itself…),
   * or null: the confirm button is disabled and the reason shown beside it.
   */
  refusal?: (path: string, folder: { isVirtual: boolean }) => string | null;
}

/** A start path that is not a normal virtual path, or lies above `root`, falls back to `root`. */
function startPath(initialPath: string | undefined, root: string): string {
  try {
    const path = normaliseVirtualPath(initialPath ?? root);
    return isAtOrUnder(root, path) ? path : root;
  } catch {
    return root;
  }
}

/**
 * SPEC §2's target-folder chooser (copy, move) and mount-path chooser (a key's base path): browses
 * the mount file system folder by folder and hands back the folder being shown.
 */
export function FolderPicker({ opened, onClose, title, ...body }: FolderPickerProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* Mounted only while open, so every opening starts again at initialPath. */}
      {opened && <FolderBrowser onClose={onClose} {...body} />}
    </Modal>
  );
}

type BrowserProps = Omit<FolderPickerProps, 'opened' | 'title'>;

function FolderBrowser({
  onClose,
  onPick,
  initialPath,
  confirmLabel,
  allowCreate = true,
  rootPath = '/',
  refusal,
}: BrowserProps) {
  const { t } = useTranslation();
  const [path, setPath] = useState(() => startPath(initialPath, rootPath));
  const folder = useFolder(path);
  const folders = (folder.data?.items ?? []).filter((entry) => entry.isDirectory);
  const canCreate = allowCreate && folder.isSuccess && !folder.data.isVirtual;
  const refused = folder.isSuccess ? (refusal?.(path, folder.data) ?? null) : null;

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <Tooltip label={t('folderPicker.up')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('folderPicker.up')}
            disabled={path === rootPath}
            onClick={() => setPath(parentOf(path))}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
        </Tooltip>
        <PathCrumbs path={path} root={rootPath} onOpen={setPath} />
      </Group>
      <ScrollArea.Autosize mah={320} type="auto">
        <FolderRows
          pending={folder.isPending}
          error={folder.isError ? folder.error : null}
          onRetry={() => void folder.refetch()}
          folders={folders}
          onOpen={setPath}
        />
      </ScrollArea.Autosize>
      {canCreate && <NewFolderForm parent={path} onCreated={setPath} />}
      <Text size="sm" c="dimmed">
        {t('folderPicker.selected')} <Code>{path}</Code>
      </Text>
      <Group justify="flex-end" gap="xs">
        {refused !== null && (
          <Text size="sm" c="dimmed" id="folder-picker-refusal" style={{ marginRight: 'auto' }}>
            {refused}
          </Text>
        )}
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={!folder.isSuccess || refused !== null}
          aria-describedby={refused !== null ? 'folder-picker-refusal' : undefined}
          onClick={() => {
            onPick(path);
            onClose();
          }}
        >
          {confirmLabel ?? t('folderPicker.choose')}
        </Button>
      </Group>
    </Stack>
  );
}
