import { z } from 'zod';

export const loginBody = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  token: z.string().describe('Send as Authorization: Bearer <token>'),
  expiresAt: z.string(),
  username: z.string(),
  role: z
    .enum(['admin', 'member'])
    .optional()
    .describe("The account's role (issue 32); a member uses the /user/… families"),
});
export type LoginResult = z.infer<typeof loginResult>;

export const adminTokenInfo = z.object({
  id: z.string(),
  username: z.string(),
  expiresAt: z.string(),
});
export type AdminTokenInfo = z.infer<typeof adminTokenInfo>;

export const permissions = z.object({ text: z.boolean(), file: z.boolean(), mount: z.boolean() });
export type Permissions = z.infer<typeof permissions>;

/** GET /api/test/api-key (SPEC §7): permissions and key_info. */
export const apiKeyInfo = z.object({
  name: z.string(),
  basic_path: z.string(),
  permissions,
  key_info: z.object({
    id: z.string(),
    name: z.string(),
    basic_path: z.string(),
    expires_at: z.string().nullable(),
  }),
});
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;

/** POST /api/admin/change-password (SPEC §5 admin update rules). */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(256),
  newPassword: z.string().max(256).nullish(),
  newUsername: z.string().max(100).nullish(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const NEW_PASSWORD_MIN_LENGTH = 6;
