import { useEffect, useState } from 'react';
import { authStore, isScoped } from './auth-store';
import { useAuth } from './use-auth';
import { validateAuth } from './validate';

/**
 * SPEC §4 revalidates the credentials on entering the admin route. This runs that check and
 * is true while it is under way for an API key: the key's stored permissions decide what the
 * route shows (SPEC §6), and they may be stale — the admin changed them since, or another tab
 * or a script wrote them — so a guard deciding before the answer sends a key Home that may
 * enter, or lets in one that may not. When the check ends the store holds the server's
 * permissions; the stored ones stand only when the server could not be reached, and a
 * refusal has signed out.
 *
 * A member's session (issue 32) waits the same way: its rights live on its account.
 * An admin token is checked too but never waits: it holds every permission, and a refusal
 * signs out whatever is on screen. Neither does a credential obtained on the route (a login):
 * the server has just answered for it.
 */
export function useEntryValidation(): boolean {
  const { authType } = useAuth();
  const credential = authStore.authorization();
  const [enteredWith] = useState(credential);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    let active = true;
    void validateAuth(true).then(() => {
      if (active) {
        setChecked(true);
      }
    });
    return () => {
      active = false;
    };
  }, []);

  return isScoped(authType) && credential === enteredWith && !checked;
}
