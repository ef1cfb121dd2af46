import { z } from 'zod';
import { LIMITS } from '../limits';
import { MOUNT_PATH_MAX_LENGTH } from '../rules/mount-path';
import { count, INT32_MAX } from './numbers';

/** SPEC §3 "Mount point"; SPEC §5 validation. The driver kind as SPEC shows it. */
export const MOUNT_STORAGE_TYPES = ['S3', 'local'] as const;
export const mountStorageType = z.enum(MOUNT_STORAGE_TYPES);
export type MountStorageType = z.infer<typeof mountStorageType>;

/** One mount as the admin (and a key with mount permission) sees it. */
export const mountItem = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: mountStorageType,
  storage_config_id: z.string(),
  /** The same id under the seed's name, for clients written against it. */
  s3_config_id: z.string(),
  storage_config_name: z.string().nullable().describe('The config’s name, for lists'),
  mount_path: z.string(),
  remark: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  cache_ttl: z.number().int().describe('Seconds a folder listing is cached; 0 = never'),
  created_by: z.string().describe("'system', the admin's id, or 'apikey:{id}'"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MountItem = z.infer<typeof mountItem>;
export const mountList = z.array(mountItem);

/** Control characters are refused in every text field. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const mountFields = {
  name: text(LIMITS.mountNameMaxLength).min(1).describe('1–50 characters'),
  storage_type: mountStorageType.optional().describe('Derived from the config when absent'),
  storage_config_id: z.string().min(1).max(100).optional(),
  s3_config_id: z.string().min(1).max(100).optional().describe('Same as storage_config_id'),
  mount_path: z
    .string()
    .trim()
    .min(1)
    .max(MOUNT_PATH_MAX_LENGTH)
    .describe('/ then letters, digits, _, -, Chinese characters and /'),
  remark: text(500).nullish(),
  is_active: z.boolean().optional(),
  sort_order: count({ min: -INT32_MAX, max: INT32_MAX }).optional(),
  cache_ttl: count({ min: 0, max: LIMITS.cacheTtlMaxSeconds }).optional(),
};

/** POST /admin/mounts: a config id is required (either name). */
export const createMountBody = z.object(mountFields);
export type CreateMountBody = z.infer<typeof createMountBody>;

/** PUT /admin/mounts/{id}: any subset. */
export const updateMountBody = z.object(mountFields).partial();
export type UpdateMountBody = z.infer<typeof updateMountBody>;
