import { Alert, Badge, Code, Group, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import type { StorageTestResult } from '@pastebox/contract/schemas/storage-config';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface StorageTestModalProps {
  /** The tested config's name and the probe's answer; null keeps the dialog closed. */
  result: { name: string; result: StorageTestResult } | null;
  onClose: () => void;
}

/** Each probe step (write, read, list, delete) with its outcome and time, then CORS advice. */
export function StorageTestModal({ result, onClose }: StorageTestModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={result ? t('storage.testTitle', { name: result.name }) : ''}
      size="lg"
    >
      {result && <TestReport report={result.result} />}
    </Modal>
  );
}

function TestReport({ report }: { report: StorageTestResult }) {
  const { t } = useTranslation();
  const { cors } = report;
  return (
    <Stack gap="md">
      <Alert color={report.success ? 'teal' : 'red'} variant="light" role="status">
        {report.success ? t('storage.testPassed') : t('storage.testFailed')}
      </Alert>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('storage.testColumns.step')}</Table.Th>
            <Table.Th>{t('storage.testColumns.result')}</Table.Th>
            <Table.Th ta="right">{t('storage.testColumns.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.steps.map((step) => (
            <Table.Tr key={step.step}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ThemeIcon
                    size={22}
                    radius="xl"
                    variant="light"
                    color={step.skipped ? 'gray' : step.ok ? 'teal' : 'red'}
                    aria-hidden
                  >
                    {step.skipped ? (
                      <IconMinus size={14} />
                    ) : step.ok ? (
                      <IconCheck size={14} />
                    ) : (
                      <IconX size={14} />
                    )}
                  </ThemeIcon>
                  <Text size="sm">{t(`storage.steps.${step.step}`)}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={step.skipped ? 'dimmed' : step.ok ? 'teal' : 'red'}>
                  {step.skipped
                    ? t('storage.stepSkipped')
                    : step.ok
                      ? t('storage.stepOk')
                      : t('storage.stepFailed')}
                </Text>
                {step.error && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                    {step.error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {step.skipped ? '—' : t('storage.ms', { ms: step.ms })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('storage.corsTitle')}
          </Text>
          <Badge size="sm" variant="light" color={CORS_COLORS[cors.status]}>
            {t(`storage.cors.${cors.status}`)}
          </Badge>
        </Group>
        {cors.origin && (
          <Text size="xs" c="dimmed">
            {t('storage.corsOrigin', { origin: cors.origin })}
          </Text>
        )}
        {cors.advice && (
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {cors.advice}
          </Code>
        )}
      </Stack>
    </Stack>
  );
}

const CORS_COLORS: Record<StorageTestResult['cors']['status'], string> = {
  ok: 'teal',
  blocked: 'red',
  unknown: 'yellow',
  not_applicable: 'gray',
};
