import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { ACCOUNT_KEYS, ADMIN_KEYS } from '@/features/admin/api/api-keys-base';
import { useApiKeys } from '@/features/admin/api/get-api-keys';
import { creatorKeyId } from '@/features/admin/utils/format';

/**
 * Who created a share, readable: "Administrator", the key's name when the admin can look
 * it up, "You" for a key user's own shares, or the key id of a deleted key. A member
 * (issue 32) sees only its own shares and those of its own keys: "You", or its key's name.
 */
export function useCreatorName(createdBy: string): string {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const member = authType === 'member';
  const keys = useApiKeys(authType === 'admin' || member, member ? ACCOUNT_KEYS : ADMIN_KEYS);
  const keyId = creatorKeyId(createdBy);
  if (keyId === null) {
    return member ? t('texts.creatorYou') : t('texts.creatorAdmin');
  }
  if (authType === 'apikey') {
    return t('texts.creatorYou');
  }
  const name = keys.data?.find((key) => key.id === keyId)?.name;
  return name
    ? t('texts.creatorKey', { name })
    : t('texts.creatorKey', { name: keyId.slice(0, 8) });
}
