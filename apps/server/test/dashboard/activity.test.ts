import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaste } from '../pastes/builders';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { uploadShare } from '../uploads/builders';
import { DAY, insertPasteAt, readStats, setClock } from './support';

/** A Tuesday afternoon, UTC; the seven days run from Wednesday 4 to Tuesday 10 March. */
const NOW = '2026-03-10T15:30:00.000Z';
const WEEK = [
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-03-10',
];

/** The activity series and the newest shares (issue 11), per UTC day of the server's clock. */
describe('dashboard stats: seven days of activity', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    setClock(server, NOW);
    admin = await server.admin();
  });
  afterAll(() => server.close());

  it('has exactly seven points, oldest first, zeros included, on a fresh install', async () => {
    const stats = await readStats(admin);
    expect(stats.activity).toEqual(WEEK.map((date) => ({ date, pastes: 0, files: 0 })));
  });

  it('puts each share on its UTC day: today, three days ago, the edges of the window', async () => {
    await createPaste(admin);
    await uploadShare(admin);
    setClock(server, '2026-03-07T08:00:00.000Z');
    await createPaste(admin);
    await createPaste(admin);
    await uploadShare(admin);
    setClock(server, NOW);
    // The first and last instants of the window, and two just outside it.
    await insertPasteAt(server, 'edge-first', '2026-03-04T00:00:00.000Z');
    await insertPasteAt(server, 'edge-last', '2026-03-10T23:59:59.999Z');
    await insertPasteAt(server, 'too-old', '2026-03-03T23:59:59.999Z');
    await insertPasteAt(server, 'tomorrow', '2026-03-11T00:00:00.000Z');

    const stats = await readStats(admin);
    expect(stats.activity).toEqual([
      { date: '2026-03-04', pastes: 1, files: 0 },
      { date: '2026-03-05', pastes: 0, files: 0 },
      { date: '2026-03-06', pastes: 0, files: 0 },
      { date: '2026-03-07', pastes: 2, files: 1 },
      { date: '2026-03-08', pastes: 0, files: 0 },
      { date: '2026-03-09', pastes: 0, files: 0 },
      { date: '2026-03-10', pastes: 2, files: 1 },
    ]);
    expect(stats.today).toEqual({ pastes: 2, files: 1 });
    // The totals count every stored share, inside the window or not.
    expect(stats.totals).toMatchObject({ pastes: 7, files: 2 });
  });

  it('moves with the clock: a day later the window starts a day later', async () => {
    setClock(server, '2026-03-11T00:00:00.000Z');
    const stats = await readStats(admin);
    expect(stats.activity.map((day) => day.date)).toEqual([...WEEK.slice(1), '2026-03-11']);
    expect(stats.activity[0]).toEqual({ date: '2026-03-05', pastes: 0, files: 0 });
    expect(stats.today).toEqual({ pastes: 1, files: 0 });
    setClock(server, NOW);
  });

  it('lists the five newest pastes and files together, newest first, labelled', async () => {
    // Past the 'tomorrow' row inserted above, one second apart.
    setClock(server, new Date(Date.parse(NOW) + 2 * DAY).toISOString());
    const made: { kind: 'paste' | 'file'; slug: string; label: string }[] = [];
    for (const [index, kind] of (
      ['paste', 'file', 'paste', 'file', 'paste', 'paste'] as const
    ).entries()) {
      server.clock.advance(1000);
      if (kind === 'file') {
        const file = await uploadShare(admin, { filename: `report-${index}.pdf` });
        made.push({ kind, slug: file.slug, label: `report-${index}.pdf` });
      } else {
        const remark = index === 5 ? '' : `note ${index}`;
        const paste = await createPaste(admin, remark ? { remark } : {});
        made.push({ kind, slug: paste.slug, label: remark });
      }
    }
    const stats = await readStats(admin);
    const newestFirst = made.reverse().slice(0, 5);
    expect(stats.recent.map(({ kind, slug, label }) => ({ kind, slug, label }))).toEqual(
      newestFirst,
    );
    const times = stats.recent.map((item) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
    setClock(server, NOW);
  });
});
