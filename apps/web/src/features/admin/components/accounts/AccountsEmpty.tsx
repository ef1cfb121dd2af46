import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyList } from '@/features/admin/components/shared/EmptyList';

/** None matching the search or filter, or — only the admin so far — a first step. */
export function AccountsEmpty({ narrowed, onCreate }: { narrowed: boolean; onCreate: () => void }) {
  const { t } = useTranslation();
  if (narrowed) {
    return <EmptyList title={t('accounts.noMatches')} />;
  }
  // EmptyList's first step is a link; this one opens a dialog, so it is a button.
  return (
    <Stack align="center" gap="xs" py={56} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconUsers size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600} ta="center">
        {t('accounts.emptyTitle')}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {t('accounts.emptyHint')}
      </Text>
      <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={onCreate}>
        {t('accounts.create')}
      </Button>
    </Stack>
  );
}
