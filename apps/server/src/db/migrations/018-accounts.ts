import { sql, type Kysely } from 'kysely';
import {
  API_KEY_PRINCIPAL_COLUMNS,
  createRevocationTriggers,
  dropRevocationTriggers,
  type WatchedTable,
} from './revocation-triggers';

/**
 * Accounts (issue 32, DESIGN §12). The admins table becomes `accounts` and its sessions
 * `sessions`; the admin of SPEC is the first account with role 'admin'.
 *
 * accounts gains:
 * - `role`: 'admin' | 'member'. Existing rows are admins.
 * - `display_name`, `email`: optional, for people and for single sign-on.
 * - `text_permission`, `file_permission`, `mount_permission`, `basic_path`: what a member
 *   may do, the same rights an API key carries (an admin's stay all-on and '/').
 * - `quota_bytes`: a member's limit over the bytes of their file shares; 0 = none.
 * - `disabled`: 1 ends the account's sessions and keys at once and refuses sign-in.
 * - `password_hash` '' means "no password yet" (an invited person who has not chosen one,
 *   or an account that signs in only through SSO): no password ever matches it.
 *
 * sessions gains an `id` to name a session without its token's hash (existing rows take
 * the hash's first 24 hex digits), and `user_agent`, `ip`, `last_used_at`, `method` (how
 * the session began: password, totp, recovery, passkey, sso) for "your sessions".
 *
 * api_keys gains `account_id`: the account the key belongs to. NULL for the keys an admin
 * made before accounts (they stay the admins' keys, with their own rights); a member's key
 * is the member's and its rights are always intersected with the member's.
 *
 * account_invites: a one-time link (token stored as SHA-256) that lets an invited person
 * set their own password; it ends on use or after its expiry.
 *
 * Revocation triggers (migration 009) are made again with the new names: a session's
 * last-use write must not bump the epoch (it would empty every process's principal cache
 * each minute), so only its token, account and expiry are watched; api_keys now also
 * watches account_id.
 */
const WATCHED: WatchedTable[] = [
  { table: 'sessions', update: ' of token_hash, account_id, expires_at' },
  { table: 'accounts', update: '' },
  { table: 'api_keys', update: ` of ${[...API_KEY_PRINCIPAL_COLUMNS, 'account_id'].join(', ')}` },
];

const OLD_TRIGGERS = [{ table: 'admin_sessions' }, { table: 'admins' }, { table: 'api_keys' }];

export async function up(db: Kysely<unknown>): Promise<void> {
  await dropRevocationTriggers(db, OLD_TRIGGERS);
  await sql`alter table admins rename to accounts`.execute(db);
  await sql`alter table admin_sessions rename to sessions`.execute(db);
  await sql`alter table sessions rename column admin_id to account_id`.execute(db);
  await addAccountColumns(db);
  await addSessionColumns(db);
  if (!(await columnsOf(db, 'api_keys')).has('account_id')) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('account_id', 'varchar(64)', (c) =>
        c.references('accounts.id').onDelete('cascade'),
      )
      .execute();
  }
  await db.schema
    .createIndex('api_keys_account_id')
    .ifNotExists()
    .on('api_keys')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('account_invites')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_invites_account_id')
    .on('account_invites')
    .column('account_id')
    .execute();
  await createRevocationTriggers(db, WATCHED);
}

/** The columns a table has now: a column that down() left behind is not added twice. */
async function columnsOf(db: Kysely<unknown>, table: string): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  const found = tables.find((candidate) => candidate.name === table);
  return new Set(found?.columns.map((column) => column.name) ?? []);
}

async function addAccountColumns(db: Kysely<unknown>): Promise<void> {
  const existing = await columnsOf(db, 'accounts');
  const columns: [string, string, string][] = [
    ['role', 'varchar(16)', `'admin'`],
    ['text_permission', 'integer', '1'],
    ['file_permission', 'integer', '1'],
    ['mount_permission', 'integer', '1'],
    ['basic_path', 'text', `'/'`],
    ['quota_bytes', 'bigint', '0'],
    ['disabled', 'integer', '0'],
  ];
  for (const [name, type, fallback] of columns.filter(([name]) => !existing.has(name))) {
    await sql
      .raw(`alter table accounts add column ${name} ${type} not null default ${fallback}`)
      .execute(db);
  }
  for (const [name, type] of [
    ['display_name', 'varchar(100)'],
    ['email', 'varchar(254)'],
  ].filter(([name]) => !existing.has(name as string))) {
    await sql.raw(`alter table accounts add column ${name} ${type}`).execute(db);
  }
  await db.schema
    .createIndex('accounts_role')
    .ifNotExists()
    .on('accounts')
    .column('role')
    .execute();
}

async function addSessionColumns(db: Kysely<unknown>): Promise<void> {
  const existing = await columnsOf(db, 'sessions');
  for (const [name, type] of [
    ['id', 'varchar(64)'],
    ['user_agent', 'varchar(512)'],
    ['ip', 'varchar(64)'],
    ['last_used_at', 'varchar(32)'],
    ['method', 'varchar(16)'],
  ].filter(([name]) => !existing.has(name as string))) {
    await sql.raw(`alter table sessions add column ${name} ${type}`).execute(db);
  }
  await sql`update sessions set id = substr(token_hash, 1, 24), method = 'password'
            where id is null`.execute(db);
  await db.schema
    .createIndex('sessions_id')
    .ifNotExists()
    .on('sessions')
    .column('id')
    .unique()
    .execute();
}

/**
 * Back to admins and admin_sessions, members gone. The added columns stay (each has a
 * default or takes NULL, so the older code never notices them; SQLite cannot drop a
 * column that a foreign key names), and up() adds only the columns that are missing.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRevocationTriggers(db, WATCHED);
  await db.schema.dropTable('account_invites').execute();
  await sql`delete from accounts where role <> 'admin'`.execute(db);
  await sql`alter table sessions rename column account_id to admin_id`.execute(db);
  await sql`alter table sessions rename to admin_sessions`.execute(db);
  await sql`alter table accounts rename to admins`.execute(db);
  await createRevocationTriggers(db, [
    { table: 'admin_sessions', update: '' },
    { table: 'admins', update: '' },
    { table: 'api_keys', update: ` of ${API_KEY_PRINCIPAL_COLUMNS.join(', ')}` },
  ]);
}
