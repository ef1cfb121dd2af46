import type { AccountItem } from '@pastebox/contract/schemas/account';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth/use-auth';
import { ACCOUNT_KEYS, ADMIN_KEYS } from '@/features/admin/api/api-keys-base';
import { useApiKeys } from '@/features/admin/api/get-api-keys';
import { useAccountChoices } from '@/features/admin/components/accounts/api/get-accounts';
import { creatorKeyId } from '@/features/admin/utils/format';

/**
 * Who created a share, readable: for the admin, "Administrator" for an admin account, a
 * member's username (issue 32), the key's name, or a short id for what it cannot look up;
 * "You" for a key user's own shares. A member sees only its own shares and those of its own
 * keys: "You", or its key's name.
 */
export function useCreatorName(createdBy: string): string {
  const { t } = useTranslation();
  const { authType } = useAuth();
  const member = authType === 'member';
  const admin = authType === 'admin';
  const keys = useApiKeys(admin || member, member ? ACCOUNT_KEYS : ADMIN_KEYS);
  // One cached list for every row (TanStack Query shares it), read only by an admin.
  const accounts = useAccountChoices(admin);
  const keyId = creatorKeyId(createdBy);
  if (keyId === null) {
    if (!admin) {
      return member ? t('texts.creatorYou') : t('texts.creatorAdmin');
    }
    // Read defensively: the env switcher can point the panel at a server of another version.
    const list: unknown = accounts.data?.items;
    const account = Array.isArray(list)
      ? (list as AccountItem[]).find((item) => item.id === createdBy)
      : undefined;
    if (account) {
      return account.role === 'admin' ? t('texts.creatorAdmin') : account.username;
    }
    // Until the list answers (or if it cannot), say what the panel always said.
    return accounts.isSuccess ? createdBy.slice(0, 8) : t('texts.creatorAdmin');
  }
  if (authType === 'apikey') {
    return t('texts.creatorYou');
  }
  const name = keys.data?.find((key) => key.id === keyId)?.name;
  return name
    ? t('texts.creatorKey', { name })
    : t('texts.creatorKey', { name: keyId.slice(0, 8) });
}
