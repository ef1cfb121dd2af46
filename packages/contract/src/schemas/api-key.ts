import { z } from 'zod';
import { LIMITS } from '../limits';
import { isoInstant } from './common';

/** One API key as the admin sees it (SPEC §3). */
export const apiKeyItem = z.object({
  id: z.string(),
  name: z.string().describe('Unique label chosen by the admin'),
  key: z.string().describe('The key itself; admin-only answer'),
  expires_at: z.string().nullable().describe('ISO 8601 instant; null = never expires'),
  text_permission: z.boolean().describe('May create and manage text shares'),
  file_permission: z.boolean().describe('May upload and manage files'),
  mount_permission: z.boolean().describe('May use the mount explorer'),
  basic_path: z.string().describe('The key stays at or under this path; / = everywhere'),
  created_at: z.string(),
  last_used: z.string().nullable().describe('Updated at most once a minute; null = never used'),
  expired: z.boolean().describe('True once expires_at has passed'),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

export const apiKeyList = z.array(apiKeyItem);

/** Control characters are refused: PostgreSQL cannot store NUL and no label needs them. */
const keyName = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.keyNameMaxLength)
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
const basicPath = z.string().max(1000);

/** POST /api/admin/api-keys (SPEC §7). */
export const createApiKeyBody = z.object({
  name: keyName.describe('Required, unique'),
  expires_at: isoInstant.nullish().describe('ISO 8601 instant in the future; null = never'),
  text_permission: z.boolean().default(false),
  file_permission: z.boolean().default(false),
  mount_permission: z.boolean().default(false),
  custom_key: z
    .string()
    .max(128)
    .nullish()
    .describe('Letters, digits, _ and - ; empty or absent = a random key'),
  basic_path: basicPath.default('/').describe('Starts with /; normalised by the server'),
});
/** What a client may send (defaults optional). */
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;
/** What the server works with once the defaults are filled in. */
export type CreateApiKeyValues = z.output<typeof createApiKeyBody>;

/** PUT /api/admin/api-keys/{id}: every field optional; absent = unchanged. */
export const updateApiKeyBody = z.object({
  name: keyName.optional(),
  expires_at: isoInstant.nullish().describe('null = never; absent = unchanged'),
  text_permission: z.boolean().optional(),
  file_permission: z.boolean().optional(),
  mount_permission: z.boolean().optional(),
  basic_path: basicPath.optional(),
});
export type UpdateApiKeyBody = z.infer<typeof updateApiKeyBody>;
