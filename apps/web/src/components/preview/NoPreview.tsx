import { Anchor, Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A file type the browser cannot show: a note and a way to download it — a link, or any
 * element (a button that first asks for a signed link).
 */
export function NoPreview({
  downloadUrl,
  download,
}: {
  downloadUrl?: string;
  download?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileOff size={28} />
        </ThemeIcon>
        <Text fw={500}>{t('file.preview.none')}</Text>
        <Text size="sm" c="dimmed">
          {t('file.preview.noneHint')}{' '}
          {downloadUrl && (
            <Anchor href={downloadUrl} size="sm">
              {t('file.actions.download')}
            </Anchor>
          )}
        </Text>
        {download}
      </Stack>
    </Center>
  );
}
