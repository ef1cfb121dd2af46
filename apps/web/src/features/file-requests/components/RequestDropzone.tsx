import '@mantine/dropzone/styles.layer.css';
import { Button, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconCloudUpload, IconDownload, IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Marks an input as a folder chooser; React knows no `webkitdirectory` prop. */
function asFolderInput(node: HTMLInputElement | null): void {
  node?.setAttribute('webkitdirectory', '');
  node?.setAttribute('directory', '');
}

/**
 * Drop files or whole folders (react-dropzone walks dropped folders), or choose files or a
 * folder with the buttons. Every file is handed over: the page checks type and size and
 * names what it refuses, rather than the browser refusing in silence.
 */
export function RequestDropzone({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const touch =
    useMediaQuery('(max-width: 47.99em), (pointer: coarse)', false, {
      getInitialValueInEffect: false,
    }) ?? false;
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const title = touch
    ? t('fileRequests.public.drop.titleTouch')
    : t('fileRequests.public.drop.title');

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared, so choosing the same files again fires another change.
    event.currentTarget.value = '';
    if (files.length > 0) {
      onFiles(files);
    }
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={onFiles}
        multiple
        disabled={disabled}
        radius="md"
        aria-label={title}
        inputProps={{ 'aria-label': title }}
        styles={{ root: { borderWidth: 2 } }}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconDownload size={26} />
            </ThemeIcon>
          </Dropzone.Accept>
          <Dropzone.Idle>
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconCloudUpload size={26} />
            </ThemeIcon>
          </Dropzone.Idle>
          <Stack gap={4}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {touch ? t('fileRequests.public.drop.hintTouch') : t('fileRequests.public.drop.hint')}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          disabled={disabled}
          onClick={() => filesInput.current?.click()}
        >
          {t('fileRequests.public.drop.chooseFiles')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFolderUp size={16} />}
          disabled={disabled}
          onClick={() => folderInput.current?.click()}
        >
          {t('fileRequests.public.drop.chooseFolder')}
        </Button>
      </SimpleGrid>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('fileRequests.public.drop.chooseFiles')}
        data-testid="request-pick-files"
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
        aria-label={t('fileRequests.public.drop.chooseFolder')}
        data-testid="request-pick-folder"
        onChange={onChosen}
      />
    </Stack>
  );
}
