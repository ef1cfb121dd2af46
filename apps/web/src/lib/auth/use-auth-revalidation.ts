import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { validateAuth } from './validate';

/**
 * SPEC §4: stored credentials are revalidated on start, whenever the last check is older
 * than 5 minutes (checked on every navigation), and always on entering the admin route.
 */
export function useAuthRevalidation(): void {
  const { pathname } = useLocation();
  const onAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  useEffect(() => {
    void validateAuth(onAdmin);
  }, [pathname, onAdmin]);
}
