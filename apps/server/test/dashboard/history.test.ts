import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOnce } from '@/sweeper';
import { createPaste, fromNow, HOUR, openPaste } from '../pastes/builders';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';
import { insertPasteAt, readStats, setClock } from './support';

/** A Tuesday afternoon, UTC; the window runs from Wednesday 4 to Tuesday 10 March. */
const NOW = '2026-03-10T15:30:00.000Z';

/** The rows of share_removals, as numbers, by kind and day. */
async function tally(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.deps.db.selectFrom('share_removals').selectAll().execute();
  return Object.fromEntries(
    rows.map((row) => [`${row.kind} ${row.created_day}`, Number(row.removed)]),
  );
}

/**
 * Creation is history (issue 30): a share used up, expired, swept or deleted still counts
 * on the day it was created, in "today" and in the seven days, while the totals count what
 * is stored now.
 */
describe('dashboard stats: creations survive their shares', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    setClock(server, NOW);
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('keeps today’s pastes and files after they are used up, swept and deleted', async () => {
    const usedUp = await createPaste(admin, { max_views: 1 });
    await createPaste(admin, { expires_at: fromNow(server, HOUR) });
    await createPaste(admin);
    const kept = await uploadShare(admin);
    const deleted = await uploadShare(admin);
    const before = await readStats(admin);
    expect(before.today).toEqual({ pastes: 3, files: 2 });

    expect((await openPaste(server, usedUp.slug)).status).toBe(200);
    expect((await admin.delete(`/api/admin/files/${deleted.id}`)).status).toBe(200);
    server.clock.advance(2 * HOUR);
    await sweepOnce(server.deps);

    const after = await readStats(admin);
    expect(after.today).toEqual({ pastes: 3, files: 2 });
    expect(after.activity.at(-1)).toEqual({ date: '2026-03-10', pastes: 3, files: 2 });
    // The totals are what is stored: one paste and one file share are left.
    expect(after.totals).toMatchObject({ pastes: 1, files: 1 });
    expect(after.recent.map((item) => item.slug)).toContain(kept.slug);
    expect(await tally(server)).toEqual({ 'paste 2026-03-10': 2, 'file 2026-03-10': 1 });
    setClock(server, NOW);
  });

  it('counts a removed share on its creation day, inside the window or not', async () => {
    await insertPasteAt(server, 'old-in-window', '2026-03-05T10:00:00.000Z');
    await insertPasteAt(server, 'older', '2026-03-01T10:00:00.000Z');
    const listed = await admin.get<{ items: { id: string; slug: string }[] }>(
      '/api/admin/pastes?limit=100',
    );
    const ids = listed.body.data.items
      .filter((item) => ['old-in-window', 'older'].includes(item.slug))
      .map((item) => item.id);
    const removed = await admin.post<{ deleted: number }>('/api/admin/pastes/batch-delete', {
      ids,
    });
    expect(removed.body.data.deleted).toBe(2);

    const stats = await readStats(admin);
    expect(stats.activity.find((day) => day.date === '2026-03-05')?.pastes).toBe(1);
    expect(stats.activity.map((day) => day.date)).not.toContain('2026-03-01');
    expect(await tally(server)).toMatchObject({ 'paste 2026-03-01': 1, 'paste 2026-03-05': 1 });
  });

  it('counts twenty parallel creations once each, after parallel deletes and sweeps', async () => {
    setClock(server, '2026-03-09T12:00:00.000Z');
    const pastes = await Promise.all(
      Array.from({ length: 20 }, () => createPaste(admin, { max_views: 1 })),
    );
    const files = await Promise.all(Array.from({ length: 10 }, () => uploadShare(admin)));
    await Promise.all(pastes.slice(0, 10).map((paste) => openPaste(server, paste.slug)));
    await Promise.all([
      sweepOnce(server.deps),
      sweepOnce(server.deps),
      admin.post('/api/admin/pastes/batch-delete', { ids: pastes.slice(5, 15).map((p) => p.id) }),
      ...files.map((file) => admin.delete(`/api/admin/files/${file.id}`)),
    ]);
    setClock(server, NOW);

    const stats = await readStats(admin);
    expect(stats.activity.find((day) => day.date === '2026-03-09')).toEqual({
      date: '2026-03-09',
      pastes: 20,
      files: 10,
    });
    expect(await tally(server)).toMatchObject({ 'paste 2026-03-09': 15, 'file 2026-03-09': 10 });
  });
});
