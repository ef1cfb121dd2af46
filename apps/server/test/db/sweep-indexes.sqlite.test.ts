import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundlesRepo } from '@/modules/bundles/repo';
import { PastesRepo } from '@/modules/pastes/repo';
import { startTestServer, type TestServer } from '../support/test-server';

/** Keeps every statement a Kysely instance runs, as the SQL and values it sent. */
class StatementRecorder implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(node);
    return node;
  }
  transformResult<R>(args: { result: R }): Promise<R> {
    return Promise.resolve(args.result);
  }
}

/**
 * Migration 010: the sweep of dead pastes reads two partial indexes instead of the whole
 * table, and a create without an expiry or a view limit writes neither of them.
 */
describe('the sweep’s partial indexes (SQLite plans)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('deletes expired and used-up pastes through their indexes, never by a scan', async () => {
    const { db } = server.deps;
    const recorder = new StatementRecorder();
    await new PastesRepo(db.withPlugin(recorder)).deleteDead(new Date().toISOString());
    expect(recorder.nodes).toHaveLength(2);

    const plans = [];
    for (const node of recorder.nodes) {
      const { sql, parameters } = db.getExecutor().compileQuery(node, { queryId: 'plan' });
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
      );
      plans.push(plan.rows.map((row) => row.detail).join('; '));
    }
    expect(plans[0]).toMatch(/USING (COVERING )?INDEX pastes_expires_at/);
    expect(plans[1]).toMatch(/USING (COVERING )?INDEX pastes_view_limited/);
    expect(plans.join('; ')).not.toMatch(/SCAN pastes(?! USING)/);
  });

  it('finds expired bundles through their partial index (migration 027)', async () => {
    const { db } = server.deps;
    const recorder = new StatementRecorder();
    await new BundlesRepo(db.withPlugin(recorder)).deleteExpired(new Date().toISOString(), 100);
    const [select] = recorder.nodes;
    if (!select) {
      throw new Error('the sweep ran no statement');
    }
    const { sql, parameters } = db.getExecutor().compileQuery(select, { queryId: 'plan' });
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${sql}`, [...parameters]),
    );
    expect(plan.rows.map((row) => row.detail).join('; ')).toMatch(
      /USING (COVERING )?INDEX bundles_expires_at/,
    );
  });

  it('indexes only the rows that have an expiry or a view limit', async () => {
    const { db } = server.deps;
    const indexes = await db
      .selectFrom('sqlite_master' as never)
      .select(['name' as never, 'sql' as never])
      .where('tbl_name' as never, 'in', ['pastes', 'files', 'bundles'] as never)
      .where('type' as never, '=', 'index' as never)
      .execute();
    const sqlOf = (name: string) =>
      (indexes as { name: string; sql: string | null }[]).find((index) => index.name === name)?.sql;
    expect(sqlOf('pastes_expires_at')).toMatch(/where "expires_at" is not null$/i);
    expect(sqlOf('files_expires_at')).toMatch(/where "expires_at" is not null$/i);
    expect(sqlOf('bundles_expires_at')).toMatch(/where "expires_at" is not null$/i);
    expect(sqlOf('pastes_view_limited')).toMatch(/where "max_views" > 0$/i);
  });
});
