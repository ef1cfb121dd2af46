import { z } from 'zod';
import { LIMITS } from '../limits';
import { pagination } from './common';
import { expiresInHours, fileEncryption, maxViewsCount } from './file';
import { queryFlag } from './fs';
import { count } from './numbers';

/**
 * Bundles (issue 33, DESIGN §13): several file shares behind one link `/b/{slug}`, a share
 * of its own (slug, password, expiry, view limit; a view = one opening of the bundle page).
 * Field names follow file shares: snake_case, with `url`, `previewUrl`, `downloadUrl` and
 * `zipUrl` as the links a client follows.
 */

/** How many files one bundle may hold. */
export const BUNDLE_MAX_FILES = 500;
export const BUNDLE_TITLE_MAX_LENGTH = 200;

/**
 * Present only for a bundle of end-to-end encrypted files (issue 35, docs/encryption.md):
 * every member is sealed under the bundle's one fragment key, and the browser makes the
 * ZIP. A bundle holds encrypted files only or none (400 BUNDLE_FILES_MIXED_ENCRYPTION).
 */
const bundleEncryption = {
  encrypted: z.literal(true).optional(),
};

/** A member file as the bundle's owner sees it. */
export const bundleFile = z.object({
  id: z.string().describe('The file share id'),
  slug: z.string().describe("The file share's own link suffix"),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int().describe('Bytes'),
  status: z.enum(['pending', 'ready']),
  private: z.boolean().describe('Not opened through its own link; still served by the bundle'),
  position: z.number().int().describe('Order inside the bundle, from 0'),
  ...fileEncryption,
});
export type BundleFile = z.infer<typeof bundleFile>;

/** A bundle in the management lists: its share fields and totals, without the files. */
export const bundleSummary = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string().nullable(),
  url: z.string().describe('The public page, absolute: {origin}/b/{slug}'),
  has_password: z.boolean(),
  expires_at: z.string().nullable().describe('ISO instant; null = never'),
  max_views: z.number().int().describe('0 = unlimited'),
  views: z.number().int(),
  expired: z.boolean().describe('Expired or out of views'),
  file_count: z.number().int().describe('Member files that still exist'),
  total_size: z.number().int().describe('Bytes of those files'),
  created_by: z.string().describe("The owner: an admin's or member's id, or 'apikey:{id}'"),
  created_at: z.string(),
  updated_at: z.string(),
  ...bundleEncryption,
});
export type BundleSummary = z.infer<typeof bundleSummary>;

/** One bundle with its files, in order: create, get and update answers. */
export const bundleDetail = bundleSummary.extend({ files: z.array(bundleFile) });
export type BundleDetail = z.infer<typeof bundleDetail>;

export const bundleList = z.object({ items: z.array(bundleSummary), pagination });
export type BundleList = z.infer<typeof bundleList>;

/** GET /api/admin/bundles and /api/user/bundles: ?limit&offset&search. */
export const bundleListQuery = z.object({
  limit: count({ min: 1, max: 200 }).default(LIMITS.filesPageSize),
  offset: count().default(0),
  search: z.string().max(200).optional().describe('Matches title or slug'),
});
export type BundleListQuery = z.infer<typeof bundleListQuery>;

const bundleTitle = z.string().max(BUNDLE_TITLE_MAX_LENGTH);

/** POST …/bundles: the files (ready, the caller's own) and the share's options. */
export const createBundleBody = z.object({
  file_ids: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(BUNDLE_MAX_FILES)
    .describe('File share ids, in the order the bundle shows them; duplicates count once'),
  slug: z.string().nullish().describe('Custom link suffix (SPEC §5); random when empty'),
  title: bundleTitle.nullish().describe('Shown on the bundle page; none when empty'),
  password: z.string().max(256).nullish().describe('Access password; none when empty'),
  expires_in: expiresInHours.nullish().describe('Hours (1, 24, 168, 720); 0 or empty = never'),
  max_views: maxViewsCount.nullish().describe('0 or empty = unlimited'),
});
export type CreateBundleBody = z.infer<typeof createBundleBody>;

/** PUT …/bundles/{id}: absent fields stay as they are (the files do not change). */
export const updateBundleBody = z.object({
  slug: z.string().nullish().describe('New link suffix; unchanged when empty'),
  title: bundleTitle.nullish().describe('null or empty removes it'),
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
});
export type UpdateBundleBody = z.infer<typeof updateBundleBody>;

/** DELETE …/bundles/{id}?delete_files=true also deletes the member files (and their objects). */
export const deleteBundleQuery = z.object({
  delete_files: queryFlag.optional().describe('Also delete the member file shares'),
});

export const deleteBundleResult = z.object({
  deleted: z.literal(true),
  files_deleted: z.number().int().describe('Member files deleted with their objects'),
  files_failed: z.number().int().describe('Member files kept because their object stayed'),
});
export type DeleteBundleResult = z.infer<typeof deleteBundleResult>;

/** A member file as a stranger sees it behind the bundle's link. */
export const publicBundleFile = z.object({
  filename: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  previewUrl: z
    .string()
    .optional()
    .describe('Once the visit is allowed: absolute inline link of a visit on this file'),
  downloadUrl: z
    .string()
    .optional()
    .describe('Once the visit is allowed: absolute attachment link of a visit on this file'),
  ...fileEncryption,
});
export type PublicBundleFile = z.infer<typeof publicBundleFile>;

/**
 * GET /api/public/bundles/{slug} and POST …/verify. While a password is needed, only the
 * share fields come (`requires_password: true`, no `files`, no `zipUrl`).
 */
export const publicBundle = z.object({
  slug: z.string(),
  title: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  max_views: z.number().int().describe('0 = unlimited'),
  views: z.number().int().describe('Views counted so far, this visit included'),
  requires_password: z.boolean(),
  file_count: z.number().int().optional().describe('Once the visit is allowed'),
  total_size: z.number().int().optional().describe('Once the visit is allowed: bytes'),
  files: z.array(publicBundleFile).optional().describe('Once the visit is allowed, in order'),
  zipUrl: z
    .string()
    .optional()
    .describe(
      'Once the visit is allowed: {origin}/api/bundle-zip/{slug}?token=…, absolute; ' +
        'never for an encrypted bundle (the browser zips it)',
    ),
  ...bundleEncryption,
});
export type PublicBundle = z.infer<typeof publicBundle>;

/** POST /api/public/bundles/{slug}/verify. */
export const verifyBundleBody = z.object({ password: z.string().max(256) });
export type VerifyBundleBody = z.infer<typeof verifyBundleBody>;

/** GET /api/bundle-zip/{slug}?token=: the visit token from zipUrl. */
export const bundleZipQuery = z.object({
  token: z.string().max(512).describe('Visit token from zipUrl'),
});
