import type { Kysely } from 'kysely';
import type { Database } from '@/db/types';

/** Reads one system setting; undefined when never set. */
export async function getSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function putSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('system_settings')
    .values({ key, value, updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso }))
    .execute();
}
