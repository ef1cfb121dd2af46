import { z } from 'zod';
import { byteSize, count } from './numbers';

/**
 * Storage providers (SPEC §3, issue 3). Every one but `local` speaks the S3 protocol;
 * the id only picks defaults (region, path-style) and the admin form's hints.
 */
export const STORAGE_PROVIDERS = ['aws', 'r2', 'b2', 'minio', 'aliyun', 'other', 'local'] as const;
export const storageProvider = z.enum(STORAGE_PROVIDERS);
export type StorageProvider = z.infer<typeof storageProvider>;

/**
 * The name the first start gives the built-in local config (migration 002). Config names are
 * unique, so a local config with this name is the built-in one, never renamed; the web app
 * shows it in the UI language.
 */
export const BUILT_IN_LOCAL_STORAGE_NAME = 'Local storage';

/** Bounds of a presigned URL's lifetime, in seconds (SigV4 allows at most 7 days). */
export const SIGNATURE_EXPIRY_BOUNDS = { min: 60, max: 604_800, default: 3600 } as const;

/** One storage config as the admin sees it. Secrets are never answered in clear. */
export const storageConfigItem = z.object({
  id: z.string(),
  name: z.string(),
  provider_type: storageProvider,
  storage_type: z.enum(['local', 's3']).describe('Which driver serves it'),
  endpoint_url: z.string().nullable(),
  region: z.string().nullable(),
  bucket_name: z.string().nullable(),
  path_style: z.boolean(),
  access_key_id: z.string().describe('Masked, e.g. AKIA****WXYZ; empty when none'),
  has_access_key: z.boolean(),
  secret_access_key: z.string().describe('Always masked (********) or empty when none'),
  has_secret: z.boolean(),
  default_folder: z.string().describe('Key prefix every object is stored under'),
  custom_host: z.string().nullable().describe('Public host for download links'),
  signature_expires_in: z.number().int().describe('Lifetime of presigned URLs, in seconds'),
  total_storage_bytes: z
    .number()
    .nullable()
    .describe('Capacity for quota checks; null = unlimited'),
  used_bytes: z
    .number()
    .describe('Bytes the capacity ledger counts on this config (stored + writes in flight)'),
  file_count: z.number().int().describe('File shares stored with this config'),
  mount_count: z.number().int().describe('Mounts on this config'),
  root_path: z
    .string()
    .nullable()
    .describe('Local only: the directory (relative = under DATA_DIR)'),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorageConfigItem = z.infer<typeof storageConfigItem>;
export const storageConfigList = z.array(storageConfigItem);

/** Control characters are refused in every text field. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, 'must be an http:// or https:// URL');

/** The fields shared by create and update; nullable ones clear with null. */
const configFields = {
  name: text(100).min(1).describe('Unique label'),
  provider_type: storageProvider,
  endpoint_url: httpUrl.nullish().describe('S3 API endpoint; optional for AWS'),
  region: text(64).nullish().describe('us-east-1 when empty (auto for R2)'),
  bucket_name: text(255).nullish().describe('Required for S3 providers'),
  path_style: z.boolean().optional().describe('Path-style addressing (MinIO and most self-hosted)'),
  access_key_id: text(256).nullish(),
  secret_access_key: z.string().max(512).nullish(),
  default_folder: text(500).nullish().describe('Key prefix, e.g. pastebox/'),
  custom_host: httpUrl.nullish().describe('Public base URL for download links (CDN or proxy)'),
  signature_expires_in: count({
    min: SIGNATURE_EXPIRY_BOUNDS.min,
    max: SIGNATURE_EXPIRY_BOUNDS.max,
  }).optional(),
  total_storage_bytes: byteSize({ min: 1 }).nullish().describe('null = unlimited'),
  root_path: text(1000).nullish().describe('Local only; absolute, or relative to DATA_DIR'),
  is_default: z.boolean().optional(),
};

/** POST /api/s3-configs. */
export const createStorageConfigBody = z.object(configFields);
export type CreateStorageConfigBody = z.infer<typeof createStorageConfigBody>;

/**
 * PUT /api/s3-configs/{id}: every field optional; absent = unchanged. An empty
 * access_key_id or secret_access_key also means unchanged (the form never sees them).
 */
export const updateStorageConfigBody = z.object(configFields).partial();
export type UpdateStorageConfigBody = z.infer<typeof updateStorageConfigBody>;

/** One step of POST /api/s3-configs/{id}/test. */
export const storageTestStep = z.object({
  step: z.enum(['write', 'read', 'list', 'delete']),
  ok: z.boolean(),
  skipped: z.boolean().describe('Not run because an earlier step failed'),
  ms: z.number().int(),
  error: z.string().nullable(),
});

export const storageTestResult = z.object({
  success: z.boolean(),
  steps: z.array(storageTestStep),
  cors: z.object({
    status: z
      .enum(['ok', 'blocked', 'unknown', 'not_applicable'])
      .describe('Whether a browser at `origin` may PUT to the bucket directly'),
    origin: z.string().nullable(),
    advice: z.string().nullable().describe('What to configure on the bucket when blocked'),
  }),
});
export type StorageTestResult = z.infer<typeof storageTestResult>;

/** A storage config's capacity ledger (DESIGN §5), as a recount answers it. */
export const storageUsageFigures = z.object({
  config_id: z.string(),
  used_bytes: z
    .number()
    .describe('Bytes the storage holds, as its last listing and writes since say'),
  reserved_bytes: z.number().describe('Bytes of writes in flight, held against the capacity'),
  total_storage_bytes: z.number().nullable().describe('Capacity; null = unlimited'),
  reconciled_at: z
    .string()
    .nullable()
    .describe('When a listing of the storage last set used_bytes'),
});
export type StorageUsageFigures = z.infer<typeof storageUsageFigures>;
