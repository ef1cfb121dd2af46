import { ActionIcon, Indicator, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconServerBolt } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { backendSetting } from '@/lib/backend';
import { envSwitcherRequested } from './env-switcher';

// The dialog loads when an admin first opens it, not with every page's header.
const EnvSwitcherDialog = lazy(() =>
  import('./EnvSwitcherDialog').then((m) => ({ default: m.EnvSwitcherDialog })),
);

export interface EnvSwitcherProps {
  /**
   * Given, the control is a row of the phone menu with this class; otherwise an icon in the
   * header bar, which has no room for it on phones.
   */
  menuRowClassName?: string;
}

/**
 * The environment switcher of SPEC §2: a header control, present only for a signed-in admin
 * on a page opened with `?showEnvSwitcher` (remembered for the tab's session).
 */
export function EnvSwitcher({ menuRowClassName }: EnvSwitcherProps) {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const { search } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so the modal can animate its closing.
  const [mounted, setMounted] = useState(false);
  if (authType !== 'admin' || !envSwitcherRequested(search)) {
    return null;
  }
  const overridden = backendSetting().source === 'stored';
  const openDialog = () => {
    setMounted(true);
    open();
  };
  const label = t('envSwitcher.open');
  const icon = <IconServerBolt size={18} stroke={1.6} aria-hidden />;
  return (
    <>
      {menuRowClassName ? (
        <UnstyledButton className={menuRowClassName} onClick={openDialog} hiddenFrom="xs">
          {icon}
          <span>{label}</span>
        </UnstyledButton>
      ) : (
        <Tooltip label={label}>
          <Indicator disabled={!overridden} color="orange" size={8} offset={4} visibleFrom="xs">
            <ActionIcon variant="default" size="lg" aria-label={label} onClick={openDialog}>
              {icon}
            </ActionIcon>
          </Indicator>
        </Tooltip>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <EnvSwitcherDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
