import { Alert, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How a decrypting download ended (issue 35), said alike by the encrypted file and the
 * encrypted bundle pages: saved, or failed because the bytes did not decrypt (damaged or
 * changed) or the server did not deliver them.
 */
export function DownloadSavedText({ children }: { children: ReactNode }) {
  return (
    <Text
      size="sm"
      c="light-dark(var(--mantine-color-teal-8), var(--mantine-color-teal-4))"
      role="status"
      style={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Text>
  );
}

export function DownloadFailedAlert({ damaged }: { damaged: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      icon={<IconLock size={18} />}
      title={t(damaged ? 'file.encrypted.damagedTitle' : 'file.encrypted.httpTitle')}
    >
      {t(damaged ? 'file.encrypted.damagedBody' : 'file.encrypted.httpBody')}
    </Alert>
  );
}
