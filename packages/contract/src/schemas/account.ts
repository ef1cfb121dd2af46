import { z } from 'zod';
import { pageQuery, pagination } from './common';
import { NEW_PASSWORD_MIN_LENGTH, permissions } from './auth';

/**
 * Accounts (issue 32, DESIGN §12): the admins of SPEC and the members they make. A member
 * carries the rights an API key carries (SPEC §5), a storage quota and a disabled switch.
 */

export const accountRole = z.enum(['admin', 'member']);
export type AccountRole = z.infer<typeof accountRole>;

/** Letters (any script), digits, and . _ - @: what a person can type on any keyboard. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

export const username = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(USERNAME_PATTERN, 'letters, digits and . _ - @ only');

export const newPassword = z.string().min(NEW_PASSWORD_MIN_LENGTH).max(256);

const displayName = z.string().trim().max(100);
const email = z.union([z.literal(''), z.email().max(254)]);
/** Bytes; 0 = no quota. At most 1 PiB, so it stays an exact number everywhere. */
const quotaBytes = z
  .number()
  .int()
  .min(0)
  .max(2 ** 50);

/** An account as the admin's Accounts module shows it. */
export const accountItem = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  role: accountRole,
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  basic_path: z.string(),
  quota_bytes: z.number().int(),
  used_bytes: z.number().int().describe('Bytes of the file shares the account and its keys made'),
  disabled: z.boolean(),
  has_password: z.boolean().describe('False while an invitation is open or for SSO-only accounts'),
  invite_expires_at: z.string().nullable().describe('When the open invitation ends, if any'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccountItem = z.infer<typeof accountItem>;

export const accountList = z.object({ items: z.array(accountItem), pagination });
export type AccountList = z.infer<typeof accountList>;

export const accountListQuery = pageQuery.extend({
  role: accountRole.optional(),
});

/** The rights and limits an admin sets on an account. */
const accountSettings = {
  display_name: displayName.optional(),
  email: email.optional(),
  role: accountRole.optional(),
  text_permission: z.boolean().optional(),
  file_permission: z.boolean().optional(),
  mount_permission: z.boolean().optional(),
  basic_path: z.string().min(1).max(1024).optional(),
  quota_bytes: quotaBytes.optional(),
};

/** POST /api/admin/accounts: a password, or `invite: true` for a link the person opens. */
export const createAccountBody = z.object({
  username,
  password: newPassword.optional(),
  invite: z.boolean().optional(),
  ...accountSettings,
});
export type CreateAccountBody = z.infer<typeof createAccountBody>;

export const updateAccountBody = z.object({
  username: username.optional(),
  disabled: z.boolean().optional(),
  ...accountSettings,
});
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

/** POST /api/admin/accounts/{id}/password: a new password, or a new invitation link. */
export const resetAccountPasswordBody = z.object({
  password: newPassword.optional(),
  invite: z.boolean().optional(),
});
export type ResetAccountPasswordBody = z.infer<typeof resetAccountPasswordBody>;

/** What becomes of a deleted account's shares: deleted, or handed to another account. */
export const deleteAccountQuery = z.object({
  shares: z.enum(['delete', 'transfer']),
  to: z.string().min(1).max(100).optional().describe('The account that receives the shares'),
});
export type DeleteAccountQuery = z.infer<typeof deleteAccountQuery>;

/** An account with, when an invitation was made, its one-time link (shown once). */
export const accountWithInvite = z.object({
  account: accountItem,
  invite_url: z.string().nullable(),
});
export type AccountWithInvite = z.infer<typeof accountWithInvite>;

/** GET /api/invites/{token}: whom the invitation is for. */
export const inviteInfo = z.object({
  username: z.string(),
  display_name: z.string().nullable(),
  expires_at: z.string(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;

export const inviteTokenParam = z.object({ token: z.string().min(16).max(200) });
export const acceptInviteBody = z.object({ password: newPassword });

/** GET /api/account: who is signed in, with what rights. */
export const accountMe = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  role: accountRole,
  permissions,
  basic_path: z.string(),
  quota_bytes: z.number().int(),
  used_bytes: z.number().int(),
});
export type AccountMe = z.infer<typeof accountMe>;

/** PUT /api/account/profile: what a person may change about themselves. */
export const updateProfileBody = z.object({
  display_name: displayName.optional(),
  email: email.optional(),
});

/** POST /api/account/password. */
export const changeOwnPasswordBody = z.object({
  currentPassword: z.string().min(1).max(256),
  newPassword,
});

export const sessionItem = z.object({
  id: z.string(),
  current: z.boolean().describe('The session this request was made with'),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string().nullable().describe('password, totp, recovery, passkey or sso'),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionList = z.array(sessionItem);
export const endedCount = z.object({ ended: z.number().int() });
