import { Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AuditEvent } from '@pastebox/contract/schemas/audit';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { actionLabel } from './audit-labels';
import { AuditActor, AuditDetail, AuditDevice, AuditTime, OutcomeBadge } from './AuditParts';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function Target({ value }: { value: string | null }) {
  return (
    <Text
      size="sm"
      ff={value ? 'monospace' : undefined}
      c={value ? undefined : 'dimmed'}
      style={{ overflowWrap: 'anywhere' }}
    >
      {value ?? '—'}
    </Text>
  );
}

/** One page of entries: a table on wide screens, cards on phones. */
export function AuditList({ items }: { items: AuditEvent[] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((event) => (
          <AuditCard key={event.id} event={event} />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={980} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={NOWRAP}>{t('audit.columns.time')}</Table.Th>
            <Table.Th>{t('audit.columns.actor')}</Table.Th>
            <Table.Th>{t('audit.columns.action')}</Table.Th>
            <Table.Th>{t('audit.columns.target')}</Table.Th>
            <Table.Th>{t('audit.columns.outcome')}</Table.Th>
            <Table.Th>{t('audit.columns.address')}</Table.Th>
            <Table.Th>{t('audit.columns.device')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('audit.columns.detail')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>
                <AuditTime at={event.at} />
              </Table.Td>
              <Table.Td maw={200}>
                <AuditActor event={event} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} title={event.action}>
                  {actionLabel(t, event.action)}
                </Text>
              </Table.Td>
              <Table.Td maw={260}>
                <Target value={event.target} />
              </Table.Td>
              <Table.Td>
                <OutcomeBadge outcome={event.outcome} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" style={NOWRAP}>
                  {event.ip ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <AuditDevice userAgent={event.user_agent} />
              </Table.Td>
              <Table.Td>
                <AuditDetail event={event} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One entry at phone width: what and how it ended first, then who, where and when. */
function AuditCard({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const label = actionLabel(t, event.action);
  const facts: [string, ReactNode][] = [
    [t('audit.columns.actor'), <AuditActor key="actor" event={event} />],
    [t('audit.columns.target'), <Target key="target" value={event.target} />],
    [t('audit.columns.address'), event.ip ?? '—'],
    [t('audit.columns.device'), <AuditDevice key="device" userAgent={event.user_agent} />],
  ];
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {label}
              </Text>
              <OutcomeBadge outcome={event.outcome} />
            </Group>
            <AuditTime at={event.at} />
          </Stack>
          <AuditDetail event={event} />
        </Group>
        <SimpleGrid component="dl" cols={2} spacing="xs" m={0}>
          {facts.map(([name, value]) => (
            <div key={name} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" c="dimmed">
                {name}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
