import { Group, Paper, Stack, Table } from '@mantine/core';
import type { FileRequest } from '@pastebox/contract/schemas/file-request';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/features/admin/hooks/use-is-phone';
import { DateText } from '@/features/admin/components/DateText';
import { RequestActions, type RequestActionHandlers } from './RequestActions';
import { RequestLink, RequestReceived, RequestStateBadge, RequestTitle } from './RequestParts';

interface RequestsListProps {
  items: FileRequest[];
  actions: RequestActionHandlers;
  onQr: (request: FileRequest) => void;
}

/** Every request: a table on wide screens, cards on phones. */
export function RequestsList(props: RequestsListProps) {
  return useIsPhone() ? <RequestCards {...props} /> : <RequestTable {...props} />;
}

function RequestCards({ items, actions, onQr }: RequestsListProps) {
  return (
    <Stack gap="xs">
      {items.map((request) => (
        <Paper
          key={request.id}
          withBorder
          radius="md"
          p="sm"
          component="article"
          aria-label={request.title}
        >
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <RequestTitle request={request} />
              <RequestStateBadge request={request} />
            </Group>
            <RequestLink request={request} onQr={() => onQr(request)} />
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <RequestReceived request={request} />
              <RequestActions request={request} {...actions} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function RequestTable({ items, actions, onQr }: RequestsListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fileRequests.columns.title')}</Table.Th>
            <Table.Th>{t('fileRequests.columns.link')}</Table.Th>
            <Table.Th>{t('fileRequests.columns.received')}</Table.Th>
            <Table.Th>{t('fileRequests.columns.state')}</Table.Th>
            <Table.Th>{t('fileRequests.columns.createdAt')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td maw={260}>
                <RequestTitle request={request} />
              </Table.Td>
              <Table.Td maw={280}>
                <RequestLink request={request} onQr={() => onQr(request)} />
              </Table.Td>
              <Table.Td>
                <RequestReceived request={request} />
              </Table.Td>
              <Table.Td>
                <RequestStateBadge request={request} />
              </Table.Td>
              <Table.Td>
                <DateText iso={request.created_at} />
              </Table.Td>
              <Table.Td>
                <RequestActions request={request} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
