import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { MissingPermissionNotice, SignInNotice } from '@/components/AccessNotice';
import { isScoped } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { usePageTitle } from '@/lib/use-page-title';
import { useExplorerLocation } from '@/features/mount-explorer/hooks/use-explorer-location';
import {
  explorerBase,
  explorerUrl,
  redirectFor,
} from '@/features/mount-explorer/lib/explorer-paths';
import { ExplorerUploadProvider } from '@/features/mount-explorer/uploads';
import { ExplorerHeading } from './ExplorerHeading';
import { FolderView } from './FolderView';

/**
 * Route `/mount-explorer/*` (SPEC §2, §6): the admin everywhere; a key with mount
 * permission at its base path and below (sent there from anywhere else); anyone else is
 * told why not and how to sign in.
 */
export function ExplorerPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.mountExplorer'));
  const auth = useAuth();
  const { folder, preview, closePreview } = useExplorerLocation();

  if (auth.authType === 'none') {
    return (
      <Stack gap="md">
        <ExplorerHeading />
        <SignInNotice
          title={t('explorer.auth.signInTitle')}
          body={t('explorer.auth.signInBody')}
          action={t('explorer.auth.signIn')}
        />
      </Stack>
    );
  }
  if (isScoped(auth.authType) && !auth.permissions.mount) {
    // A key typed into another tab has no permissions stored yet: the check on load brings them.
    if (auth.keyInfo === null && auth.member === null && auth.lastValidated === 0) {
      return (
        <Center py="xl">
          <Loader aria-label={t('explorer.auth.checking')} />
        </Center>
      );
    }
    return (
      <Stack gap="md">
        <ExplorerHeading />
        <MissingPermissionNotice
          title={t('explorer.auth.noMountTitle')}
          body={t('explorer.auth.noMountBody')}
        />
      </Stack>
    );
  }
  if (folder === null) {
    return (
      <Stack gap="md">
        <ExplorerHeading />
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />}>
          {t('explorer.states.invalidPath')}
          <Button
            component={Link}
            to={explorerUrl(explorerBase(auth))}
            size="xs"
            mt="sm"
            display="block"
            w="fit-content"
          >
            {t('explorer.states.toRoot')}
          </Button>
        </Alert>
      </Stack>
    );
  }
  const redirect = redirectFor(auth, folder);
  if (redirect !== null) {
    return <Navigate to={explorerUrl(redirect)} replace />;
  }
  // The upload queue outlives folder changes (uploads finish where they were started);
  // the folder view is keyed: search, selection and menus belong to one folder.
  return (
    <ExplorerUploadProvider folderPath={folder}>
      <FolderView
        key={folder}
        folder={folder}
        base={explorerBase(auth)}
        preview={preview}
        onClosePreview={closePreview}
      />
    </ExplorerUploadProvider>
  );
}
