/** What the server's SSO callback put in /sso/complete's fragment (issue 32). */
export type SsoOutcome =
  | { kind: 'session'; token: string; role: 'admin' | 'member'; returnTo: string | null }
  | { kind: 'error'; key: string };

/** Only an error key's own shape is trusted: the fragment is whatever the address bar held. */
const ERROR_KEY = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * Reads `#token=…&expires=…&username=…&role=…&return_to=…` or `#error=KEY`. Anything else
 * (no token, an unknown role, an empty fragment after a reload) reads as SSO_FAILED.
 */
export function parseSsoFragment(hash: string): SsoOutcome {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error');
  if (error !== null) {
    return { kind: 'error', key: ERROR_KEY.test(error) ? error : 'SSO_FAILED' };
  }
  const token = params.get('token');
  const role = params.get('role');
  if (!token || (role !== 'admin' && role !== 'member')) {
    return { kind: 'error', key: 'SSO_FAILED' };
  }
  return { kind: 'session', token, role, returnTo: params.get('return_to') };
}
