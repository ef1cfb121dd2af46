import { z } from 'zod';
import { LIMITS } from '../limits';
import { byteSize, count } from './numbers';
import { TASK_STATUSES, taskItem } from './task';

/**
 * The file-system API (SPEC §7 "File system", DESIGN §7): the same calls under
 * /api/admin/fs and /api/user/fs. Paths are virtual (`/photos/2024/a.jpg`): the first
 * segments name a mount, the rest a place inside its storage.
 */

/** A virtual path as a client sends it; the server normalises and checks it (PATH_INVALID). */
export const virtualPath = z.string().min(1).max(4096).describe('Virtual path, e.g. /photos/a.jpg');

export const pathQuery = z.object({ path: virtualPath });

/** GET …/fs/download-zip (issue 33): a folder, recursively, or one file as a streamed ZIP. */
export const downloadZipQuery = z.object({
  path: virtualPath.describe('The folder (or file) to download as a ZIP, e.g. /photos/2024'),
});

/** GET /api/fs-zip: a signed ZIP link as GET …/fs/download-zip-link answers it. */
export const zipLinkQuery = z.object({
  path: virtualPath,
  scope: virtualPath.optional().describe('The key’s basic path the link was signed for'),
  exp: byteSize().describe('Expiry, Unix seconds'),
  sig: z.string().min(1).max(128),
});

/** GET …/fs/download-zip-link: a link the browser downloads without credentials. */
export const zipLinkResult = z.object({
  url: z.string().describe('Absolute; works without credentials for a minute'),
  expires_at: z.string(),
});
export type ZipLinkResult = z.infer<typeof zipLinkResult>;

/** Query flags arrive as strings; "true"/"1" mean yes. */
export const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** One entry of a folder (SPEC §7: name, path, isDirectory, size, modified, mimetype, etag). */
export const fsEntry = z.object({
  name: z.string(),
  path: z.string().describe('Virtual path of the entry'),
  isDirectory: z.boolean(),
  size: z.number().describe('Bytes; 0 for folders'),
  modified: z.string().nullable().describe('ISO 8601; null when the storage does not say'),
  mimetype: z.string().nullable().describe('Guessed from the name; null for folders'),
  etag: z.string().nullable(),
  isMount: z.boolean().describe('True for a mount point shown in its parent'),
  mount_id: z.string().nullable(),
});
export type FsEntry = z.infer<typeof fsEntry>;

/** GET list: the folder and its entries (mount points first in sort order, then names). */
export const fsListing = z.object({
  path: z.string(),
  isRoot: z.boolean(),
  /** True where the folder is made of mount points only (no storage behind it). */
  isVirtual: z.boolean(),
  mount_id: z.string().nullable(),
  items: z.array(fsEntry),
});
export type FsListing = z.infer<typeof fsListing>;

export const fsMountSummary = z.object({
  id: z.string(),
  name: z.string(),
  mount_path: z.string(),
  storage_type: z.string(),
});

/** GET get: one entry with its mount. */
export const fsStat = fsEntry.extend({ mount: fsMountSummary.nullable() });
export type FsStat = z.infer<typeof fsStat>;

export const mkdirBody = z.object({ path: virtualPath });

export const batchRemoveBody = z.object({
  paths: z.array(virtualPath).min(1).max(1000),
});
export type BatchRemoveBody = z.infer<typeof batchRemoveBody>;

/** What a batch did: every path either succeeded or failed with a stable error key. */
export const batchResult = z.object({
  success: z.number().int(),
  failed: z.array(z.object({ path: z.string(), error: z.string(), message: z.string() })),
});
export type BatchResult = z.infer<typeof batchResult>;

export const renameBody = z.object({ oldPath: virtualPath, newPath: virtualPath });
export type RenameBody = z.infer<typeof renameBody>;

/** POST update: create or overwrite a text file of at most 10 MB (SPEC §5, §9). */
export const updateFileBody = z.object({
  path: virtualPath,
  content: z.string().describe(`At most ${LIMITS.editableFileBytes} bytes as UTF-8`),
});
export type UpdateFileBody = z.infer<typeof updateFileBody>;

export const fileLinkQuery = z.object({
  path: virtualPath,
  expires_in: count({ min: 1, max: 604_800 })
    .optional()
    .describe(`Seconds; default ${LIMITS.defaultFileLinkSeconds} (7 days)`),
  force_download: queryFlag.optional(),
});

export const fileLinkResult = z.object({
  url: z.string().describe('Absolute; works without credentials until it expires'),
  expires_at: z.string(),
  expires_in: z.number().int(),
});
export type FileLinkResult = z.infer<typeof fileLinkResult>;

/**
 * POST short-link (issue 30): signs a file link as GET file-link does and stores a short,
 * unguessable code for it; the code redirects to the signed link until it expires.
 */
export const shortLinkBody = fileLinkQuery;
export type ShortLinkBody = z.input<typeof shortLinkBody>;

export const shortLinkResult = fileLinkResult.extend({
  short_url: z
    .string()
    .describe('Absolute, /api/s/{code}: redirects (302) to url until expires_at, then 404'),
});
export type ShortLinkResult = z.infer<typeof shortLinkResult>;

/**
 * GET /api/s/{code}. Any code is taken (one that was never issued answers 404
 * SHORT_LINK_NOT_FOUND, as a page to a browser): a person who mistyped one reads why.
 */
export const shortLinkParam = z.object({
  code: z.string().min(1).max(64).describe('The code of a short link'),
});

/** The form upload's answer (also of update). */
export const fsWriteResult = z.object({
  path: z.string(),
  size: z.number(),
  etag: z.string().nullable(),
});
export type FsWriteResult = z.infer<typeof fsWriteResult>;

export const multipartInitBody = z.object({
  path: virtualPath.describe('Full file path, or a folder ending in / (then filename is used)'),
  contentType: z.string().max(255).optional(),
  fileSize: byteSize(),
  filename: z.string().min(1).max(1000).optional(),
});
export type MultipartInitBody = z.input<typeof multipartInitBody>;

export const uploadedPart = z.object({
  partNumber: z.number().int(),
  etag: z.string(),
  size: z.number().optional(),
});

export const multipartInitResult = z.object({
  uploadId: z.string(),
  key: z.string().describe('Echo it back with every part and the completion'),
  path: z.string().describe('The file being written'),
  partSize: z.number().int(),
  partCount: z.number().int(),
  /** Parts already stored: a resumed upload (same path and size) skips them. */
  uploadedParts: z.array(uploadedPart),
  /** S3: presigned part URLs the browser PUTs to directly; local: empty (relay through part). */
  presignedUrls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
});
export type MultipartInitResult = z.infer<typeof multipartInitResult>;

export const multipartPartQuery = z.object({
  path: virtualPath,
  uploadId: z.string().min(1).max(1000),
  partNumber: count({ min: 1, max: 10_000 }),
  isLastPart: queryFlag.optional(),
  key: z.string().min(1).max(4096),
});

export const multipartPartResult = z.object({
  partNumber: z.number().int(),
  etag: z.string(),
  size: z.number(),
});

export const multipartCompleteBody = z.object({
  path: virtualPath,
  uploadId: z.string().min(1).max(1000),
  key: z.string().min(1).max(4096),
  parts: z
    .array(
      z.object({
        partNumber: count({ min: 1, max: 10_000 }),
        etag: z.string().min(1).max(200),
        size: byteSize().optional(),
      }),
    )
    .min(1)
    .max(10_000),
  contentType: z.string().max(255).optional(),
  fileSize: byteSize().optional(),
});
export type MultipartCompleteBody = z.input<typeof multipartCompleteBody>;

export const multipartAbortBody = z.object({
  path: virtualPath,
  uploadId: z.string().min(1).max(1000),
  key: z.string().min(1).max(4096),
});

/** POST presign: a URL to PUT one whole file to (S3 directly, local through a signed URL). */
export const fsPresignBody = z.object({
  path: virtualPath.describe('The folder to upload into, or the full file path'),
  fileName: z.string().min(1).max(1000),
  contentType: z.string().max(255).optional(),
  fileSize: byteSize(),
});
export type FsPresignBody = z.input<typeof fsPresignBody>;

export const fsPresignResult = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  targetPath: z.string(),
  key: z.string(),
  expiresAt: z.string(),
});
export type FsPresignResult = z.infer<typeof fsPresignResult>;

/** POST presign/commit: checks the object arrived with the stated size. */
export const fsPresignCommitBody = z.object({
  targetPath: virtualPath,
  key: z.string().min(1).max(4096),
  fileSize: byteSize(),
  etag: z.string().max(200).optional(),
  contentType: z.string().max(255).optional(),
});

export const copyItem = z.object({
  sourcePath: virtualPath,
  targetPath: virtualPath.describe('A folder ending in / to copy into, or the full destination'),
});
export type CopyItem = z.infer<typeof copyItem>;

export const batchCopyBody = z.object({
  items: z.array(copyItem).min(1).max(1000),
  skipExisting: z.boolean().default(false),
});
export type BatchCopyBody = z.input<typeof batchCopyBody>;

/** The copy runs as a background task (202); poll /tasks/{taskId}. */
export const batchCopyResult = z.object({
  taskId: z.string(),
  status: z.enum(TASK_STATUSES),
  /** The server copies; the seed's client-side fallback is never needed. */
  requiresClientSideCopy: z.literal(false),
  task: taskItem,
});
export type BatchCopyResult = z.infer<typeof batchCopyResult>;

/**
 * POST batch-move: each item goes as copy's does (a targetPath ending in / is the folder to
 * move into); within one mount a rename, across mounts and storages a copy then a delete.
 */
export const batchMoveBody = z.object({
  items: z.array(copyItem).min(1).max(1000),
  skipExisting: z
    .boolean()
    .default(false)
    .describe('Files already at the target stay as they are; their item keeps its source'),
});
export type BatchMoveBody = z.input<typeof batchMoveBody>;

/** The move runs as a background task (202); poll /tasks/{taskId}. */
export const batchMoveResult = z.object({
  taskId: z.string(),
  status: z.enum(TASK_STATUSES),
  task: taskItem,
});
export type BatchMoveResult = z.infer<typeof batchMoveResult>;

export const cacheClearResult = z.object({
  cleared: z.number().int().describe('How many mounts’ caches were dropped'),
});
