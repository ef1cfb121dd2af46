import type { AppDeps, KeyPermissions } from '@/context';
import { sha256Hex } from '@/lib/crypto';
import { RATE_LIMITS } from '@/lib/rate-limit';
import { davSecretStands, matchDavSecret, type DavSecret } from '@/modules/two-factors/service';
import { AuthRepo, type AccountRow } from './repo';
import { loginSubject } from '@/lib/sign-in';

/** How long a checked password is trusted without hashing it again (WebDAV Basic). */
const VERIFIED_PASSWORD_MS = 60_000;

/** An account whose password a WebDAV client presented, with the rights it has now. */
export interface VerifiedAccount {
  accountId: string;
  username: string;
  role: 'admin' | 'member';
  basicPath: string;
  permissions: KeyPermissions;
}

/** Per app: sha256(username, password) → what it matched (password or app password), until when. */
const verifiedPasswords = new WeakMap<AppDeps, Map<string, DavSecret & { until: number }>>();

/** Per app: the checks under way, by address, username and sha256(username, password). */
const checksInFlight = new WeakMap<AppDeps, Map<string, Promise<VerifiedAccount | null>>>();

function mapOf<V>(maps: WeakMap<AppDeps, Map<string, V>>, deps: AppDeps): Map<string, V> {
  let map = maps.get(deps);
  if (!map) {
    map = new Map();
    maps.set(deps, map);
  }
  return map;
}

function verifiedOf(account: AccountRow): VerifiedAccount | null {
  if (account.disabled === 1) {
    return null;
  }
  return {
    accountId: account.id,
    username: account.username,
    role: account.role,
    basicPath: account.basic_path,
    permissions: {
      text: account.text_permission === 1,
      file: account.file_permission === 1,
      mount: account.mount_permission === 1,
    },
  };
}

/**
 * HTTP Basic for WebDAV (DESIGN §8, §12): an account's username and password, rate-limited
 * like login (per username and address, counted before the slow check) but in WebDAV's own
 * bucket, so a drive client with an old password never locks the account out of the panel.
 * Clients send the password with every request, so a match is remembered for a minute,
 * tied to the stored hash: a changed password is checked afresh at once. The account is
 * read on every request, so a disabled account or narrowed rights hold at once. An account
 * with a second factor signs in here with an app password only (modules/two-factors:
 * drive clients cannot answer a second step); a factor added or an app password deleted
 * holds at once too. Answers the account, or null.
 */
export async function verifyAccountPassword(
  deps: AppDeps,
  clientIp: string,
  username: string,
  password: string,
): Promise<VerifiedAccount | null> {
  const repo = new AuthRepo(deps.db);
  const cacheKey = sha256Hex(`${username}\u0000${password}`);
  const cache = mapOf(verifiedPasswords, deps);
  const known = cache.get(cacheKey);
  if (known && known.until > deps.clock.now().getTime()) {
    const account = await repo.findAccountByUsername(username);
    if (account && (await davSecretStands(deps, account, known))) {
      return verifiedOf(account);
    }
  }
  cache.delete(cacheKey);
  // A drive client opens with many parallel requests carrying the same password: they wait
  // for one check (one attempt against the limit), not ten that lock out the eleventh.
  const checks = mapOf(checksInFlight, deps);
  const subject = loginSubject(clientIp, username);
  const flightKey = `${subject}\u0000${cacheKey}`;
  let check = checks.get(flightKey);
  if (!check) {
    check = checkPassword(deps, subject, username, password, cacheKey).finally(() =>
      checks.delete(flightKey),
    );
    checks.set(flightKey, check);
  }
  return check;
}

/** The slow check behind verifyAccountPassword, counted in WebDAV's bucket. */
async function checkPassword(
  deps: AppDeps,
  subject: string,
  username: string,
  password: string,
  cacheKey: string,
): Promise<VerifiedAccount | null> {
  // WebDAV's own bucket: a stale drive password must not lock the panel (issue 30).
  await deps.rateLimiter.reserve(RATE_LIMITS.davLogin, subject);
  const account = await new AuthRepo(deps.db).findAccountByUsername(username);
  const secret = account ? await matchDavSecret(deps, account, password) : null;
  if (!account || !secret) {
    return null;
  }
  await deps.rateLimiter.reset(RATE_LIMITS.davLogin, subject);
  const cache = mapOf(verifiedPasswords, deps);
  if (cache.size > 1000) {
    cache.clear();
  }
  const until = deps.clock.now().getTime() + VERIFIED_PASSWORD_MS;
  cache.set(cacheKey, { ...secret, until });
  return verifiedOf(account);
}
