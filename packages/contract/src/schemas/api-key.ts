import { z } from 'zod';
import { isoInstant } from './common';

export const apiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().describe('The key itself; admin-only answer'),
  expires_at: z.string().nullable(),
  text_permission: z.boolean(),
  file_permission: z.boolean(),
  mount_permission: z.boolean(),
  basic_path: z.string(),
  created_at: z.string(),
  last_used: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

/** POST /api/admin/api-keys (SPEC §7). */
export const createApiKeyBody = z.object({
  name: z.string().trim().min(1).max(100).describe('Required, unique'),
  expires_at: isoInstant.nullish().describe('null = never'),
  text_permission: z.boolean().default(false),
  file_permission: z.boolean().default(false),
  mount_permission: z.boolean().default(false),
  custom_key: z.string().nullish().describe('Use this key instead of a random one'),
  basic_path: z.string().max(1000).default('/'),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const updateApiKeyBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  expires_at: isoInstant.nullish(),
  text_permission: z.boolean().optional(),
  file_permission: z.boolean().optional(),
  mount_permission: z.boolean().optional(),
  basic_path: z.string().max(1000).optional(),
});
export type UpdateApiKeyBody = z.infer<typeof updateApiKeyBody>;
