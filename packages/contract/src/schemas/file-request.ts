import { z } from 'zod';
import { LIMITS } from '../limits';
import { pagination } from './common';
import { expiresInHours, maxViewsCount } from './file';
import { byteSize, count } from './numbers';

/**
 * File requests (issue 33, DESIGN §13): a link through which someone without an account
 * sends the owner files (or a text). The owner's API is `/api/admin/requests` and
 * `/api/user/requests`; the stranger's is `/api/public/requests/{slug}`.
 *
 * A stranger's flow: GET the request (counts nothing) → POST `/open` (password, name,
 * email as the request asks; counts one view = one page opening) → an upload token, sent
 * as the `X-Request-Token` header with every upload call until it expires.
 */

/** The header that carries the stranger's upload token. */
export const REQUEST_TOKEN_HEADER = 'X-Request-Token';

export const FILE_REQUEST_LIMITS = {
  titleMaxLength: 200,
  messageMaxLength: 10_000,
  allowedTypesMax: 50,
  uploaderNameMaxLength: 100,
  uploaderEmailMaxLength: 254,
  webhookUrlMaxLength: 2000,
  /** How long an upload token lives after /open, in seconds (a new /open gives another). */
  tokenSeconds: 6 * 60 * 60,
} as const;

export const fileRequestKind = z.enum(['files', 'text']);
export type FileRequestKind = z.infer<typeof fileRequestKind>;

/**
 * An allowed type: an extension (".pdf", ".tar.gz") or a MIME pattern ("image/*",
 * "application/pdf"). Compared case-insensitively; the file's extension AND its declared
 * type are checked (an extension rule looks at the name, a MIME rule at the type).
 */
export const allowedType = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(\.[a-z0-9][a-z0-9_+-]{0,15}(\.[a-z0-9][a-z0-9_+-]{0,15})?|[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/(\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126}))$/,
    'An extension like .pdf or a MIME type like image/* or application/pdf',
  );

/** Where the received files go. */
export const fileRequestTarget = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('storage'),
    s3_config_id: z
      .string()
      .min(1)
      .max(100)
      .nullish()
      .describe(
        'Storage config; files land as private file shares of the owner. Absent or null: the default storage config (members and keys cannot list configs)',
      ),
  }),
  z.object({
    type: z.literal('mount'),
    path: z
      .string()
      .min(1)
      .max(1000)
      .describe('A folder of a mount the owner may write, e.g. /team/inbox'),
  }),
]);
export type FileRequestTarget = z.infer<typeof fileRequestTarget>;

/** A request as its owner sees it. Limits: 0 = unlimited. */
export const fileRequest = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string().describe('Absolute link of the request page: {origin}/r/{slug}'),
  title: z.string(),
  message: z.string().nullable().describe('Markdown shown above the drop zone'),
  kind: fileRequestKind,
  has_password: z.boolean(),
  expires_at: z.string().nullable().describe('ISO instant; null = never'),
  max_views: z.number().int().describe('Page openings (/open calls); 0 = unlimited'),
  views: z.number().int(),
  max_files: z.number().int().describe('0 = unlimited'),
  max_file_bytes: z.number().int().describe('Per file; 0 = only the server limit'),
  max_total_bytes: z.number().int().describe('All files together; 0 = unlimited'),
  allowed_types: z.array(z.string()).describe('Empty = any type'),
  require_name: z.boolean(),
  require_email: z.boolean(),
  target: fileRequestTarget.nullable().describe('null for a text request'),
  webhook_url: z.string().nullable(),
  webhook_secret: z
    .string()
    .nullable()
    .describe('HMAC-SHA256 key of the webhook signature; shown to the owner only'),
  files_received: z
    .number()
    .int()
    .describe('Accepted files (text answers included); deleting one received does not lower it'),
  bytes_received: z.number().int(),
  closed_at: z.string().nullable(),
  state: z
    .enum(['open', 'closed', 'expired', 'full'])
    .describe('expired covers the expiry and the view limit; full = max files or bytes reached'),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileRequest = z.infer<typeof fileRequest>;

export const fileRequestList = z.object({ items: z.array(fileRequest), pagination });
export type FileRequestList = z.infer<typeof fileRequestList>;

/** GET …/requests: ?limit&offset&search (title or slug). */
export const fileRequestListQuery = z.object({
  limit: count({ min: 1, max: 200 }).default(LIMITS.filesPageSize),
  offset: count().default(0),
  search: z.string().max(200).optional(),
});

const settings = {
  title: z.string().trim().min(1).max(FILE_REQUEST_LIMITS.titleMaxLength),
  message: z.string().max(FILE_REQUEST_LIMITS.messageMaxLength).nullish(),
  slug: z.string().nullish().describe('Custom link suffix; random when empty'),
  password: z.string().max(256).nullish().describe('Asked before uploading; none when empty'),
  expires_in: expiresInHours.nullish().describe('Hours from now; 0 or empty = never'),
  max_views: maxViewsCount.nullish().describe('Page openings; 0 or empty = unlimited'),
  max_files: count().nullish().describe('0 or empty = unlimited'),
  max_file_bytes: byteSize().nullish().describe('0 or empty = the server upload limit'),
  max_total_bytes: byteSize().nullish().describe('0 or empty = unlimited'),
  allowed_types: z.array(allowedType).max(FILE_REQUEST_LIMITS.allowedTypesMax).nullish(),
  require_name: z.boolean().nullish(),
  require_email: z.boolean().nullish(),
  webhook_url: z
    .url({ protocol: /^https?$/ })
    .max(FILE_REQUEST_LIMITS.webhookUrlMaxLength)
    .nullish()
    .describe('POSTed a signed JSON event per upload; none when empty'),
};

/** POST …/requests. A files request needs a target; a text request takes none. */
export const createFileRequestBody = z.object({
  ...settings,
  kind: fileRequestKind.default('files'),
  target: fileRequestTarget.nullish(),
});
export type CreateFileRequestBody = z.infer<typeof createFileRequestBody>;

/** PUT …/requests/{id}: absent fields stay as they are; kind cannot change. */
export const updateFileRequestBody = z.object({
  ...settings,
  title: settings.title.optional(),
  clear_password: z.boolean().optional(),
  target: fileRequestTarget.nullish(),
  regenerate_webhook_secret: z.boolean().optional(),
});
export type UpdateFileRequestBody = z.infer<typeof updateFileRequestBody>;

/** One thing a stranger sent: a file (share or mount file) or a text (a private paste). */
export const requestUpload = z.object({
  id: z.string(),
  request_id: z.string(),
  kind: z.enum(['file', 'text']),
  uploader_name: z.string().nullable(),
  uploader_email: z.string().nullable(),
  address: z.string().nullable().describe("The sender's client address"),
  filename: z.string().describe('Stored name (cleaned, renamed on collision); "text" for text'),
  mimetype: z.string(),
  size: z.number().int(),
  file_id: z.string().nullable().describe('The file share (storage target)'),
  mount_path: z.string().nullable().describe('Where the file landed (mount target)'),
  paste_slug: z.string().nullable().describe('The private paste (text answer)'),
  shared: z.boolean().describe('The file share is public (after "share it")'),
  share_url: z.string().nullable().describe('Public link once shared'),
  created_at: z.string(),
});
export type RequestUpload = z.infer<typeof requestUpload>;

export const requestUploadList = z.object({ items: z.array(requestUpload), pagination });
export type RequestUploadList = z.infer<typeof requestUploadList>;

export const requestUploadListQuery = z.object({
  limit: count({ min: 1, max: 200 }).default(LIMITS.filesPageSize),
  offset: count().default(0),
});

export const requestUploadParams = z.object({
  id: z.string().min(1).max(100),
  upload_id: z.string().min(1).max(100),
});

/**
 * GET …/requests/{id}/uploads/{upload_id}/download: the owner's download link of a file
 * (a visit link for a file share, a signed link for a mount file), absolute.
 */
export const requestDownloadLink = z.object({
  url: z.string(),
  expires_at: z.string().nullable(),
});
export type RequestDownloadLink = z.infer<typeof requestDownloadLink>;

/** GET …/requests/{id}/uploads/{upload_id}/text: a text answer's content. */
export const requestTextAnswer = z.object({ content: z.string(), created_at: z.string() });
export type RequestTextAnswer = z.infer<typeof requestTextAnswer>;

/** What a stranger sees behind /r/{slug}. Byte limits: null = unlimited. */
export const publicFileRequest = z.object({
  slug: z.string(),
  title: z.string(),
  message: z.string().nullable(),
  kind: fileRequestKind,
  state: fileRequest.shape.state,
  requires_password: z.boolean(),
  require_name: z.boolean(),
  require_email: z.boolean(),
  expires_at: z.string().nullable(),
  allowed_types: z.array(z.string()),
  max_file_bytes: z.number().int().describe('Per file: the request limit or the server limit'),
  max_files: z.number().int().describe('0 = unlimited'),
  max_total_bytes: z.number().int().describe('0 = unlimited'),
  files_left: z.number().int().nullable().describe('null = unlimited'),
  bytes_left: z.number().int().nullable().describe('null = unlimited'),
});
export type PublicFileRequest = z.infer<typeof publicFileRequest>;

/** POST /api/public/requests/{slug}/open. */
export const openFileRequestBody = z.object({
  password: z.string().max(256).nullish(),
  name: z.string().trim().max(FILE_REQUEST_LIMITS.uploaderNameMaxLength).nullish(),
  email: z.email().max(FILE_REQUEST_LIMITS.uploaderEmailMaxLength).nullish(),
});
export type OpenFileRequestBody = z.infer<typeof openFileRequestBody>;

/** The stranger's upload token: send it as `X-Request-Token` with every upload call. */
export const requestUploadToken = z.object({
  token: z.string(),
  expires_at: z.string(),
  header: z.literal(REQUEST_TOKEN_HEADER),
  multipart: z
    .boolean()
    .describe('Resumable multipart sessions are offered (files requests, either target)'),
  request: publicFileRequest,
});
export type RequestUploadToken = z.infer<typeof requestUploadToken>;

/**
 * Uploads by the stranger, all under /api/public/requests/{slug} with the token header:
 * - POST /upload: multipart/form-data, fields `size` (bytes) and `mimetype` BEFORE the
 *   `file` part (the limits are checked and the size reserved before a byte is stored);
 * - POST /multipart/init (body `requestMultipartInitBody`) → `multipartSession` of
 *   upload.ts; then /multipart/part-url, GET /multipart/{file_id}/parts,
 *   /multipart/complete (→ `requestReceipt`), /multipart/abort, with the bodies of upload.ts.
 * - POST /text (body `requestTextBody`) for a text request.
 */
export const requestMultipartInitBody = z.object({
  filename: z.string().min(1).max(255),
  mimetype: z.string().max(255).nullish(),
  size: byteSize({ min: 1 }),
});
export type RequestMultipartInitBody = z.infer<typeof requestMultipartInitBody>;

export const requestTextBody = z.object({
  content: z.string().min(1).max(LIMITS.pasteMaxBytes),
});
export type RequestTextBody = z.infer<typeof requestTextBody>;

/** What the stranger gets for each accepted upload: their "sent" receipt line. */
export const requestReceipt = z.object({
  kind: z.enum(['file', 'text']),
  filename: z.string(),
  size: z.number().int(),
  received_at: z.string(),
  files_left: z.number().int().nullable(),
  bytes_left: z.number().int().nullable(),
});
export type RequestReceipt = z.infer<typeof requestReceipt>;
