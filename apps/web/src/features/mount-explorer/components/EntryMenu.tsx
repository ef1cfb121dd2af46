import { ActionIcon, Menu } from '@mantine/core';
import type { FsEntry } from '@pastebox/contract/schemas/fs';
import {
  IconArrowsMove,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconFileZip,
  IconFolderOpen,
  IconPencil,
  IconCursorText,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryActions } from '@/features/mount-explorer/hooks/use-entry-actions';
import { abilitiesOf } from '@/features/mount-explorer/lib/abilities';

interface EntryMenuProps {
  entry: FsEntry;
  actions: EntryActions;
  /** 'default' draws a background, for a button lying on a thumbnail. */
  variant?: 'subtle' | 'default';
}

/**
 * The "…" button of one entry. The menu itself is built on the first click: a folder of
 * hundreds of rows would otherwise set up hundreds of menus nobody opens.
 */
export function EntryMenu(props: EntryMenuProps) {
  const [wanted, setWanted] = useState(false);
  return wanted ? (
    <EntryMenuOpen {...props} />
  ) : (
    <MenuButton {...props} onClick={() => setWanted(true)} />
  );
}

function MenuButton({
  entry,
  variant = 'subtle',
  ...rest
}: EntryMenuProps & ComponentPropsWithoutRef<'button'>) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      {...rest}
      variant={variant}
      color="gray"
      aria-label={t('explorer.actions.entryMenu', { name: entry.name })}
      style={{ position: 'relative', zIndex: 1 }}
    >
      <IconDots size={18} />
    </ActionIcon>
  );
}

/** What can be done to the entry, and nothing that cannot; open as soon as it is built. */
function EntryMenuOpen(props: EntryMenuProps) {
  const { entry, actions } = props;
  const { t } = useTranslation();
  const can = abilitiesOf(entry);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
      <Menu.Target>
        <MenuButton {...props} />
      </Menu.Target>
      <Menu.Dropdown>
        {entry.isDirectory ? (
          <Menu.Item leftSection={<IconFolderOpen size={16} />} onClick={() => actions.open(entry)}>
            {t('explorer.actions.open')}
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.open(entry)}>
            {t('explorer.actions.preview')}
          </Menu.Item>
        )}
        {can.edit && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit(entry)}>
            {t('explorer.actions.edit')}
          </Menu.Item>
        )}
        {can.download && (
          <Menu.Item
            leftSection={<IconDownload size={16} />}
            onClick={() => actions.download(entry)}
          >
            {t('explorer.actions.download')}
          </Menu.Item>
        )}
        {can.downloadZip && (
          <Menu.Item
            leftSection={<IconFileZip size={16} />}
            onClick={() => actions.downloadZip(entry.path)}
          >
            {t('zipDownload.action')}
          </Menu.Item>
        )}
        {can.share && (
          <Menu.Item leftSection={<IconShare size={16} />} onClick={() => actions.share(entry)}>
            {t('explorer.actions.share')}
          </Menu.Item>
        )}
        {(can.rename || can.copy || can.move) && <Menu.Divider />}
        {can.rename && (
          <Menu.Item
            leftSection={<IconCursorText size={16} />}
            onClick={() => actions.rename(entry)}
          >
            {t('explorer.actions.rename')}
          </Menu.Item>
        )}
        {can.copy && (
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.copy([entry])}>
            {t('explorer.actions.copyTo')}
          </Menu.Item>
        )}
        {can.move && (
          <Menu.Item
            leftSection={<IconArrowsMove size={16} />}
            onClick={() => actions.move([entry])}
          >
            {t('explorer.actions.moveTo')}
          </Menu.Item>
        )}
        {can.delete && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => actions.remove([entry])}
            >
              {t('explorer.actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
