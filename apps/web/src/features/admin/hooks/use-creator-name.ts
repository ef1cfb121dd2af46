import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { useApiKeys } from '@/features/admin/api/get-api-keys';
import { creatorKeyId } from '@/features/admin/utils/format';

/**
 * Who created a share, readable: "Administrator", the key's name when the admin can look
 * it up, "You" for a key user's own shares, or the key id of a deleted key.
 */
export function useCreatorName(createdBy: string): string {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const keys = useApiKeys(authType === 'admin');
  const keyId = creatorKeyId(createdBy);
  if (keyId === null) {
    return t('texts.creatorAdmin');
  }
  if (authType === 'apikey') {
    return t('texts.creatorYou');
  }
  const name = keys.data?.find((key) => key.id === keyId)?.name;
  return name
    ? t('texts.creatorKey', { name })
    : t('texts.creatorKey', { name: keyId.slice(0, 8) });
}
