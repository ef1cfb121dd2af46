import type { Permissions } from '@pastebox/contract/schemas/auth';
import { useAuth } from './use-auth';

/** SPEC §6: the admin may do everything; a key only what its permissions allow. */
export function useCan(permission: keyof Permissions): boolean {
  const auth = useAuth();
  return auth.authType === 'admin' || (auth.authType === 'apikey' && auth.permissions[permission]);
}
