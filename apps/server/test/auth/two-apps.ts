import path from 'node:path';
import { sql } from 'kysely';
import { EPOCH_REFRESH_MS } from '@/lib/principal-cache';
import {
  createPostgresDatabase,
  dialect,
  startTestServer,
  type TestServer,
} from '../support/test-server';

export interface TwoApps {
  /** The app whose cache a test watches. */
  one: TestServer;
  /** A second app on the same database, as another worker or instance would be. */
  two: TestServer;
  close(): Promise<void>;
}

/**
 * Two apps in this process on one database (a SQLite file, or one PostgreSQL database),
 * each with its own clock and its own principal cache, as two processes have.
 */
export async function startTwoApps(): Promise<TwoApps> {
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const shared: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  const one = await startTestServer(shared, { taskRunner: false });
  const two = await startTestServer(
    postgres ? shared : { DATABASE_URL: `sqlite:${path.join(one.dataDir, 'pastebox.db')}` },
    { taskRunner: false },
  );
  return {
    one,
    two,
    async close() {
      await two.close();
      await one.close();
      await postgres?.drop();
    },
  };
}

/** Lets `server`'s clock pass the interval after which it reads the epoch again. */
export function passEpochRefresh(server: TestServer): void {
  server.clock.advance(EPOCH_REFRESH_MS);
}

/** The revocation epoch as the database holds it. */
export async function epochOf(server: TestServer): Promise<number> {
  const row = await server.deps.db
    .selectFrom('revocation_epoch')
    .select('epoch')
    .executeTakeFirstOrThrow();
  return Number(row.epoch);
}

/**
 * Makes every read of the epoch fail until the returned function puts the table back: a
 * database fault that hits the epoch and nothing else (sessions and keys still resolve).
 */
export async function hideEpochTable(server: TestServer): Promise<() => Promise<void>> {
  await sql`alter table revocation_epoch rename to revocation_epoch_hidden`.execute(server.deps.db);
  return async () => {
    await sql`alter table revocation_epoch_hidden rename to revocation_epoch`.execute(
      server.deps.db,
    );
  };
}
