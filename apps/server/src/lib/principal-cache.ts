import type { Kysely } from 'kysely';
import type { AppDeps, Principal } from '@/context';
import { isDatabaseUnavailable } from '@/db/db-errors';
import type { Database } from '@/db/types';
import type { Clock } from './clock';
import { TtlCache } from './ttl-cache';

/** How often a process asks the database whether anything was revoked. */
export const EPOCH_REFRESH_MS = 1_000;
/** The longest a resolved principal is trusted (less when its session or key ends sooner). */
export const PRINCIPAL_TTL_MS = 30_000;
const MAX_PRINCIPALS = 10_000;

/** A principal a credential resolved to: an account's session or an API key. */
export type ResolvedPrincipal = Exclude<Principal, { type: 'none' }>;

/** What kind of credential a cached principal came from: a session token or an API key. */
export type CredentialKind = 'session' | 'apikey';

/**
 * The revocation epoch (migration 009): one counter that database triggers bump in the
 * very statement that deletes or changes an admin session, an admin or an API key.
 */
export async function readRevocationEpoch(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('revocation_epoch')
    .select('epoch')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return String(row.epoch);
}

export interface PrincipalCacheSource {
  readEpoch(): Promise<string>;
  clock: Clock;
  onReadFailure(error: unknown): void;
}

/**
 * Resolved principals kept in this process's memory (issue 12), invalidated through the
 * database as DESIGN §1 asks. Entries are trusted only while the revocation epoch was read
 * less than EPOCH_REFRESH_MS ago; a read that finds it moved drops every entry, so a
 * logout or a deleted key on any worker or instance holds here within about a second.
 * One read at a time, at most one a second; a failed read trusts nothing (every look-up
 * goes to the database) until a read succeeds, and a database that is unreachable fails
 * the requests that waited on the read with it (503). Entries end after PRINCIPAL_TTL_MS
 * and never outlive the session's or key's own expiry. Keys are the credential's SHA-256.
 */
export class PrincipalCache {
  readonly #entries = new TtlCache<ResolvedPrincipal>(MAX_PRINCIPALS);
  /** Grows with every drop: a look-up that overlapped one must not store what it read. */
  #generation = 0;
  #epoch: string | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #failedAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<boolean> | null = null;

  constructor(private readonly source: PrincipalCacheSource) {}

  /** The principal for a credential's hash: from memory while trusted, else from `load`. */
  async resolve(
    kind: CredentialKind,
    credentialHash: string,
    load: () => Promise<ResolvedPrincipal | null>,
  ): Promise<ResolvedPrincipal | null> {
    const key = `${kind}:${credentialHash}`;
    const trusted = await this.#trustEntries();
    if (trusted) {
      const hit = this.#entries.get(key, this.#now());
      if (hit) {
        return hit;
      }
    }
    const generation = this.#generation;
    const principal = await load();
    if (principal && trusted && generation === this.#generation) {
      const deadline = this.#deadlineOf(principal);
      if (deadline !== null) {
        this.#entries.set(key, principal, deadline);
      }
    }
    return principal;
  }

  /** Drops one credential, for a change made through this process (e.g. its logout). */
  forget(kind: CredentialKind, credentialHash: string): void {
    this.#entries.delete(`${kind}:${credentialHash}`);
    this.#generation += 1;
  }

  /** Drops everything, for a change made through this process that reaches further. */
  forgetAll(): void {
    this.#entries.clear();
    this.#generation += 1;
  }

  #now(): number {
    return this.source.clock.now().getTime();
  }

  /** Until when an entry may be served: the TTL, or the session's or key's expiry if sooner. */
  #deadlineOf(principal: ResolvedPrincipal): number | null {
    const ttlEnd = this.#now() + PRINCIPAL_TTL_MS;
    if (principal.expiresAt === null) {
      return ttlEnd;
    }
    const expiry = Date.parse(principal.expiresAt);
    return Number.isFinite(expiry) ? Math.min(ttlEnd, expiry) : null;
  }

  #trustEntries(): Promise<boolean> | boolean {
    const now = this.#now();
    if (this.#epoch !== null && now - this.#checkedAt < EPOCH_REFRESH_MS) {
      return true;
    }
    if (!this.#reading && now - this.#failedAt < EPOCH_REFRESH_MS) {
      return false;
    }
    this.#reading ??= this.#readEpoch(now).finally(() => {
      this.#reading = null;
    });
    return this.#reading;
  }

  async #readEpoch(startedAt: number): Promise<boolean> {
    try {
      const epoch = await this.source.readEpoch();
      if (epoch !== this.#epoch) {
        this.forgetAll();
        this.#epoch = epoch;
      }
      // The read's start, not its end: a revocation committed while it ran may be missed
      // by it, and is then seen by the next read, a second after this one began.
      this.#checkedAt = startedAt;
      return true;
    } catch (error) {
      this.#failedAt = startedAt;
      if (isDatabaseUnavailable(error)) {
        // The look-up would wait for the same database (up to its connect timeout): the
        // requests waiting on this read fail now, as theirs would, instead of waiting twice.
        throw error;
      }
      this.source.onReadFailure(error);
      return false;
    }
  }
}

/** One cache per app, so two apps in one test process behave as two processes do. */
const caches = new WeakMap<AppDeps, PrincipalCache>();

/** This app's principal cache. */
export function principalCacheOf(deps: AppDeps): PrincipalCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new PrincipalCache({
      readEpoch: () => readRevocationEpoch(deps.db),
      clock: deps.clock,
      onReadFailure: (error) =>
        deps.logger.warn({ err: error }, 'revocation epoch unreadable; principals not cached'),
    });
    caches.set(deps, cache);
  }
  return cache;
}
