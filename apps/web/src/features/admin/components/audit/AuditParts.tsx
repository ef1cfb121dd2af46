import { ActionIcon, Badge, Code, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import type { AuditEvent } from '@pastebox/contract/schemas/audit';
import { IconCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/date-time';
import { deviceLabel } from '@/features/admin/components/account/SessionRow';

/** When it happened, in the reader's language, with the exact instant for machines. */
export function AuditTime({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return (
    <Text component="time" dateTime={at} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(at, i18n.language)}
    </Text>
  );
}

const ACTOR_COLORS = { account: 'blue', apikey: 'grape', anonymous: 'gray' } as const;

/** Who did it: the name as it was then, and whether an account, a key or nobody signed in. */
export function AuditActor({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const name = event.actor_name ?? event.actor_id;
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <Badge
        size="sm"
        variant="light"
        color={ACTOR_COLORS[event.actor_type]}
        style={{ flexShrink: 0 }}
      >
        {t(`audit.actorTypes.${event.actor_type}`)}
      </Badge>
      {name && (
        <Text size="sm" truncate title={event.actor_id ?? undefined}>
          {name}
        </Text>
      )}
    </Group>
  );
}

export function OutcomeBadge({ outcome }: { outcome: AuditEvent['outcome'] }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={outcome === 'success' ? 'teal' : 'red'}>
      {t(`audit.outcomes.${outcome}`)}
    </Badge>
  );
}

/** The device the call came from, summarised ("Firefox on Windows"); the header in a tooltip. */
export function AuditDevice({ userAgent }: { userAgent: string | null }) {
  const { t } = useTranslation();
  if (!userAgent) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text size="sm" title={userAgent} style={{ whiteSpace: 'nowrap' }}>
      {deviceLabel(t, userAgent)}
    </Text>
  );
}

/** The entry's details (status, size, method, error…) as pretty JSON, on demand. */
export function AuditDetail({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  if (!event.detail && !event.user_agent) {
    return null;
  }
  const label = t('audit.showDetail');
  return (
    <Popover position="bottom-end" shadow="md" withArrow width={360}>
      <Popover.Target>
        <Tooltip label={label}>
          <ActionIcon variant="subtle" color="gray" aria-label={label}>
            <IconCode size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          {event.detail && (
            <Code block style={{ maxHeight: 280, overflow: 'auto' }}>
              {JSON.stringify(event.detail, null, 2)}
            </Code>
          )}
          {event.user_agent && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {event.user_agent}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
