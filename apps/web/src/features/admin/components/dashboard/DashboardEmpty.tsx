import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFileText, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './dashboard.module.css';

/** A fresh install: no share yet, so no activity to chart; the two ways to make one. */
export function DashboardEmpty() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" h="100%">
      <Stack align="center" justify="center" gap="sm" h="100%" py="lg">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
          <IconChartBar size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} size="h4" ta="center">
          {t('dashboard.empty.title')}
        </Title>
        <Text size="sm" ta="center" maw={420} className={classes.secondary}>
          {t('dashboard.empty.hint')}
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/" leftSection={<IconFileText size={16} />}>
            {t('dashboard.empty.newPaste')}
          </Button>
          <Button
            component={Link}
            to="/upload"
            variant="light"
            leftSection={<IconUpload size={16} />}
          >
            {t('dashboard.empty.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
