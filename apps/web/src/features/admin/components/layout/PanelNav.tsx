import { Box, Button, Divider, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberName } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { useAdminSession } from '@/features/admin/api/get-admin-session';
import { useLogout } from '@/features/admin/api/logout';
import type { AdminModule } from '@/features/admin/modules';

interface PanelNavProps {
  modules: readonly AdminModule[];
  current: AdminModule;
  /** Called after a module is chosen, e.g. to close the phone drawer. */
  onNavigate?: () => void;
  /** Bounds the module list so logout stays in view on short screens. */
  maxListHeight?: string;
}

/** Panel title (admin or user, SPEC §2), the modules the caller may open, and logout. */
export function PanelNav({ modules, current, onNavigate, maxListHeight }: PanelNavProps) {
  const { t } = useTranslation();
  const { authType, keyInfo, member } = useAuth();
  const session = useAdminSession(authType === 'admin');
  const logout = useLogout();
  const isAdmin = authType === 'admin';
  // A member is a person, named like the admin; a key is named as a key.
  const person = isAdmin || authType === 'member';
  const who = isAdmin
    ? session.data?.username
    : authType === 'member'
      ? memberName(member)
      : keyInfo?.name;

  return (
    <Stack h="100%" gap={0}>
      <Box p="md" pb="sm">
        <Title order={2} size="h4">
          {isAdmin ? t('admin.panelTitle') : t('admin.userPanelTitle')}
        </Title>
        {who && (
          <Text size="sm" c="dimmed" truncate>
            {person ? t('admin.signedInAs', { name: who }) : t('admin.keyName', { name: who })}
          </Text>
        )}
      </Box>
      <Divider />
      <ScrollArea.Autosize mah={maxListHeight} style={{ flex: 1 }} type="auto">
        <Stack component="nav" aria-label={t('admin.navigation')} gap={2} p="xs">
          {modules.map((module) => (
            <NavLink
              key={module.id}
              component={Link}
              to={`/admin/${module.id}`}
              label={t(module.titleKey)}
              leftSection={<module.icon size={18} stroke={1.6} aria-hidden />}
              active={module.id === current.id}
              aria-current={module.id === current.id ? 'page' : undefined}
              onClick={onNavigate}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Divider />
      <Box p="xs">
        <Button
          variant="subtle"
          color="red"
          fullWidth
          justify="flex-start"
          leftSection={<IconLogout size={18} stroke={1.6} />}
          loading={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {t('admin.logout')}
        </Button>
      </Box>
    </Stack>
  );
}
