import {
  ActionIcon,
  Box,
  Burger,
  Collapse,
  Group,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandGithub, IconClipboardText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAuth } from '@/lib/auth/use-auth';
import { OfflineBadge } from '@/features/pwa/components/OfflineBadge';
import { TaskManagerButton } from '@/features/tasks/components/TaskManagerButton';
import { EnvSwitcher } from './EnvSwitcher';
import classes from './Header.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import { NAV_LINKS, navLabelKey, sourceUrl } from './nav-links';
import { ThemeToggle } from './ThemeToggle';

/** Header of SPEC §2: links, source link, language switch, theme toggle; a menu on phones. */
export function Header() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { authType } = useAuth();
  const links = NAV_LINKS.map((link) => (
    <NavLink
      key={link.to}
      to={link.to}
      end={link.to === '/'}
      className={classes.link}
      onClick={close}
    >
      <link.icon size={18} stroke={1.6} aria-hidden />
      <span>{t(navLabelKey(link, authType))}</span>
    </NavLink>
  ));

  return (
    <header className={classes.header}>
      <Group h={60} px="md" justify="space-between" wrap="nowrap">
        <UnstyledButton
          component={Link}
          to="/"
          className={classes.brand}
          aria-label={t('app.name')}
        >
          <IconClipboardText
            size={26}
            stroke={1.6}
            color="var(--mantine-primary-color-filled)"
            aria-hidden
          />
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
        </UnstyledButton>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label={t('nav.menu')}>
          {links}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <OfflineBadge />
          <Tooltip label={t('app.sourceCode')}>
            <ActionIcon
              component="a"
              href={sourceUrl()}
              target="_blank"
              rel="noreferrer"
              variant="default"
              size="lg"
              aria-label={t('app.sourceCode')}
              visibleFrom="xs"
            >
              <IconBrandGithub size={18} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
          <EnvSwitcher />
          <TaskManagerButton />
          <LanguageSwitch />
          <ThemeToggle />
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('nav.menu')}
            aria-expanded={opened}
          />
        </Group>
      </Group>
      <Collapse in={opened} hiddenFrom="sm">
        <ScrollArea.Autosize mah="20rem" type="auto">
          <Stack gap={2} px="md" pb="md" component="nav" aria-label={t('nav.menu')}>
            {links}
            {/* Phones have no room for these header icons: they live in the menu. */}
            <Box
              component="a"
              href={sourceUrl()}
              target="_blank"
              rel="noreferrer"
              className={classes.link}
              hiddenFrom="xs"
            >
              <IconBrandGithub size={18} stroke={1.6} aria-hidden />
              <span>{t('app.sourceCode')}</span>
            </Box>
            <EnvSwitcher menuRowClassName={classes.link} />
          </Stack>
        </ScrollArea.Autosize>
      </Collapse>
    </header>
  );
}
