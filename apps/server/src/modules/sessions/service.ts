import { LIMITS } from '@pastebox/contract/limits';
import type { AppDeps, Principal } from '@/context';
import { addMs, isoNow } from '@/lib/clock';
import { sha256Hex } from '@/lib/crypto';
import { newId, randomToken } from '@/lib/ids';
import { principalCacheOf } from '@/lib/principal-cache';
import type { SignInContext } from '@/lib/sign-in';
import { TtlCache } from '@/lib/ttl-cache';
import { SessionsRepo } from './repo';

export type { SignInContext } from '@/lib/sign-in';

/**
 * Sessions (DESIGN §12): each sign-in is a row keyed by its token's SHA-256, with the
 * device, address and method it began with and when it was last used. Instances share
 * them through the database; the revocation epoch (migrations 009, 018) makes an ended
 * session end on every instance within a second.
 */

const SESSION_MS = LIMITS.adminSessionDays * 24 * 60 * 60 * 1000;
const LAST_USED_RESOLUTION_MS = 60_000;
const MAX_TRACKED_SESSIONS = 10_000;

/** How a session began (shown in "your sessions" and recorded in the audit log). */
export type SignInMethod = 'password' | 'totp' | 'recovery' | 'passkey' | 'sso';

export interface OpenedSession {
  /** The account signed in; for the audit log, not for the answer. */
  accountId: string;
  token: string;
  expiresAt: string;
  username: string;
  role: 'admin' | 'member';
}

/** A new session for an account that has passed every check of its sign-in. */
export async function openSession(
  deps: AppDeps,
  account: { id: string; username: string; role: 'admin' | 'member' },
  context: SignInContext,
  method: SignInMethod,
): Promise<OpenedSession> {
  const token = randomToken(32);
  const now = deps.clock.now();
  const expiresAt = addMs(now, SESSION_MS).toISOString();
  await new SessionsRepo(deps.db).insertSession({
    token_hash: sha256Hex(token),
    id: newId(),
    account_id: account.id,
    expires_at: expiresAt,
    created_at: now.toISOString(),
    user_agent: context.userAgent?.slice(0, 512) ?? null,
    ip: context.clientIp.slice(0, 64),
    last_used_at: now.toISOString(),
    method,
  });
  return {
    accountId: account.id,
    token,
    expiresAt,
    username: account.username,
    role: account.role,
  };
}

/**
 * Resolves a Bearer token to its account's principal (admin or member), or null when the
 * token is unknown, expired, or its account is disabled. Asked on every authenticated
 * request, so a live session is served from the principal cache (lib/principal-cache.ts).
 */
export async function resolveSessionToken(deps: AppDeps, token: string): Promise<Principal | null> {
  const tokenHash = sha256Hex(token);
  const principal = await principalCacheOf(deps).resolve('session', tokenHash, async () => {
    const row = await new SessionsRepo(deps.db).findLiveSession(tokenHash, isoNow(deps.clock));
    if (!row || row.disabled === 1) {
      return null;
    }
    const common = {
      username: row.username,
      tokenHash,
      expiresAt: row.expires_at,
      sessionId: row.session_id,
    };
    if (row.role === 'admin') {
      return { type: 'admin', adminId: row.account_id, ...common };
    }
    return {
      type: 'member',
      accountId: row.account_id,
      ...common,
      basicPath: row.basic_path,
      permissions: {
        text: row.text_permission === 1,
        file: row.file_permission === 1,
        mount: row.mount_permission === 1,
      },
    };
  });
  if (principal) {
    await touchLastUsed(deps, tokenHash);
  }
  return principal;
}

/** Per app: the sessions whose last_used_at this process wrote less than a minute ago. */
const recentlyTouched = new WeakMap<AppDeps, TtlCache<true>>();

async function touchLastUsed(deps: AppDeps, tokenHash: string): Promise<void> {
  let touched = recentlyTouched.get(deps);
  if (!touched) {
    touched = new TtlCache(MAX_TRACKED_SESSIONS);
    recentlyTouched.set(deps, touched);
  }
  const now = deps.clock.now().getTime();
  if (touched.get(tokenHash, now)) {
    return;
  }
  touched.set(tokenHash, true, now + LAST_USED_RESOLUTION_MS);
  await new SessionsRepo(deps.db).touchSession(
    tokenHash,
    new Date(now).toISOString(),
    new Date(now - LAST_USED_RESOLUTION_MS).toISOString(),
  );
}

/**
 * Ends one session. The revocation epoch moves with the delete, so other processes drop
 * their cached copy within a second; this one drops it now.
 */
export async function logout(deps: AppDeps, tokenHash: string): Promise<void> {
  await new SessionsRepo(deps.db).deleteSession(tokenHash);
  principalCacheOf(deps).forget('session', tokenHash);
}

/** Sweeper: drops sessions past their expiry. */
export async function sweepExpiredSessions(deps: AppDeps): Promise<void> {
  await new SessionsRepo(deps.db).deleteExpiredSessions(isoNow(deps.clock));
}

/** One row of "your sessions". */
export interface SessionView {
  id: string;
  current: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  method: string | null;
}

/** An account's live sessions, the caller's own marked `current`. */
export async function listSessions(
  deps: AppDeps,
  accountId: string,
  currentTokenHash: string | null,
): Promise<SessionView[]> {
  const rows = await new SessionsRepo(deps.db).listSessions(accountId, isoNow(deps.clock));
  return rows.map((row) => ({
    id: row.id,
    current: row.token_hash === currentTokenHash,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    userAgent: row.user_agent,
    method: row.method,
  }));
}

/** Ends one of the account's sessions; false when it has no such session. */
export async function endSession(deps: AppDeps, accountId: string, id: string): Promise<boolean> {
  const ended = await new SessionsRepo(deps.db).deleteSessionById(accountId, id);
  principalCacheOf(deps).forgetAll();
  return ended > 0;
}

/** Ends every session of the account, or every one but the caller's; answers how many. */
export async function endSessionsOf(
  deps: AppDeps,
  accountId: string,
  keepTokenHash?: string,
): Promise<number> {
  const ended = await new SessionsRepo(deps.db).deleteSessionsOfAccount(accountId, keepTokenHash);
  principalCacheOf(deps).forgetAll();
  return ended;
}
