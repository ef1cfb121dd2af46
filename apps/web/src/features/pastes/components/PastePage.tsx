import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PasteView } from '@pastebox/contract/schemas/paste';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharePageErrorState } from '@/components/ShareErrorState';
import { SharePageLoading } from '@/components/SharePageLoading';
import { isOfflineCopy } from '@/lib/offline/response-cache';
import { usePageTitle } from '@/lib/use-page-title';
import { usePasteView } from '@/features/pastes/api/get-paste';
import { useUnlockPaste } from '@/features/pastes/api/unlock-paste';
import { PasteActions } from './PasteActions';
import { PasteContent } from './PasteContent';
import { PasteMeta } from './PasteMeta';
import { PastePasswordPrompt } from './PastePasswordPrompt';

// Readers never edit: CodeMirror is fetched only when the owner opens the editor.
const PasteEditor = lazy(() => import('./PasteEditor').then((m) => ({ default: m.PasteEditor })));
// The decryption (and the cipher code) only for an encrypted share: the first pages'
// budget (DESIGN §9) counts everything a paste page reaches statically.
const EncryptedPaste = lazy(() =>
  import('./EncryptedPaste').then((m) => ({ default: m.EncryptedPaste })),
);

function LoadingState() {
  return (
    <SharePageLoading heading="40%" subtitle="60%">
      <Skeleton height={14} />
      <Skeleton height={14} width="90%" />
      <Skeleton height={14} width="75%" />
    </SharePageLoading>
  );
}

function isEditable(paste: PasteView): paste is PasteView & { id: string } {
  return paste.canEdit === true && typeof paste.id === 'string';
}

/** Route `/paste/:slug`: a shared text, its password prompt, or why it cannot be shown. */
export function PastePage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.paste'));
  const slug = useParams().slug ?? '';
  const query = usePasteView(slug);
  const unlock = useUnlockPaste(slug);
  const [editing, setEditing] = useState(false);

  if (query.isPending) {
    return <LoadingState />;
  }
  if (query.isError) {
    return (
      <SharePageErrorState kind="paste" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const paste = query.data;
  if (paste.content === undefined) {
    return <PastePasswordPrompt unlock={(typed) => unlock.mutateAsync(typed)} />;
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {paste.remark || t('titles.paste')}
            </Title>
            <PasteMeta paste={paste} />
            {isOfflineCopy(paste) && (
              <Text size="xs" c="dimmed" data-testid="offline-copy-note">
                {t('offline.shownFromCache')}
              </Text>
            )}
          </Stack>
          {!editing && (
            <PasteActions
              paste={paste}
              onEdit={isEditable(paste) && !paste.encrypted ? () => setEditing(true) : undefined}
            />
          )}
        </Group>
        {paste.encrypted && (
          <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
            <IconLock size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
            <Text size="sm">
              <strong>{t('paste.encrypted.title')}.</strong> {t('paste.encrypted.body')}
            </Text>
          </Group>
        )}
        <Divider />
        {editing && isEditable(paste) ? (
          <Suspense fallback={<Skeleton height={400} />}>
            <PasteEditor paste={paste} onDone={() => setEditing(false)} />
          </Suspense>
        ) : paste.encrypted ? (
          <Suspense fallback={<Skeleton height={80} />}>
            <EncryptedPaste blob={paste.content}>
              {(text) => <PasteContent content={text} format={paste.format} />}
            </EncryptedPaste>
          </Suspense>
        ) : (
          <PasteContent content={paste.content} format={paste.format} />
        )}
      </Stack>
    </Paper>
  );
}
