import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileOff, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** No file shares yet, or none matching the search or filters. */
export function FilesEmpty({ search, filtered }: { search: string; filtered: boolean }) {
  const { t } = useTranslation();
  const title = search
    ? t('files.noMatches', { search })
    : filtered
      ? t('files.noFilterMatches')
      : t('files.emptyTitle');
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconFileOff size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600} ta="center">
        {title}
      </Text>
      {!search && !filtered && (
        <>
          <Text size="sm" c="dimmed" ta="center">
            {t('files.emptyHint')}
          </Text>
          <Button
            component={Link}
            to="/upload"
            variant="light"
            leftSection={<IconUpload size={16} />}
          >
            {t('files.uploadFirst')}
          </Button>
        </>
      )}
    </Stack>
  );
}
