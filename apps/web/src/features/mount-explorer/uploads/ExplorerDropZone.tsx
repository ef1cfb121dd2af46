import { Box, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconBan } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplorerUploads } from './hooks/use-explorer-uploads';
import { readDropSources, takeDropSources } from './lib/dropped-entries';

/** Only drags that carry files concern the drop zone (not a dragged link or text). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * The listing as a drop target: files and folders dropped on it upload into the folder on
 * screen, folders recursively with their relative paths. An overlay says where they go
 * (or that this level, the mount list, takes no files) while something is dragged over.
 */
export function ExplorerDropZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { canUpload, folderPath, upload } = useExplorerUploads();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when it left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!carriesFiles(event)) {
      return;
    }
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) {
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = canUpload ? 'copy' : 'none';
  };
  const onDragLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) {
      return;
    }
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) {
      setDragging(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) {
      return;
    }
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (!canUpload) {
      return;
    }
    const sources = takeDropSources(event.dataTransfer);
    void readDropSources(sources).then((dropped) => {
      if (dropped.unreadable > 0) {
        notifications.show({ color: 'orange', message: t('explorerUpload.readFailed') });
      }
      upload(dropped.files, dropped.emptyFolders);
    });
  };

  return (
    <Box
      pos="relative"
      mih={160}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="explorer-drop-zone"
      data-dragging={dragging || undefined}
    >
      {children}
      {dragging && (
        <Stack
          role="status"
          align="center"
          justify="center"
          gap="xs"
          p="md"
          pos="absolute"
          inset={0}
          style={{
            zIndex: 5,
            pointerEvents: 'none',
            borderRadius: 'var(--mantine-radius-md)',
            border: `2px dashed var(--mantine-color-${canUpload ? 'blue' : 'gray'}-filled)`,
            background: 'color-mix(in srgb, var(--mantine-color-body) 88%, transparent)',
            backdropFilter: 'blur(2px)',
          }}
        >
          <ThemeIcon variant="light" color={canUpload ? 'blue' : 'gray'} size={56} radius="xl">
            {canUpload ? <IconCloudUpload size={32} /> : <IconBan size={32} />}
          </ThemeIcon>
          <Text fw={600} ta="center">
            {canUpload ? t('explorerUpload.dropTitle') : t('explorerUpload.dropNotHere')}
          </Text>
          {canUpload && (
            <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {t('explorerUpload.dropInto', { folder: folderPath })}
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}
