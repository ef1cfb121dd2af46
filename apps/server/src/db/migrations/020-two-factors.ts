import type { Kysely } from 'kysely';

/**
 * Two factors (issue 32, DESIGN §5 and §12): what an account signs in with besides its
 * password, and the short-lived steps of a sign-in that is not finished yet.
 *
 * - `totp`: one authenticator-app secret per account, sealed with SECRET
 *   (deps.secrets). `confirmed_at` stays NULL until a code from the app proved the
 *   person holds it; only then is it a factor. `last_step` is the last accepted time step
 *   (RFC 6238, 30 s), so a code is never accepted twice.
 * - `recovery_codes`: single-use codes, kept as SHA-256 only; `used_at` marks a spent one.
 * - `passkeys`: WebAuthn credentials (id and COSE public key as base64url), their
 *   signature counter, transports (comma-separated), a name the person chose.
 * - `app_passwords`: passwords for clients that cannot do a second factor (WebDAV), kept
 *   as argon2id like the account's password.
 * - `sign_in_challenges`: a sign-in between its steps, known by its token's SHA-256: after
 *   the password (`second_factor`), before a required enrolment (`enrolment`), or a
 *   WebAuthn ceremony (`passkey`, `passkey_registration`, whose token is the WebAuthn
 *   challenge). `account_id` is NULL for a password-less passkey sign-in until the
 *   passkey names its account. `attempts` counts wrong codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('totp')
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('secret_cipher', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('recovery_codes_account_code')
    .on('recovery_codes')
    .columns(['account_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_account_id').on('passkeys').column('account_id').execute();
  await db.schema
    .createTable('app_passwords')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('app_passwords_account_id')
    .on('app_passwords')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(64)', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('webauthn_challenge', 'varchar(128)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_challenges_expires_at')
    .on('sign_in_challenges')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('sign_in_challenges_account_id')
    .on('sign_in_challenges')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'sign_in_challenges',
    'app_passwords',
    'passkeys',
    'recovery_codes',
    'totp',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
