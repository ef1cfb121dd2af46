import { Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SharePageErrorState } from '@/components/ShareErrorState';
import { SharePageLoading } from '@/components/SharePageLoading';
import { SharePasswordPrompt } from '@/components/SharePasswordPrompt';
import { usePageTitle } from '@/lib/use-page-title';
import { usePublicBundle, useVerifyBundlePassword } from '@/features/bundles/api/get-public-bundle';
import { isGalleryImage } from './BundleFileIcon';
import { BundleFileList } from './BundleFileList';
import { BundleGallery } from './BundleGallery';
import { BundleHeader } from './BundleHeader';

// The cipher code loads only for an encrypted bundle (issue 35).
const EncryptedBundle = lazy(() =>
  import('./EncryptedBundle').then((m) => ({ default: m.EncryptedBundle })),
);

function LoadingState() {
  return (
    <SharePageLoading heading="45%" subtitle="70%">
      <Skeleton height={56} />
      <Skeleton height={56} />
    </SharePageLoading>
  );
}

/** The protected bundle's password prompt, naming it when it has a title. */
function BundlePasswordPrompt({
  bundle,
  unlock,
}: {
  bundle: PublicBundle;
  unlock: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const texts = {
    title: t('bundles.unlock.title'),
    body: t('bundles.unlock.body'),
    label: t('bundles.unlock.label'),
    toggle: t('bundles.unlock.toggle'),
    submit: t('bundles.unlock.submit'),
    required: t('bundles.unlock.required'),
  };
  const subtitle = bundle.title ? (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {bundle.title}
    </Text>
  ) : undefined;
  return <SharePasswordPrompt texts={texts} subtitle={subtitle} unlock={unlock} />;
}

/** Route `/b/:slug` (issue 33): a bundle of files, its password prompt, or why not. */
export function BundlePage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const query = usePublicBundle(slug);
  const verify = useVerifyBundlePassword(slug);
  usePageTitle(query.data?.title || t('bundles.page.pageTitle'));

  if (query.isPending) {
    return <LoadingState />;
  }
  if (query.isError) {
    return (
      <SharePageErrorState kind="bundle" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  const bundle = query.data;
  if (!bundle.files) {
    return (
      <BundlePasswordPrompt bundle={bundle} unlock={(password) => verify.mutateAsync(password)} />
    );
  }
  if (bundle.encrypted && bundle.files.length > 0) {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Suspense fallback={<Skeleton height={160} />}>
          <EncryptedBundle bundle={bundle} />
        </Suspense>
      </Paper>
    );
  }
  const images = bundle.files.filter(isGalleryImage);
  const others = bundle.files.filter((file) => !isGalleryImage(file));
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <BundleHeader bundle={bundle} />
        {bundle.files.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('bundles.page.empty')}
          </Text>
        )}
        {images.length > 0 && (
          <>
            <Divider label={t('bundles.page.gallery')} labelPosition="left" />
            <BundleGallery files={images} />
          </>
        )}
        {others.length > 0 && (
          <>
            <Divider label={t('bundles.page.files')} labelPosition="left" />
            <BundleFileList files={others} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
