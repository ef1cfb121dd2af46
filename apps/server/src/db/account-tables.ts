import type { ColumnType } from 'kysely';

/**
 * The tables of accounts and sign-in (issue 32): accounts and their sessions and
 * invitations, quota holds, the audit log, single sign-on. Re-exported by db/types.ts.
 */

export type AccountRole = 'admin' | 'member';

/** An account (migration 018): the admins of SPEC and the members they make. */
export interface AccountsTable {
  id: string;
  username: string;
  /** '' while the account has no password (an open invite, or SSO only): nothing matches it. */
  password_hash: string;
  role: AccountRole;
  display_name: string | null;
  email: string | null;
  text_permission: number;
  file_permission: number;
  mount_permission: number;
  basic_path: string;
  /** bigint: a string from PostgreSQL. 0 = no quota. */
  quota_bytes: ColumnType<number | string, number, number>;
  disabled: number;
  created_at: string;
  updated_at: string;
}

/** A signed-in session (migration 018): the token is known only by its SHA-256. */
export interface SessionsTable {
  token_hash: string;
  id: string;
  account_id: string;
  expires_at: string;
  created_at: string;
  user_agent: string | null;
  ip: string | null;
  last_used_at: string | null;
  /** How it began: password, totp, recovery, passkey, sso. */
  method: string | null;
}

/** A one-time link that lets an invited person choose their password (migration 018). */
export interface AccountInvitesTable {
  token_hash: string;
  account_id: string;
  expires_at: string;
  created_at: string;
}

/** A member's uploads in flight, held against its quota (migration 022). */
export interface QuotaHoldsTable {
  account_id: string;
  /** bigint: a string from PostgreSQL. */
  reserved_bytes: ColumnType<number | string, number, number>;
  updated_at: string;
}

/** One entry of the audit log (migration 019). */
export interface AuditEventsTable {
  id: string;
  at: string;
  actor_type: 'account' | 'apikey' | 'anonymous';
  actor_id: string | null;
  actor_name: string | null;
  ip: string | null;
  user_agent: string | null;
  action: string;
  target: string | null;
  outcome: 'success' | 'failure';
  detail: string | null;
}

/** A single sign-on under way (migration 021): found by its state's SHA-256, used once. */
export interface SsoStatesTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  expires_at: string;
  created_at: string;
}

/** Which person at an OpenID provider is which account (migration 021). */
export interface AccountIdentitiesTable {
  issuer: string;
  subject: string;
  account_id: string;
  created_at: string;
}
