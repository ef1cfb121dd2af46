import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/crypto';
import { randomToken } from '@/lib/ids';
import { PRINCIPAL_TTL_MS } from '@/lib/principal-cache';
import { sweepExpiredSessions } from '@/modules/sessions/service';
import type { ApiClient } from '../support/api-client';
import { ADMIN, dialect } from '../support/test-server';
import { epochOf, hideEpochTable, passEpochRefresh, startTwoApps, type TwoApps } from './two-apps';

const CHECK = '/api/test/admin-token';
const CHANGE = '/api/admin/change-password';

/** The same token, presented to the other app. */
const onTwo = (apps: TwoApps, client: ApiClient) =>
  apps.two.anon.withAuth(client.authorization ?? '');

/**
 * Admin sessions are cached in each process (issue 12) and revoked through the database's
 * revocation epoch (DESIGN §1): a change through this app holds at once, a change through
 * another app on the same database once this one reads the epoch again (each second).
 */
describe(`cached admin sessions (${dialect})`, () => {
  let apps: TwoApps;
  beforeAll(async () => {
    apps = await startTwoApps();
  });
  afterAll(async () => {
    await apps.close();
  });

  it('refuses a token at once after its logout on the same app', async () => {
    const admin = await apps.one.admin();
    expect((await admin.get(CHECK)).status).toBe(200);
    expect((await admin.post('/api/admin/logout')).status).toBe(200);
    const res = await admin.get(CHECK);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });

  it('refuses a token logged out through the other app once the epoch is read again', async () => {
    const admin = await apps.one.admin();
    const other = await apps.one.admin();
    expect((await admin.get(CHECK)).status).toBe(200);
    expect((await other.get(CHECK)).status).toBe(200);

    expect((await onTwo(apps, admin).post('/api/admin/logout')).status).toBe(200);
    // Within the second this app still trusts its copy: the cache is really in use, and the
    // refusal below is the epoch's doing, not a look-up that was never cached.
    expect((await admin.get(CHECK)).status).toBe(200);

    passEpochRefresh(apps.one);
    expect((await admin.get(CHECK)).status).toBe(401);
    expect((await other.get(CHECK)).status).toBe(200);
  });

  it('never serves a session past its own expiry, however fresh the cache', async () => {
    const token = randomToken(32);
    const admin = await apps.one.deps.db
      .selectFrom('accounts')
      .select('id')
      .executeTakeFirstOrThrow();
    const now = apps.one.clock.now().getTime();
    await apps.one.deps.db
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(token),
        id: randomToken(12),
        account_id: admin.id,
        user_agent: null,
        ip: null,
        last_used_at: null,
        method: 'password',
        expires_at: new Date(now + PRINCIPAL_TTL_MS / 3).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const client = apps.one.anon.withAuth(`Bearer ${token}`);
    expect((await client.get(CHECK)).status).toBe(200);
    apps.one.clock.advance(PRINCIPAL_TTL_MS / 3);
    expect((await client.get(CHECK)).status).toBe(401);
  });

  it('trusts no cached session while the epoch cannot be read', async () => {
    const revoked = await apps.one.admin();
    const live = await apps.one.admin();
    expect((await revoked.get(CHECK)).status).toBe(200);
    expect((await live.get(CHECK)).status).toBe(200);
    expect((await onTwo(apps, revoked).post('/api/admin/logout')).status).toBe(200);

    const restore = await hideEpochTable(apps.one);
    try {
      passEpochRefresh(apps.one);
      // Still well within the cache's TTL, but unconfirmed: each look-up goes to the
      // database, which refuses the revoked token and still accepts the live one.
      expect((await revoked.get(CHECK)).status).toBe(401);
      expect((await live.get(CHECK)).status).toBe(200);
      expect((await live.get(CHECK)).status).toBe(200);
    } finally {
      await restore();
    }
    passEpochRefresh(apps.one);
    expect((await live.get(CHECK)).status).toBe(200);
    expect((await revoked.get(CHECK)).status).toBe(401);
  });

  it('moves the epoch with a logout, and not with a login or a repeated logout', async () => {
    const before = await epochOf(apps.one);
    const admin = await apps.one.admin();
    expect(await epochOf(apps.one)).toBe(before);

    await admin.post('/api/admin/logout');
    const afterLogout = await epochOf(apps.one);
    expect(afterLogout).toBeGreaterThan(before);

    // A logout of a token that is not (or no longer) a session changes nothing.
    await admin.post('/api/admin/logout');
    expect(await epochOf(apps.one)).toBe(afterLogout);
  });

  it('moves the epoch when the sweep removes expired sessions', async () => {
    const admin = await apps.one.deps.db
      .selectFrom('accounts')
      .select('id')
      .executeTakeFirstOrThrow();
    const now = apps.one.clock.now().getTime();
    await apps.one.deps.db
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(randomToken(32)),
        id: randomToken(12),
        account_id: admin.id,
        user_agent: null,
        ip: null,
        last_used_at: null,
        method: 'password',
        expires_at: new Date(now - 1).toISOString(),
        created_at: new Date(now - 60_000).toISOString(),
      })
      .execute();
    const before = await epochOf(apps.one);
    await sweepExpiredSessions(apps.one.deps);
    expect(await epochOf(apps.one)).toBeGreaterThan(before);
  });
});

describe(`cached admin sessions and credential changes (${dialect})`, () => {
  let apps: TwoApps;
  beforeEach(async () => {
    apps = await startTwoApps();
  });
  afterEach(async () => {
    await apps.close();
  });

  it('revokes every session on every app when the password changes through another', async () => {
    const first = await apps.one.admin();
    const second = await apps.one.admin();
    expect((await first.get(CHECK)).status).toBe(200);
    expect((await second.get(CHECK)).status).toBe(200);

    const changer = await apps.two.admin();
    const before = await epochOf(apps.one);
    const changed = await changer.post(CHANGE, {
      currentPassword: ADMIN.password,
      newPassword: 'a-new-password-2',
    });
    expect(changed.status).toBe(200);
    expect(await epochOf(apps.one)).toBeGreaterThan(before);
    expect((await changer.get(CHECK)).status).toBe(401);

    passEpochRefresh(apps.one);
    expect((await first.get(CHECK)).status).toBe(401);
    expect((await second.get(CHECK)).status).toBe(401);
    const login = await apps.one.anon.post('/api/admin/login', {
      username: ADMIN.username,
      password: 'a-new-password-2',
    });
    expect(login.status).toBe(200);
  });

  it('revokes at once on the same app when the username changes', async () => {
    const admin = await apps.one.admin();
    const bystander = await apps.one.admin();
    expect((await bystander.get(CHECK)).status).toBe(200);
    const changed = await admin.post(CHANGE, {
      currentPassword: ADMIN.password,
      newUsername: 'renamed-admin',
    });
    expect(changed.status).toBe(200);
    expect((await bystander.get(CHECK)).status).toBe(401);
    expect((await admin.get(CHECK)).status).toBe(401);
  });
});
