import { LIMITS } from '@pastebox/contract/limits';
import {
  NEW_PASSWORD_MIN_LENGTH,
  type ChangePasswordBody,
  type LoginResult,
} from '@pastebox/contract/schemas/auth';
import type { AppDeps, Principal } from '@/context';
import { addMs, isoNow } from '@/lib/clock';
import { hashPassword, sha256Hex, verifyPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId, randomToken } from '@/lib/ids';
import { principalCacheOf } from '@/lib/principal-cache';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { AuthRepo } from './repo';

const SESSION_MS = LIMITS.adminSessionDays * 24 * 60 * 60 * 1000;

/**
 * First start: creates the admin from ADMIN_USERNAME / ADMIN_PASSWORD, or with a random
 * password that is returned so main.ts can print it once (DESIGN §5: no default password).
 */
export async function ensureInitialAdmin(
  deps: AppDeps,
): Promise<{ username: string; generatedPassword?: string } | null> {
  const repo = new AuthRepo(deps.db);
  if ((await repo.countAdmins()) > 0) {
    return null;
  }
  const username = deps.config.ADMIN_USERNAME ?? 'admin';
  const generatedPassword = deps.config.ADMIN_PASSWORD ? undefined : randomToken(12);
  const password = deps.config.ADMIN_PASSWORD ?? generatedPassword ?? randomToken(12);
  const now = isoNow(deps.clock);
  await repo.insertAdmin({
    id: newId(),
    username,
    password_hash: await hashPassword(password),
    created_at: now,
    updated_at: now,
  });
  return { username, ...(generatedPassword ? { generatedPassword } : {}) };
}

/**
 * Login lockout is per (username, address) (DESIGN §5): a guesser locks out only its own
 * tries at that name, never the admin logging in from elsewhere. Each door counts in its
 * own bucket (RATE_LIMITS.login for the panel, .davLogin for WebDAV Basic).
 */
function loginSubject(clientIp: string, username: string): string {
  return `${clientIp}|${username.trim().toLowerCase()}`;
}

/** POST /api/admin/login: a new session token, stored only as its SHA-256. */
export async function login(
  deps: AppDeps,
  clientIp: string,
  username: string,
  password: string,
): Promise<LoginResult> {
  const subject = loginSubject(clientIp, username);
  await deps.rateLimiter.reserve(RATE_LIMITS.login, subject);
  const repo = new AuthRepo(deps.db);
  const admin = await repo.findAdminByUsername(username);
  if (!admin || !(await verifyPassword(admin.password_hash, password))) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  await deps.rateLimiter.reset(RATE_LIMITS.login, subject);
  const token = randomToken(32);
  const now = deps.clock.now();
  const expiresAt = addMs(now, SESSION_MS).toISOString();
  await repo.insertSession({
    token_hash: sha256Hex(token),
    admin_id: admin.id,
    expires_at: expiresAt,
    created_at: now.toISOString(),
  });
  return { token, expiresAt, username: admin.username };
}

/**
 * Ends one session. The database's revocation epoch moves with the delete (migration 009),
 * so other processes drop their cached copy within a second; this one drops it now.
 */
export async function logout(deps: AppDeps, tokenHash: string): Promise<void> {
  await new AuthRepo(deps.db).deleteSession(tokenHash);
  principalCacheOf(deps).forget('admin', tokenHash);
}

/** Sweeper: drops admin sessions past their expiry. */
export async function sweepExpiredSessions(deps: AppDeps): Promise<void> {
  await new AuthRepo(deps.db).deleteExpiredSessions(isoNow(deps.clock));
}

/**
 * Resolves a Bearer token to the admin principal, or null when unknown or expired. Asked on
 * every authenticated request, so a live session is served from the principal cache
 * (lib/principal-cache.ts), which the revocation epoch keeps honest across processes.
 */
export function resolveAdminToken(deps: AppDeps, token: string): Promise<Principal | null> {
  const tokenHash = sha256Hex(token);
  return principalCacheOf(deps).resolve('admin', tokenHash, async () => {
    const session = await new AuthRepo(deps.db).findLiveSession(tokenHash, isoNow(deps.clock));
    if (!session) {
      return null;
    }
    return {
      type: 'admin',
      adminId: session.admin_id,
      username: session.username,
      tokenHash,
      expiresAt: session.expires_at,
    };
  });
}

/**
 * POST /api/admin/change-password, SPEC §5: current password required; a new username or
 * a new password; the new password differs from the current one. Revokes every session.
 */
export async function changeAdminCredentials(
  deps: AppDeps,
  adminId: string,
  clientIp: string,
  body: ChangePasswordBody,
): Promise<{ username: string }> {
  const newPassword = body.newPassword ?? '';
  const newUsername = body.newUsername?.trim() ?? '';
  if (!newPassword && !newUsername) {
    throw new AppError('NOTHING_TO_CHANGE');
  }
  if (newPassword && newPassword.length < NEW_PASSWORD_MIN_LENGTH) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The new password needs at least ${NEW_PASSWORD_MIN_LENGTH} characters`,
      [{ path: 'newPassword', message: `at least ${NEW_PASSWORD_MIN_LENGTH} characters` }],
    );
  }
  if (newPassword && newPassword === body.currentPassword) {
    throw new AppError('NEW_PASSWORD_SAME');
  }
  const repo = new AuthRepo(deps.db);
  const admin = await repo.findAdminById(adminId);
  const subject = loginSubject(clientIp, admin?.username ?? adminId);
  await deps.rateLimiter.reserve(RATE_LIMITS.login, subject);
  if (!admin || !(await verifyPassword(admin.password_hash, body.currentPassword))) {
    throw new AppError('VERIFICATION_FAILED');
  }
  await deps.rateLimiter.release(RATE_LIMITS.login, subject);
  if (newUsername && newUsername !== admin.username) {
    const holder = await repo.findAdminByUsername(newUsername);
    if (holder) {
      throw new AppError('USERNAME_TAKEN');
    }
  }
  const username = newUsername || admin.username;
  const changes = {
    username,
    ...(newPassword ? { password_hash: await hashPassword(newPassword) } : {}),
    updated_at: isoNow(deps.clock),
  };
  // One transaction: new credentials never stand beside the sessions they revoke.
  await deps.db.transaction().execute(async (trx) => {
    const inTransaction = new AuthRepo(trx);
    await inTransaction.updateAdmin(admin.id, changes);
    await inTransaction.deleteSessionsOfAdmin(admin.id);
  });
  // The revocation epoch moved with these writes (migration 009): other processes drop
  // their cached sessions within a second, this one at once.
  principalCacheOf(deps).forgetAll();
  return { username };
}

/** How long a checked admin password is trusted without hashing it again (WebDAV Basic). */
const VERIFIED_PASSWORD_MS = 60_000;

/** Per app: sha256(username, password) → the password hash it matched, until when. */
const verifiedPasswords = new WeakMap<AppDeps, Map<string, { hash: string; until: number }>>();

/** Per app: the checks under way, by address, username and sha256(username, password). */
const checksInFlight = new WeakMap<AppDeps, Map<string, Promise<{ adminId: string } | null>>>();

function verifiedPasswordsOf(deps: AppDeps): Map<string, { hash: string; until: number }> {
  let cache = verifiedPasswords.get(deps);
  if (!cache) {
    cache = new Map();
    verifiedPasswords.set(deps, cache);
  }
  return cache;
}

function checksInFlightOf(deps: AppDeps): Map<string, Promise<{ adminId: string } | null>> {
  let checks = checksInFlight.get(deps);
  if (!checks) {
    checks = new Map();
    checksInFlight.set(deps, checks);
  }
  return checks;
}

/**
 * HTTP Basic for WebDAV (DESIGN §8): the admin's username and password, rate-limited like
 * login (per username and address, counted before the slow check) but in WebDAV's own
 * bucket, so a drive client with an old password never locks the admin out of the panel. Clients send the password
 * with every request, so a match is remembered for a minute, tied to the stored hash: a
 * changed password is checked afresh at once. Answers the admin's id, or null.
 */
export async function verifyAdminPassword(
  deps: AppDeps,
  clientIp: string,
  username: string,
  password: string,
): Promise<{ adminId: string } | null> {
  const repo = new AuthRepo(deps.db);
  const cacheKey = sha256Hex(`${username}\u0000${password}`);
  const cache = verifiedPasswordsOf(deps);
  const known = cache.get(cacheKey);
  if (known && known.until > deps.clock.now().getTime()) {
    const admin = await repo.findAdminByUsername(username);
    if (admin && admin.password_hash === known.hash) {
      return { adminId: admin.id };
    }
  }
  cache.delete(cacheKey);
  // A drive client opens with many parallel requests carrying the same password: they wait
  // for one check (one attempt against the limit), not ten that lock out the eleventh.
  const checks = checksInFlightOf(deps);
  const subject = loginSubject(clientIp, username);
  const flightKey = `${subject}\u0000${cacheKey}`;
  let check = checks.get(flightKey);
  if (!check) {
    check = checkAdminPassword(deps, subject, username, password, cacheKey).finally(() =>
      checks.delete(flightKey),
    );
    checks.set(flightKey, check);
  }
  return check;
}

/** The slow check behind verifyAdminPassword, counted in WebDAV's bucket. */
async function checkAdminPassword(
  deps: AppDeps,
  subject: string,
  username: string,
  password: string,
  cacheKey: string,
): Promise<{ adminId: string } | null> {
  // WebDAV's own bucket: a stale drive password must not lock the panel (issue 30).
  await deps.rateLimiter.reserve(RATE_LIMITS.davLogin, subject);
  const admin = await new AuthRepo(deps.db).findAdminByUsername(username);
  if (!admin || !(await verifyPassword(admin.password_hash, password))) {
    return null;
  }
  await deps.rateLimiter.reset(RATE_LIMITS.davLogin, subject);
  const cache = verifiedPasswordsOf(deps);
  if (cache.size > 1000) {
    cache.clear();
  }
  const until = deps.clock.now().getTime() + VERIFIED_PASSWORD_MS;
  cache.set(cacheKey, { hash: admin.password_hash, until });
  return { adminId: admin.id };
}
