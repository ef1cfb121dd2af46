import { useTranslation } from 'react-i18next';
import { MissingPermissionNotice, SignInNotice } from '@/components/AccessNotice';
import { isScoped } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { useCan } from '@/lib/auth/use-can';

/** Whether the current visitor may create a text share (SPEC §6). */
export function useCanCreateText(): boolean {
  return useCan('text');
}

/**
 * Explains why creating is unavailable: nobody is signed in (with a way to the login), or
 * the signed-in API key or member lacks text permission. Renders nothing when creating is allowed.
 */
export function AuthNotice() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.authType === 'none') {
    return (
      <SignInNotice
        title={t('editor.auth.signInTitle')}
        body={t('editor.auth.signInBody')}
        action={t('editor.auth.signIn')}
      />
    );
  }
  if (isScoped(auth.authType) && !auth.permissions.text) {
    return (
      <MissingPermissionNotice
        title={t('editor.auth.noTextTitle')}
        body={t('editor.auth.noTextBody')}
      />
    );
  }
  return null;
}
