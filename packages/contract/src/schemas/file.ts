import { z } from 'zod';
import { LIMITS } from '../limits';
import { pagination } from './common';
import { count } from './numbers';

/**
 * File shares (SPEC §3, §7 Files). Field names are snake_case as the SPEC gives them;
 * `previewUrl` and `downloadUrl` are camelCase because the SPEC's clients read them so.
 */

/** Hours until a share expires (SPEC §9: 1, 24, 168, 720); 0 = never. At most ten years. */
export const expiresInHours = count({ max: 87_600 });

/** SPEC §5: not negative; 0 = unlimited. */
export const maxViewsCount = count();

export const fileStatus = z.enum(['pending', 'ready']);
export type FileStatus = z.infer<typeof fileStatus>;

/**
 * Present only for an end-to-end encrypted file (issue 35, docs/encryption.md), so no
 * other answer changes shape: the bytes are a sealed blob, `filename` a neutral name.
 */
export const fileEncryption = {
  encrypted: z.literal(true).optional(),
  encrypted_meta: z
    .string()
    .optional()
    .describe("The file's real name and type, sealed with the metadata key (base64url)"),
};

/** A file share as its creator and the management views see it. */
export const fileShare = z.object({
  id: z.string(),
  file_id: z.string().describe('Same as id (SPEC §3 names both)'),
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().describe('Bytes'),
  etag: z.string().nullable().describe('Without quotes'),
  remark: z.string().nullable(),
  s3_config_id: z.string(),
  provider_type: z.string().describe('The storage config provider, e.g. local or aws'),
  path: z.string().describe('The folder the file was uploaded into'),
  storage_path: z.string().describe('Object key in the storage config'),
  status: fileStatus.describe('pending while a presigned or multipart upload is in flight'),
  private: z
    .boolean()
    .describe(
      'Opened through its public link by its owner only (a request upload, a bundle member)',
    ),
  has_password: z.boolean(),
  expires_at: z.string().nullable().describe('ISO instant; null = never'),
  max_views: z.number().int().describe('0 = unlimited'),
  views: z.number().int(),
  expired: z.boolean().describe('Expired or out of views'),
  created_by: z.string().describe("The admin's id or 'apikey:{id}'"),
  created_at: z.string(),
  updated_at: z.string(),
  previewUrl: z
    .string()
    .optional()
    .describe('Absolute inline link of a new visit (no view counted, budgeted); ready files only'),
  downloadUrl: z.string().optional().describe('Attachment delivery with a visit token'),
  ...fileEncryption,
});
export type FileShare = z.infer<typeof fileShare>;

export const fileList = z.object({ items: z.array(fileShare), pagination });
export type FileList = z.infer<typeof fileList>;

/** GET /api/admin/files and /api/user/files: ?limit&offset&search (SPEC §9: 50 per request). */
export const fileListQuery = z.object({
  limit: count({ min: 1, max: 200 }).default(LIMITS.filesPageSize),
  offset: count().default(0),
  search: z.string().max(200).optional().describe('Matches filename, slug or remark'),
});

/** PUT …/files/{id}: absent fields stay as they are. */
export const updateFileBody = z.object({
  slug: z.string().nullish().describe('New link suffix; unchanged when empty'),
  remark: z.string().max(LIMITS.remarkMaxLength).nullish().describe('null or empty removes it'),
  password: z
    .string()
    .max(256)
    .nullish()
    .describe('New password; null removes it; empty leaves it unchanged'),
  clear_password: z.boolean().optional().describe('Remove the password'),
  expires_in: expiresInHours
    .nullish()
    .describe('Hours from now; 0 or null = never; absent = unchanged'),
  max_views: maxViewsCount.nullish().describe('0 or null = unlimited'),
  private: z
    .boolean()
    .nullish()
    .describe('false shares a private file through its link; true takes the link back'),
});
export type UpdateFileBody = z.infer<typeof updateFileBody>;

/** A file share as a stranger sees it behind its public link. */
export const publicFile = z.object({
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  remark: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  max_views: z.number().int().describe('0 = unlimited'),
  views: z.number().int().describe('Views counted so far, this visit included'),
  requires_password: z.boolean(),
  previewUrl: z
    .string()
    .optional()
    .describe('Once the visit is allowed: {origin}/api/file-view/{slug}?token=…, absolute'),
  downloadUrl: z
    .string()
    .optional()
    .describe('Once the visit is allowed: {origin}/api/file-download/{slug}?token=…, absolute'),
  ...fileEncryption,
});
export type PublicFile = z.infer<typeof publicFile>;

/** POST /api/public/files/{slug}/verify. */
export const verifyFileBody = z.object({ password: z.string().max(256) });

/** GET /api/file-view/{slug} and /api/file-download/{slug}. */
export const fileDeliveryQuery = z.object({
  token: z.string().max(512).optional().describe('Visit token from previewUrl/downloadUrl'),
  password: z
    .string()
    .max(256)
    .optional()
    .describe('For a protected share opened without a token (costs a view)'),
});

/** POST …/files/batch-delete: SPEC §8 asks failed batches to report both counts. */
export const batchDeleteResult = z.object({
  deleted: z.number().int().describe('Shares deleted with their objects'),
  failed: z.number().int().describe('Shares kept because their object could not be deleted'),
});
