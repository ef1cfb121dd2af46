import { Alert, Badge, Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlugConnected, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStore } from '@/lib/auth/auth-store';
import {
  backendOrigin,
  backendSetting,
  clearStoredBackendUrl,
  configuredBackendUrl,
  parseBackendAddress,
  storeBackendUrl,
} from '@/lib/backend';
import { checkBackendHealth, type HealthResult } from './env-switcher';

/**
 * Credentials belong to one backend: moving to another signs the admin out here before the
 * app reloads against it. Staying on the same backend keeps the session.
 */
function switchTo(nextOrigin: string, apply: () => void): void {
  if (nextOrigin !== backendOrigin()) {
    authStore.signOut();
  }
  apply();
  window.location.reload();
}

/** Shows the backend in use and its source; tests, saves or resets another address. */
export function EnvSwitcherDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const setting = backendSetting();
  const inUse = backendOrigin();
  const fallback = configuredBackendUrl() || window.location.origin;
  const [address, setAddress] = useState(setting.source === 'stored' ? setting.url : '');
  const [touched, setTouched] = useState(false);
  const [test, setTest] = useState<{ origin: string; result: HealthResult | null } | null>(null);
  const parsed = parseBackendAddress(address);
  const error = touched && !parsed.ok ? t(`envSwitcher.errors.${parsed.error}`) : null;
  const testedOk = parsed.ok && test?.origin === parsed.origin && test.result?.ok === true;
  const leaving = parsed.ok && parsed.origin !== inUse;

  const runTest = () => {
    setTouched(true);
    if (!parsed.ok) {
      return;
    }
    const origin = parsed.origin;
    setTest({ origin, result: null });
    void checkBackendHealth(origin).then((result) =>
      setTest((current) => (current?.origin === origin ? { origin, result } : current)),
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('envSwitcher.title')} centered size="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('envSwitcher.inUse')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Code data-testid="env-backend-in-use" style={{ wordBreak: 'break-all' }}>
              {inUse}
            </Code>
            <Badge
              variant="light"
              tt="none"
              color={setting.source === 'stored' ? 'orange' : 'gray'}
            >
              {t(`envSwitcher.source.${setting.source}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t('envSwitcher.defaultIs', { url: fallback })}
          </Text>
        </Stack>

        <TextInput
          label={t('envSwitcher.address')}
          description={t('envSwitcher.addressHint')}
          placeholder="https://paste.example.com"
          value={address}
          onChange={(event) => {
            setAddress(event.currentTarget.value);
            setTest(null);
          }}
          onBlur={() => setTouched(address.trim() !== '')}
          error={error}
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />

        <TestResult test={test} />

        <Alert
          color={leaving ? 'yellow' : 'gray'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
        >
          {t('envSwitcher.signOutWarning')}
        </Alert>

        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            color="gray"
            disabled={setting.source !== 'stored'}
            onClick={() => switchTo(fallback, clearStoredBackendUrl)}
          >
            {t('envSwitcher.reset')}
          </Button>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} />}
              loading={test !== null && test.result === null}
              onClick={runTest}
            >
              {t('envSwitcher.test')}
            </Button>
            <Button
              disabled={!testedOk}
              onClick={() =>
                parsed.ok && switchTo(parsed.origin, () => storeBackendUrl(parsed.origin))
              }
            >
              {t('envSwitcher.save')}
            </Button>
          </Group>
        </Group>
        {parsed.ok && !testedOk && (
          <Text size="xs" c="dimmed" ta="right">
            {t('envSwitcher.testFirst')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

function TestResult({ test }: { test: { origin: string; result: HealthResult | null } | null }) {
  const { t } = useTranslation();
  if (!test?.result) {
    return null;
  }
  return test.result.ok ? (
    <Alert color="teal" variant="light" icon={<IconCheck size={18} />} role="status">
      {t('envSwitcher.testOk', { url: test.origin, ms: test.result.ms })}
    </Alert>
  ) : (
    <Alert color="red" variant="light" icon={<IconX size={18} />} role="alert">
      {t('envSwitcher.testFailed', { url: test.origin })}
    </Alert>
  );
}
