import { ActionIcon, Button, Group, Menu, Stack, Tooltip } from '@mantine/core';
import {
  IconDatabaseX,
  IconDotsVertical,
  IconFileZip,
  IconFilePlus,
  IconFolderPlus,
  IconRefresh,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '@/features/mount-explorer/hooks/use-explorer-prefs';
import type { SortState } from '@/features/mount-explorer/lib/entries';
import { ExplorerUploadButtons } from '@/features/mount-explorer/uploads';
import { SearchField, SortMenu, ViewToggle } from './ViewControls';

export interface ExplorerToolbarProps {
  phone: boolean;
  /** New files and folders can go here (a folder with storage behind it). */
  writable: boolean;
  search: string;
  onSearch: (value: string) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  sort: SortState;
  onSort: (sort: SortState) => void;
  onNewFolder: () => void;
  onNewFile: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  onClearCache: () => void;
  clearingCache: boolean;
  /** Downloads the current folder as a ZIP; absent where there is none to offer (the root). */
  onDownloadZip?: (() => void) | undefined;
}

/** An icon button of the wide toolbar, named by its tooltip (refresh, clear cache). */
function ToolbarIcon(props: {
  label: string;
  icon: ReactNode;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={props.label}
        loading={props.loading}
        onClick={props.onClick}
      >
        {props.icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Creating, uploading, refreshing on one side; search, sort and view on the other. At
 * phone width the folder actions fold into one menu beside the upload buttons.
 */
export function ExplorerToolbar(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const { phone, writable } = props;
  const views = (
    <Group gap="xs" wrap="nowrap">
      <SortMenu sort={props.sort} onChange={props.onSort} compact={phone} />
      <ViewToggle value={props.view} onChange={props.onView} />
    </Group>
  );

  if (phone) {
    return (
      <Stack gap="xs" role="toolbar" aria-label={t('explorer.actions.toolbar')}>
        <SearchField value={props.search} onChange={props.onSearch} />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Menu position="bottom-start" shadow="md" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={t('explorer.actions.more')}>
                  <IconDotsVertical size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {writable && (
                  <>
                    <Menu.Item
                      leftSection={<IconFolderPlus size={16} />}
                      onClick={props.onNewFolder}
                    >
                      {t('explorer.actions.newFolder')}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconFilePlus size={16} />} onClick={props.onNewFile}>
                      {t('explorer.actions.newFile')}
                    </Menu.Item>
                    <Menu.Divider />
                  </>
                )}
                <Menu.Item leftSection={<IconRefresh size={16} />} onClick={props.onRefresh}>
                  {t('explorer.actions.refresh')}
                </Menu.Item>
                <Menu.Item leftSection={<IconDatabaseX size={16} />} onClick={props.onClearCache}>
                  {t('explorer.actions.clearCache')}
                </Menu.Item>
                {props.onDownloadZip && (
                  <Menu.Item leftSection={<IconFileZip size={16} />} onClick={props.onDownloadZip}>
                    {t('zipDownload.folderAction')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
            {writable && <ExplorerUploadButtons />}
          </Group>
          {views}
        </Group>
      </Stack>
    );
  }

  return (
    <Group
      justify="space-between"
      gap="sm"
      role="toolbar"
      aria-label={t('explorer.actions.toolbar')}
    >
      <Group gap="xs">
        {writable && (
          <>
            <Button leftSection={<IconFolderPlus size={16} />} onClick={props.onNewFolder}>
              {t('explorer.actions.newFolder')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFilePlus size={16} />}
              onClick={props.onNewFile}
            >
              {t('explorer.actions.newFile')}
            </Button>
            <ExplorerUploadButtons />
          </>
        )}
        <ToolbarIcon
          label={t('explorer.actions.refresh')}
          icon={<IconRefresh size={18} />}
          loading={props.refreshing}
          onClick={props.onRefresh}
        />
        <ToolbarIcon
          label={t('explorer.actions.clearCache')}
          icon={<IconDatabaseX size={18} />}
          loading={props.clearingCache}
          onClick={props.onClearCache}
        />
        {props.onDownloadZip && (
          <ToolbarIcon
            label={t('zipDownload.folderAction')}
            icon={<IconFileZip size={18} />}
            loading={false}
            onClick={props.onDownloadZip}
          />
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <div style={{ width: 240 }}>
          <SearchField value={props.search} onChange={props.onSearch} />
        </div>
        {views}
      </Group>
    </Group>
  );
}
