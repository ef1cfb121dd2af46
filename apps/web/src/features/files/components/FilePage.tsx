import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PublicFile } from '@pastebox/contract/schemas/file';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharePageErrorState } from '@/components/ShareErrorState';
import { SharePageLoading } from '@/components/SharePageLoading';
import { isOfflineCopy } from '@/lib/offline/response-cache';
import { useOnline } from '@/lib/use-online';
import { usePageTitle } from '@/lib/use-page-title';
import { usePublicFile } from '@/features/files/api/get-public-file';
import { useVerifyFilePassword } from '@/features/files/api/verify-file-password';
import { FileActions } from './FileActions';
import { FileHeaderIcon } from './FileHeaderIcon';
import { FileMeta } from './FileMeta';
import { FileOfflineNote, OfflinePreview } from './FileOffline';
import { FilePasswordPrompt } from './FilePasswordPrompt';
import { FilePreview } from './FilePreview';

// The cipher code loads only for an encrypted share (issue 35).
const EncryptedFile = lazy(() =>
  import('./EncryptedFile').then((m) => ({ default: m.EncryptedFile })),
);

type OpenedFile = PublicFile & { previewUrl: string; downloadUrl: string };

function isOpened(file: PublicFile): file is OpenedFile {
  return typeof file.previewUrl === 'string' && typeof file.downloadUrl === 'string';
}

/** An end-to-end encrypted file: its name and type are in `encrypted_meta`, sealed. */
function isEncrypted(file: OpenedFile): file is OpenedFile & { encrypted_meta: string } {
  return file.encrypted === true && typeof file.encrypted_meta === 'string';
}

function LoadingState() {
  return (
    <SharePageLoading heading="45%" subtitle="70%">
      <Skeleton height={240} />
    </SharePageLoading>
  );
}

/** Route `/file/:slug`: a shared file, its password prompt, or why it cannot be shown. */
export function FilePage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const query = usePublicFile(slug);
  const verify = useVerifyFilePassword(slug);
  const online = useOnline();
  const encrypted = query.data?.encrypted === true;
  // An encrypted file's stored name is a placeholder; its real one stays in the page.
  usePageTitle((!encrypted && query.data?.filename) || t('titles.file'));

  if (query.isPending) {
    return <LoadingState />;
  }
  if (query.isError) {
    return (
      <SharePageErrorState kind="file" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const file = query.data;
  if (!isOpened(file)) {
    return (
      <FilePasswordPrompt
        filename={file.filename}
        unlock={(password) => verify.mutateAsync(password)}
      />
    );
  }

  // The copy's links are this device's old visit: without the server they open nothing.
  const needsNetwork = !online || isOfflineCopy(file);
  if (isEncrypted(file)) {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          {needsNetwork && <FileOfflineNote online={online} onRetry={() => void query.refetch()} />}
          <Suspense fallback={<Skeleton height={160} />}>
            <EncryptedFile file={file} />
          </Suspense>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {needsNetwork && <FileOfflineNote online={online} onRetry={() => void query.refetch()} />}
        <Group justify="space-between" align="flex-start" gap="md">
          <Group
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            style={{ minWidth: 0, flex: '1 1 320px' }}
          >
            <FileHeaderIcon
              filename={file.filename}
              mimetype={file.mimetype}
              previewUrl={needsNetwork ? null : file.previewUrl}
            />
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {file.filename}
              </Title>
              {file.remark && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {file.remark}
                </Text>
              )}
              <FileMeta file={file} />
            </Stack>
          </Group>
          <FileActions
            slug={file.slug}
            filename={file.filename}
            downloadUrl={needsNetwork ? null : file.downloadUrl}
          />
        </Group>
        <Divider label={t('file.preview.title')} labelPosition="left" />
        {needsNetwork ? <OfflinePreview /> : <FilePreview file={file} />}
      </Stack>
    </Paper>
  );
}
