import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** No shares yet, or none matching the search. */
export function PastesEmpty({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconFileOff size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>{search ? t('texts.noMatches', { search }) : t('texts.emptyTitle')}</Text>
      {!search && (
        <>
          <Text size="sm" c="dimmed" ta="center">
            {t('texts.emptyHint')}
          </Text>
          <Button component={Link} to="/" variant="light" leftSection={<IconPlus size={16} />}>
            {t('texts.createFirst')}
          </Button>
        </>
      )}
    </Stack>
  );
}
