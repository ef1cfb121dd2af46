import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { openBytes } from '@pastebox/contract/e2e/blob';
import { decodeHeader, E2eDecryptError } from '@pastebox/contract/e2e/format';
import { decodeBase64Url, decodeFragmentKey } from '@pastebox/contract/e2e/keys';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An end-to-end encrypted paste (issue 35, docs/encryption.md): the blob the server
 * answered is decrypted here with the key in the link's fragment (`#k=…`, never sent to
 * the server) and, when the sender set one, a password. Nothing of the blob is ever shown
 * as text: until it opens, the reader sees why it does not.
 */

/** The fragment key of the current link, or null when the link has none. */
export function fragmentKeyOf(hash: string): Uint8Array | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('k');
  return value ? decodeFragmentKey(value) : null;
}

type Decryption =
  | { state: 'no-key' }
  | { state: 'needs-password'; failed: boolean }
  | { state: 'decrypting' }
  | { state: 'failed' }
  | { state: 'open'; text: string };

function needsPassword(blob: Uint8Array): boolean {
  try {
    return decodeHeader(blob).iterations > 0;
  } catch {
    return false; // not a blob at all: opening it fails, and says so
  }
}

async function decrypt(blob: Uint8Array, key: Uint8Array, password?: string): Promise<string> {
  const plain = await openBytes(blob, key, password ? { password } : {});
  return new TextDecoder('utf-8', { fatal: true }).decode(plain);
}

export interface EncryptedPasteProps {
  /** The share's content as the server answered it: the blob in base64url. */
  blob: string;
  /** What to show once the text is open. */
  children: (text: string) => ReactNode;
}

/** Where a blob starts: without a key nothing opens; a password is asked before trying. */
function initialState(bytes: Uint8Array, key: Uint8Array | null): Decryption {
  if (!key) {
    return { state: 'no-key' };
  }
  return needsPassword(bytes)
    ? { state: 'needs-password', failed: false }
    : { state: 'decrypting' };
}

export function EncryptedPaste({ blob, children }: EncryptedPasteProps) {
  const { t } = useTranslation();
  const [bytes] = useState(() => decodeBase64Url(blob) ?? new Uint8Array(0));
  const [key] = useState(() => fragmentKeyOf(window.location.hash));
  const [decryption, setDecryption] = useState<Decryption>(() => initialState(bytes, key));
  const [password, setPassword] = useState('');

  /** Decrypts; the outcome lands in the state when the promise settles. */
  const start = (typed?: string) => {
    if (!key) {
      return;
    }
    decrypt(bytes, key, typed).then(
      (text) => setDecryption({ state: 'open', text }),
      (error: unknown) => {
        const wrong = error instanceof E2eDecryptError || error instanceof TypeError;
        setDecryption(
          typed !== undefined && wrong
            ? { state: 'needs-password', failed: true }
            : { state: 'failed' },
        );
      },
    );
  };

  useEffect(() => {
    if (initialState(bytes, key).state === 'decrypting') {
      start();
    }
    // Once: the blob and the key come with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (decryption.state === 'open') {
    return <>{children(decryption.text)}</>;
  }
  if (decryption.state === 'decrypting') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('paste.encrypted.decrypting')}</Text>
      </Group>
    );
  }
  if (decryption.state === 'needs-password') {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      setDecryption({ state: 'decrypting' });
      start(password);
    };
    return (
      <form onSubmit={submit}>
        <Stack gap="sm" maw={420}>
          <Text size="sm">{t('paste.encrypted.passwordBody')}</Text>
          <PasswordInput
            label={t('paste.encrypted.passwordLabel')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={decryption.failed ? t('paste.encrypted.failedBody') : undefined}
            required
            autoFocus
          />
          <Group>
            <Button type="submit" leftSection={<IconLock size={16} />}>
              {t('paste.encrypted.unlock')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  const missing = decryption.state === 'no-key';
  return (
    <Alert
      color={missing ? 'yellow' : 'red'}
      icon={<IconLock size={18} />}
      title={t(missing ? 'paste.encrypted.noKeyTitle' : 'paste.encrypted.failedTitle')}
    >
      {t(missing ? 'paste.encrypted.noKeyBody' : 'paste.encrypted.failedBody')}
    </Alert>
  );
}
