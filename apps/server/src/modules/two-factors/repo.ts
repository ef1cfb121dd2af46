import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ChallengePurpose, Database } from '@/db/types';

export type ChallengeRow = Selectable<Database['sign_in_challenges']>;
export type PasskeyRow = Selectable<Database['passkeys']>;
export type AppPasswordRow = Selectable<Database['app_passwords']>;

/** What an account signs in with besides its password, counted in one query. */
export interface FactorCounts {
  totp: boolean;
  passkeys: number;
  recoveryLeft: number;
}

/** SQL for the factors, the app passwords and the sign-in steps; one method per query. */
export class TwoFactorRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account as a sign-in step needs it (the accounts table is read, never written). */
  findAccount(id: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'username', 'role', 'disabled', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async factorCounts(accountId: string): Promise<FactorCounts> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('totp')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where('account_id', '=', accountId)
          .where('confirmed_at', 'is not', null)
          .as('totp'),
        eb
          .selectFrom('passkeys')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where('account_id', '=', accountId)
          .as('passkeys'),
        eb
          .selectFrom('recovery_codes')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .where('account_id', '=', accountId)
          .where('used_at', 'is', null)
          .as('recovery'),
      ])
      .executeTakeFirstOrThrow();
    return {
      totp: Number(row.totp) > 0,
      passkeys: Number(row.passkeys),
      recoveryLeft: Number(row.recovery),
    };
  }

  /** True when the account has a confirmed app or a passkey (WebDAV asks on each request). */
  async hasSecondFactor(accountId: string): Promise<boolean> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('totp')
              .select('account_id')
              .where('account_id', '=', accountId)
              .where('confirmed_at', 'is not', null),
          )
          .as('totp'),
        eb
          .exists(eb.selectFrom('passkeys').select('id').where('account_id', '=', accountId))
          .as('passkey'),
      ])
      .executeTakeFirstOrThrow();
    return Boolean(Number(row.totp)) || Boolean(Number(row.passkey));
  }

  // TOTP

  findTotp(accountId: string) {
    return this.db
      .selectFrom('totp')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  insertTotp(row: Insertable<Database['totp']>) {
    return this.db.insertInto('totp').values(row).execute();
  }

  /** Drops a setup that was never confirmed (a new one replaces it). */
  deleteUnconfirmedTotp(accountId: string) {
    return this.db
      .deleteFrom('totp')
      .where('account_id', '=', accountId)
      .where('confirmed_at', 'is', null)
      .execute();
  }

  /** Confirms the setup at `step`; 0 when it was confirmed already or is gone. */
  async confirmTotp(accountId: string, step: number, nowIso: string): Promise<number> {
    const result = await this.db
      .updateTable('totp')
      .set({ confirmed_at: nowIso, last_step: step })
      .where('account_id', '=', accountId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Takes `step` as the last accepted one only if it is later than the last: two requests
   * with the same code race on this one conditional write, and only one wins.
   */
  async acceptStep(accountId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('totp')
      .set({ last_step: step })
      .where('account_id', '=', accountId)
      .where('confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  deleteTotp(accountId: string) {
    return this.db.deleteFrom('totp').where('account_id', '=', accountId).execute();
  }

  // Recovery codes

  insertRecoveryCodes(rows: Insertable<Database['recovery_codes']>[]) {
    return this.db.insertInto('recovery_codes').values(rows).execute();
  }

  deleteRecoveryCodes(accountId: string) {
    return this.db.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
  }

  /** Spends a code: true only for the one request that marked it used. */
  async useRecoveryCode(accountId: string, codeHash: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: nowIso })
      .where('account_id', '=', accountId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // Passkeys

  listPasskeys(accountId: string) {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  findPasskeyByCredential(credentialId: string) {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  insertPasskey(row: Insertable<Database['passkeys']>) {
    return this.db.insertInto('passkeys').values(row).execute();
  }

  usePasskey(id: string, counter: number, nowIso: string) {
    return this.db
      .updateTable('passkeys')
      .set({ counter, last_used_at: nowIso })
      .where('id', '=', id)
      .execute();
  }

  async deletePasskey(accountId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('passkeys')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  deletePasskeys(accountId: string) {
    return this.db.deleteFrom('passkeys').where('account_id', '=', accountId).execute();
  }

  // App passwords

  listAppPasswords(accountId: string) {
    return this.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
  }

  findAppPassword(id: string) {
    return this.db.selectFrom('app_passwords').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertAppPassword(row: Insertable<Database['app_passwords']>) {
    return this.db.insertInto('app_passwords').values(row).execute();
  }

  async deleteAppPassword(accountId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('app_passwords')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** last_used_at, written at most once a minute (the condition holds every process to it). */
  touchAppPassword(id: string, nowIso: string, cutoffIso: string) {
    return this.db
      .updateTable('app_passwords')
      .set({ last_used_at: nowIso })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoffIso)]))
      .execute();
  }

  // Sign-in steps

  insertChallenge(row: Insertable<Database['sign_in_challenges']>) {
    return this.db.insertInto('sign_in_challenges').values(row).execute();
  }

  findChallenge(tokenHash: string, purpose: ChallengePurpose, nowIso: string) {
    return this.db
      .selectFrom('sign_in_challenges')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** Counts a wrong answer; answers the attempts now, 0 when the step is gone. */
  async countAttempt(tokenHash: string): Promise<number> {
    const row = await this.db
      .updateTable('sign_in_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .returning('attempts')
      .executeTakeFirst();
    return row ? Number(row.attempts) : 0;
  }

  /** Ends a step; true only for the one request that removed it. */
  async consumeChallenge(tokenHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sign_in_challenges')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  deleteExpiredChallenges(nowIso: string) {
    return this.db.deleteFrom('sign_in_challenges').where('expires_at', '<=', nowIso).execute();
  }

  deleteChallengesOf(accountId: string) {
    return this.db.deleteFrom('sign_in_challenges').where('account_id', '=', accountId).execute();
  }
}
