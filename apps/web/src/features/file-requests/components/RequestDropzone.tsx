import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DropArea } from '@/components/upload/DropArea';
import { useFileChoosers } from '@/components/upload/FileChoosers';
import { useTouchLayout } from '@/lib/use-touch-layout';

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
  const touch = useTouchLayout();
  const { openFiles, openFolder, choosers } = useFileChoosers(onFiles, {
    files: t('fileRequests.public.drop.chooseFiles'),
    folder: t('fileRequests.public.drop.chooseFolder'),
    testId: 'request-pick',
  });
  const title = touch
    ? t('fileRequests.public.drop.titleTouch')
    : t('fileRequests.public.drop.title');

  return (
    <Stack gap="xs">
      <DropArea onFiles={onFiles} disabled={disabled} title={title}>
        <Text size="sm" c="dimmed">
          {touch ? t('fileRequests.public.drop.hintTouch') : t('fileRequests.public.drop.hint')}
        </Text>
      </DropArea>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          disabled={disabled}
          onClick={openFiles}
        >
          {t('fileRequests.public.drop.chooseFiles')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFolderUp size={16} />}
          disabled={disabled}
          onClick={openFolder}
        >
          {t('fileRequests.public.drop.chooseFolder')}
        </Button>
      </SimpleGrid>
      {choosers}
    </Stack>
  );
}
