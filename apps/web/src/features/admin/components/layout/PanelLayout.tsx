import { Box, Burger, Drawer, Group, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import type { AdminModule } from '@/features/admin/modules';
import classes from './PanelLayout.module.css';
import { PanelNav } from './PanelNav';

interface PanelLayoutProps {
  modules: readonly AdminModule[];
  current: AdminModule;
  children: ReactNode;
}

/**
 * Sidebar beside the module on wide screens; on phones a bar with a burger that opens the
 * same navigation in a drawer.
 */
export function PanelLayout({ modules, current, children }: PanelLayoutProps) {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const [drawerOpened, drawer] = useDisclosure(false);
  return (
    <div className={classes.shell}>
      <Paper withBorder radius="md" className={classes.sidebar} visibleFrom="md">
        <PanelNav modules={modules} current={current} maxListHeight="calc(100dvh - 60px - 240px)" />
      </Paper>
      <Paper withBorder radius="md" p="xs" hiddenFrom="md">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            size="sm"
            aria-label={t('admin.openMenu')}
            aria-expanded={drawerOpened}
          />
          <Text fw={600} truncate>
            {authType === 'admin' ? t('admin.panelTitle') : t('admin.userPanelTitle')}
          </Text>
        </Group>
      </Paper>
      {/* The parts, so the label names the dialog: on the always-rendered root <div> it is
          an ARIA attribute a plain div may not carry (axe, at phone width). */}
      <Drawer.Root
        opened={drawerOpened}
        onClose={drawer.close}
        size={280}
        padding={0}
        hiddenFrom="md"
      >
        <Drawer.Overlay />
        <Drawer.Content aria-label={t('admin.navigation')}>
          <Drawer.Body>
            <Box h="100dvh">
              <PanelNav modules={modules} current={current} onNavigate={drawer.close} />
            </Box>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <Box className={classes.content}>{children}</Box>
    </div>
  );
}
