import { authStore } from '@/lib/auth/auth-store';

/**
 * Issue 33: the admin manages every file request under /admin/requests; a member or a key
 * that may upload files manages its own under /user/requests.
 */
export function requestsBasePath(): '/admin/requests' | '/user/requests' {
  return authStore.get().authType === 'admin' ? '/admin/requests' : '/user/requests';
}

/** The path of one request, or of something below it. */
export function requestPath(id: string, rest = ''): string {
  return `${requestsBasePath()}/${encodeURIComponent(id)}${rest}`;
}
