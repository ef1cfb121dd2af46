import type { Kysely } from 'kysely';

/**
 * Single sign-on with OpenID Connect (issue 32, DESIGN §12).
 *
 * sso_states: one row per sign-in under way, so whichever instance the provider sends the
 * browser back to can finish it. Keyed by the SHA-256 of the `state` parameter (the state
 * itself travels only in the browser); `nonce` and `code_verifier` (PKCE) are the secrets
 * the callback checks the provider's answer against; `return_to` is the panel path to come
 * back to. A row is used once (deleted by the callback) and lives 10 minutes at most.
 *
 * account_identities: which person at which provider is which account. `subject` is the
 * ID token's `sub`, stable at its issuer (an e-mail address may change or be reused). An
 * account deleted takes its identities with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('return_to', 'varchar(1000)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sso_states_expires_at')
    .on('sso_states')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('account_identities')
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('account_id', 'varchar(64)', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('account_identities_account_id')
    .on('account_identities')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_identities').execute();
  await db.schema.dropTable('sso_states').execute();
}
