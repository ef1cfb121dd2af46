import type { ColumnType } from 'kysely';

/** The tables of two factors (migration 020); times are ISO strings as everywhere. */

/** bigint: a string from PostgreSQL. */
type BigintColumn = ColumnType<number | string, number, number>;

/** An account's authenticator-app secret; a factor once `confirmed_at` is set. */
export interface TotpTable {
  account_id: string;
  secret_cipher: string;
  confirmed_at: string | null;
  created_at: string;
  /** The last accepted 30-second step: a code is never accepted twice. */
  last_step: BigintColumn | null;
}

export interface RecoveryCodesTable {
  id: string;
  account_id: string;
  /** SHA-256 of the normalised code. */
  code_hash: string;
  used_at: string | null;
}

export interface PasskeysTable {
  id: string;
  account_id: string;
  /** base64url, as WebAuthn names the credential. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  counter: BigintColumn;
  /** Comma-separated, e.g. "internal,hybrid". */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AppPasswordsTable {
  id: string;
  account_id: string;
  name: string;
  /** argon2id, like the account's password. */
  password_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export type ChallengePurpose = 'second_factor' | 'enrolment' | 'passkey' | 'passkey_registration';

export interface SignInChallengesTable {
  token_hash: string;
  account_id: string | null;
  purpose: ChallengePurpose;
  webauthn_challenge: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: string;
  created_at: string;
}
