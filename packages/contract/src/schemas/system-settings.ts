import { z } from 'zod';
import { positiveAmount } from './numbers';

/** Units an admin may express the max upload size in (SPEC §3: KB/MB/GB, binary). */
export const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export const sizeUnit = z.enum(SIZE_UNITS);
export type SizeUnit = z.infer<typeof sizeUnit>;

/** How WebDAV clients will upload (SPEC §3); stored now, used once WebDAV arrives. */
export const WEBDAV_UPLOAD_MODES = ['auto', 'presigned', 'multipart', 'direct'] as const;
export const webdavUploadMode = z.enum(WEBDAV_UPLOAD_MODES);
export type WebdavUploadMode = z.infer<typeof webdavUploadMode>;

/** Bytes in one of each unit. */
export const UNIT_BYTES: Record<SizeUnit, number> = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/** The largest max upload size an admin may set: 1 TB. */
export const MAX_UPLOAD_SIZE_CEILING_BYTES = 1024 ** 4;

/** GET /api/admin/system-settings. */
export const systemSettings = z.object({
  max_upload_size: z.number().describe('In max_upload_size_unit'),
  max_upload_size_unit: sizeUnit,
  max_upload_size_bytes: z.number().int(),
  webdav_upload_mode: webdavUploadMode,
  link_preview_snippets: z
    .boolean()
    .describe(
      "Link previews in chat apps show a public share's snippet (text, file name); default true",
    ),
});
export type SystemSettings = z.infer<typeof systemSettings>;

/** PUT /api/admin/system-settings: any subset; the size is read in the given (or stored) unit. */
export const updateSystemSettingsBody = z.object({
  max_upload_size: positiveAmount().optional(),
  max_upload_size_unit: sizeUnit.optional(),
  webdav_upload_mode: webdavUploadMode.optional(),
  link_preview_snippets: z.boolean().optional(),
});
export type UpdateSystemSettingsBody = z.infer<typeof updateSystemSettingsBody>;
