import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { decodeHeader, E2eDecryptError } from '@pastebox/contract/e2e/format';
import { decodeFragmentKey } from '@pastebox/contract/e2e/keys';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The door of every end-to-end encrypted share (issue 35, docs/encryption.md): the key
 * comes from the link's fragment (`#k=…`, never sent to the server) and, when the sender
 * set one, a password the reader types. Until `open` succeeds the reader sees why it does
 * not — no key in the link, a password to enter, a wrong key or password, a damaged blob —
 * and never anything of the ciphertext.
 */

/** The fragment key of a link's `#…`, or null when it has none. */
export function fragmentKeyOf(hash: string): Uint8Array | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('k');
  return value ? decodeFragmentKey(value) : null;
}

/** Whether the blob starting with `header` asks for a password (false for no blob at all). */
function needsPassword(header: Uint8Array): boolean {
  try {
    return decodeHeader(header).iterations > 0;
  } catch {
    return false; // not a blob: opening it fails, and says so
  }
}

type Decryption<T> =
  | { state: 'no-key' }
  | { state: 'needs-password'; failed: boolean }
  | { state: 'decrypting' }
  | { state: 'failed' }
  | { state: 'open'; value: T };

/** Where a share starts: without a key nothing opens; a password is asked before trying. */
function initialState<T>(header: Uint8Array, key: Uint8Array | null): Decryption<T> {
  if (!key) {
    return { state: 'no-key' };
  }
  return needsPassword(header)
    ? { state: 'needs-password', failed: false }
    : { state: 'decrypting' };
}

/** The translations a gate speaks with: a text's, a file's or a bundle's. */
export type E2eGateTexts = 'paste.encrypted' | 'file.encrypted' | 'bundles.encrypted';

export interface E2eGateProps<T> {
  /** The first bytes of a blob of the share: its header says whether a password is mixed in. */
  header: Uint8Array;
  /** Opens the share; an E2eDecryptError (or a TypeError from Web Crypto) means wrong. */
  open: (key: Uint8Array, password: string | undefined) => Promise<T>;
  texts: E2eGateTexts;
  /** Shown above the gate until it opens: what the share is (a bundle's title). */
  intro?: ReactNode;
  /** What to show once it is open. */
  children: (opened: T) => ReactNode;
}

/** What a closed gate shows: decrypting, the password form, or why it cannot open. */
function ClosedGate({
  decryption,
  texts,
  onPassword,
}: {
  decryption: Exclude<Decryption<unknown>, { state: 'open' }>;
  texts: E2eGateTexts;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
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
      onPassword(password);
    };
    return (
      <form onSubmit={submit}>
        <Stack gap="sm" maw={420}>
          <Text size="sm">{t('paste.encrypted.passwordBody')}</Text>
          <PasswordInput
            label={t('paste.encrypted.passwordLabel')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={decryption.failed ? t(`${texts}.failedBody`) : undefined}
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
      title={t(missing ? 'paste.encrypted.noKeyTitle' : `${texts}.failedTitle`)}
    >
      {t(missing ? 'paste.encrypted.noKeyBody' : `${texts}.failedBody`)}
    </Alert>
  );
}

export function E2eGate<T>({ header, open, texts, intro, children }: E2eGateProps<T>) {
  const [key] = useState(() => fragmentKeyOf(window.location.hash));
  const [decryption, setDecryption] = useState<Decryption<T>>(() => initialState(header, key));

  /** Opens; the outcome lands in the state when the promise settles. */
  const start = (typed?: string) => {
    if (!key) {
      return;
    }
    open(key, typed).then(
      (value) => setDecryption({ state: 'open', value }),
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
    if (initialState(header, key).state === 'decrypting') {
      start();
    }
    // Once: the blob and the key come with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (decryption.state === 'open') {
    return <>{children(decryption.value)}</>;
  }
  const closed = (
    <ClosedGate
      decryption={decryption}
      texts={texts}
      onPassword={(password) => {
        setDecryption({ state: 'decrypting' });
        start(password);
      }}
    />
  );
  return intro ? (
    <Stack gap="md">
      {intro}
      {closed}
    </Stack>
  ) : (
    closed
  );
}
