import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { logout } from '@/features/admin/api/logout';

/**
 * Told to a key without any permission as it is sent Home (SPEC §6). The panel is where one
 * signs out, so the notice offers it: otherwise such a key could never be swapped for another.
 */
export function NoPermissionNotice() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('admin.noPermission')}</Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconLogout size={14} />}
        onClick={() => {
          notifications.hide('admin-no-permission');
          void logout();
        }}
      >
        {t('admin.logoutToSwitch')}
      </Button>
    </Stack>
  );
}
