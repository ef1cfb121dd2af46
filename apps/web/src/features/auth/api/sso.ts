import type { SsoLoginInfo } from '@pastebox/contract/schemas/sso';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiUrl } from '@/lib/backend';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/auth/sso (public): whether the login screen offers single sign-on (issue 32). */
export function getSsoLoginInfo(): Promise<SsoLoginInfo> {
  return apiRequest<SsoLoginInfo>('/auth/sso', { anonymous: true });
}

/** The login screen's question; a failure simply means no button (the password form stays). */
export function useSsoLoginInfo() {
  return useQuery({ queryKey: queryKeys.ssoLoginInfo, queryFn: getSsoLoginInfo, retry: false });
}

/**
 * Only a path on this site may be a destination: `//evil.example` and `/\evil.example` are
 * other sites to a browser, and anything absolute could leave the app after sign-in.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/admin'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  try {
    const resolved = new URL(value, window.location.origin);
    return resolved.origin === window.location.origin
      ? `${resolved.pathname}${resolved.search}${resolved.hash}`
      : fallback;
  } catch {
    return fallback;
  }
}

/** Where the "Sign in with …" button goes: a full navigation to the provider, via the server. */
export function ssoStartUrl(returnTo: string): string {
  const query = new URLSearchParams({ return_to: safeReturnPath(returnTo) });
  return apiUrl(`/auth/sso/start?${query.toString()}`);
}
