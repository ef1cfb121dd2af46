import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A screen whose capability arrives with a later issue: its title and an honest note. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <IconHourglass size={40} stroke={1.5} aria-hidden />
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{t('common.comingSoon')}</Text>
      </Stack>
    </Paper>
  );
}
