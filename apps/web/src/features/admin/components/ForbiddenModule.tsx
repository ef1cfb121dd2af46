import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberName } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { useLogout } from '@/features/admin/api/logout';
import type { AdminModule } from '@/features/admin/modules';
import { ModuleHeader } from './ModuleHeader';

interface ForbiddenModuleProps {
  /** The module the key user opened and may not use. */
  module: AdminModule;
  /** The modules it may use, offered instead. */
  allowed: readonly AdminModule[];
}

/**
 * Said to a key user who opened a module by its address that its key may not use (SPEC §6):
 * why — an admin-only module, or a permission the key lacks — and links to the modules it
 * may use. For an admin-only module it offers logging out, so the admin can sign in here.
 * A member (issue 32) is told about its account instead of a key; a key opening Account is
 * told that it needs an account's sign-in.
 */
export function ForbiddenModule({ module, allowed }: ForbiddenModuleProps) {
  const { t } = useTranslation();
  const { keyInfo, member, authType } = useAuth();
  const logout = useLogout();
  const title = t(module.titleKey);
  usePageTitle(title);
  const asMember = authType === 'member';
  const name = asMember ? memberName(member) : (keyInfo?.name ?? '');
  const adminOnly = module.access === 'admin' || module.access === 'account';
  const [heading, hint] = forbiddenTexts(module.access, asMember);
  const available = asMember
    ? t('account.forbidden.available')
    : t('adminPolish.forbidden.available');
  return (
    <Stack gap="md">
      <ModuleHeader title={title} />
      <Alert
        variant="light"
        color="orange"
        icon={<IconLock size={20} />}
        title={t(heading as 'common.error')}
      >
        <Stack gap="md" align="flex-start">
          <Text size="sm">{t(hint as 'common.error', { name })}</Text>
          <Stack gap={6} component="nav" aria-label={available}>
            <Text size="sm" fw={600}>
              {available}
            </Text>
            <Group gap="xs">
              {allowed.map((option) => (
                <Button
                  key={option.id}
                  component={Link}
                  to={`/admin/${option.id}`}
                  variant="default"
                  size="xs"
                  leftSection={<option.icon size={16} stroke={1.6} aria-hidden />}
                >
                  {t(option.titleKey)}
                </Button>
              ))}
            </Group>
          </Stack>
          {adminOnly && (
            <Button
              variant="subtle"
              size="xs"
              px={0}
              leftSection={<IconLogout size={16} />}
              loading={logout.isPending}
              onClick={() => logout.mutate()}
            >
              {t('adminPolish.forbidden.logoutForAdmin')}
            </Button>
          )}
        </Stack>
      </Alert>
    </Stack>
  );
}

/** The alert's heading and hint keys: why this caller may not open this module. */
function forbiddenTexts(access: AdminModule['access'], asMember: boolean): [string, string] {
  if (access === 'account') {
    return ['account.forbidden.keyTitle', 'account.forbidden.keyHint'];
  }
  if (access === 'admin') {
    return asMember
      ? ['adminPolish.forbidden.adminOnly', 'account.forbidden.adminOnlyHint']
      : ['adminPolish.forbidden.adminOnly', 'adminPolish.forbidden.adminOnlyHint'];
  }
  return asMember
    ? [`account.forbidden.missing.${access}`, 'account.forbidden.missingHint']
    : [
        `adminPolish.forbidden.missingPermission.${access}`,
        'adminPolish.forbidden.missingPermissionHint',
      ];
}
