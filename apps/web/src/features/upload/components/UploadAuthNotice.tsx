import { useTranslation } from 'react-i18next';
import { MissingPermissionNotice, SignInNotice } from '@/components/AccessNotice';
import { isScoped } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { useCan } from '@/lib/auth/use-can';

/** SPEC §6: uploading needs an admin login or a key with file permission. */
export function useCanUpload(): boolean {
  return useCan('file');
}

/** Why uploading is unavailable: not signed in (with a way to sign in), or no file permission. */
export function UploadAuthNotice() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (isScoped(auth.authType) && !auth.permissions.file) {
    return (
      <MissingPermissionNotice
        title={t('upload.auth.noFileTitle')}
        body={t('upload.auth.noFileBody')}
      />
    );
  }
  return (
    <SignInNotice
      title={t('upload.auth.signInTitle')}
      body={t('upload.auth.signInBody')}
      action={t('upload.auth.signIn')}
    />
  );
}
