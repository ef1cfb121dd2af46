import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRevealCountdown } from '@/lib/use-reveal-countdown';

export interface CountdownLinkTextProps {
  /** The absolute link people copy. */
  link: string;
  /** The same page as an in-app route, e.g. /file/{slug}. */
  to: string;
}

/**
 * A new share link as readable text that hides itself after a countdown (SPEC §2), with a
 * button to show it again; copy and QR buttons beside it keep working meanwhile.
 */
export function CountdownLinkText({ link, to }: CountdownLinkTextProps) {
  const { t } = useTranslation();
  const { remaining, hidden, reveal } = useRevealCountdown();
  if (hidden) {
    return (
      <Group gap={4} wrap="nowrap" miw={0}>
        <Text size="sm" ff="monospace" c="dimmed" aria-label={t('links.hidden')}>
          {'•'.repeat(16)}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconEye size={14} />}
          onClick={reveal}
        >
          {t('links.show')}
        </Button>
      </Group>
    );
  }
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      ff="monospace"
      truncate="end"
      title={`${link} · ${t('links.hidesIn', { seconds: remaining })}`}
      style={{ minWidth: 0 }}
    >
      {link}
    </Anchor>
  );
}
