import type { Permissions } from '@pastebox/contract/schemas/auth';
import { isScoped } from './auth-store';
import { useAuth } from './use-auth';

/** SPEC §6: the admin may do everything; a key or a member only what its permissions allow. */
export function useCan(permission: keyof Permissions): boolean {
  const auth = useAuth();
  return auth.authType === 'admin' || (isScoped(auth.authType) && auth.permissions[permission]);
}
