import type { AuthState } from '@/lib/auth/auth-store';

/** FNV-1a, 32 bits: a stable tag for a key without keeping the key itself on disk. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Who an answer belongs to. Every offline entry carries its owner and is given back only
 * to the same identity, so a browser shared by an admin, a key user and a stranger never
 * shows one of them another's data — whichever way the sign-out happened (a button, an
 * expired token, another tab, cleared storage), and without wiping the cache at each
 * sign-in. An admin sees everything (SPEC §6), so every admin token is the same owner.
 * The backend is part of the owner: after the environment switcher points the app at
 * another server, the first server's copies never answer for it.
 */
type Owner = Pick<AuthState, 'authType' | 'apiKey'> &
  Partial<Pick<AuthState, 'member' | 'memberToken'>>;

export function cacheOwner(auth: Owner, backend: string): string {
  return `${identity(auth)}@${backend}`;
}

function identity(auth: Owner): string {
  if (auth.authType === 'admin') {
    return 'admin';
  }
  if (auth.authType === 'member') {
    // A member sees its own shares only (issue 32): its copies are its account's, across
    // sessions; the token stands in only when the account's id was never stored.
    return auth.member?.id
      ? `member:${auth.member.id}`
      : `member-token:${fingerprint(auth.memberToken ?? '')}`;
  }
  if (auth.authType === 'apikey' && auth.apiKey) {
    return `key:${fingerprint(auth.apiKey)}`;
  }
  return 'anonymous';
}
