import { z } from 'zod';
import { LIMITS } from '../limits';
import { expiresInHours, maxViewsCount } from './file';
import { byteSize, count } from './numbers';

/**
 * Uploads (SPEC §4, §7 Files; DESIGN §6): through the server, presigned single PUT, and
 * multipart. Field names as the SPEC gives them (snake_case; `partNumber` as S3 has it).
 */

/** The options a file share is created with (SPEC §3). */
export const shareOptions = z.object({
  slug: z.string().nullish().describe('Custom link suffix (SPEC §5); random when empty'),
  remark: z.string().max(LIMITS.remarkMaxLength).nullish(),
  password: z.string().max(256).nullish().describe('Access password; none when empty'),
  expires_in: expiresInHours.nullish().describe('Hours (1, 24, 168, 720); 0 or empty = never'),
  max_views: maxViewsCount.nullish().describe('0 or empty = unlimited'),
  private: z
    .boolean()
    .nullish()
    .describe('Keep the link closed to all but the owner (e.g. the files of a bundle)'),
});
export type ShareOptions = z.infer<typeof shareOptions>;

const fileTarget = {
  s3_config_id: z.string().max(100).nullish().describe('Storage config; the default when empty'),
  filename: z.string().min(1).max(255),
  mimetype: z.string().max(255).nullish().describe('application/octet-stream when empty'),
  path: z.string().max(1000).nullish().describe("Folder; a key's basic_path when empty"),
  size: byteSize().describe('Bytes; checked against the limit and the quota'),
};

/**
 * An end-to-end encrypted file (issue 35, docs/encryption.md), given where the upload's
 * record is created: the presign, the multipart init, the form's fields before the file.
 */
const fileEncryption = {
  encrypted: z
    .boolean()
    .optional()
    .describe(
      'End-to-end encrypted: the bytes are a sealed blob (checked at the header), stored ' +
        'as application/octet-stream whatever mimetype says',
    ),
  encrypted_meta: z
    .string()
    .max(4096)
    .optional()
    .describe(
      "The file's name and type sealed with the metadata key, base64url; required with " +
        'encrypted, refused without it',
    ),
};

/** POST /api/s3/presign. */
export const presignBody = z.object({
  ...fileTarget,
  slug: shareOptions.shape.slug,
  ...fileEncryption,
});
export type PresignBody = z.infer<typeof presignBody>;

/** A request the browser must make itself: method, URL and headers to send. */
export const signedRequest = z.object({
  url: z.string().describe('Absolute for S3; relative (/api/…) for local storage'),
  method: z.enum(['PUT', 'GET']),
  headers: z.record(z.string(), z.string()).describe('Send these headers with the request'),
  expires_at: z.string(),
});

export const presignResult = z.object({
  upload_url: z.string().describe('PUT the file body here'),
  headers: z.record(z.string(), z.string()).describe('Send these headers with the PUT'),
  expires_at: z.string(),
  file_id: z.string(),
  storage_path: z.string(),
  s3_url: z.string().describe('Where the object lives (informational)'),
  slug: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
});
export type PresignResult = z.infer<typeof presignResult>;

/** POST /api/s3/commit: after the PUT succeeded. Options apply to the new share. */
export const commitBody = shareOptions.extend({
  file_id: z.string().min(1).max(100),
  s3_config_id: z.string().max(100).nullish().describe('Must match the presign when given'),
  storage_path: z.string().max(2000).nullish().describe('Must match the presign when given'),
  s3_url: z.string().max(4000).nullish().describe('Ignored; accepted for SPEC clients'),
  filename: z.string().min(1).max(255).nullish(),
  mimetype: z.string().max(255).nullish(),
  size: byteSize().nullish().describe('Must equal the presigned size when given'),
  etag: z.string().max(200).nullish().describe('Ignored: the stored object is the truth'),
});
export type CommitBody = z.infer<typeof commitBody>;

/** POST /api/upload/multipart/init: the file and its share options. */
export const multipartInitBody = shareOptions.extend({
  ...fileTarget,
  size: byteSize({ min: 1 }).describe('Bytes; checked against the limit and the quota'),
  ...fileEncryption,
});
export type MultipartInitBody = z.infer<typeof multipartInitBody>;

/** A part the storage holds already (SPEC §3: etag with quotes stripped). */
export const storedPart = z.object({
  partNumber: z.number().int(),
  etag: z.string(),
  size: z.number().int().optional(),
});
export type StoredPart = z.infer<typeof storedPart>;

/** The state of a multipart upload: what init and the parts call answer. */
export const multipartSession = z.object({
  file_id: z.string(),
  upload_id: z.string(),
  key: z.string().describe('Object key (storage_path)'),
  slug: z.string(),
  part_size: z.number().int().describe('Bytes per part; the last part may be smaller'),
  part_count: z.number().int(),
  total_size: z.number().int(),
  expires_at: z.string().describe('An idle session is aborted after this instant'),
  parts: z.array(storedPart).describe('Parts stored already: a resumed upload skips them'),
});
export type MultipartSession = z.infer<typeof multipartSession>;

const uploadRef = {
  file_id: z.string().min(1).max(100),
  upload_id: z.string().min(1).max(1024),
};

/** POST /api/upload/multipart/part-url: one part number, or several at once. */
export const partUrlBody = z
  .object({
    ...uploadRef,
    part_number: count({ min: 1, max: 10_000 }).optional(),
    part_numbers: z
      .array(count({ min: 1, max: 10_000 }))
      .min(1)
      .max(100)
      .optional(),
  })
  .refine((body) => body.part_number !== undefined || body.part_numbers !== undefined, {
    message: 'Give part_number or part_numbers',
    path: ['part_number'],
  });
export type PartUrlBody = z.infer<typeof partUrlBody>;

export const partUrl = signedRequest.extend({ part_number: z.number().int() });
export const partUrlResult = z.object({
  urls: z.array(partUrl).describe('PUT each part body to its URL; read the ETag header'),
});
export type PartUrlResult = z.infer<typeof partUrlResult>;

/** POST /api/upload/multipart/complete. */
export const multipartCompleteBody = z.object({
  ...uploadRef,
  parts: z
    .array(z.object({ partNumber: count({ min: 1, max: 10_000 }), etag: z.string().max(200) }))
    .min(1)
    .max(10_000),
});
export type MultipartCompleteBody = z.infer<typeof multipartCompleteBody>;

/** POST /api/upload/multipart/abort. */
export const multipartAbortBody = z.object(uploadRef);
export const abortResult = z.object({ aborted: z.boolean() });

export const fileIdParam = z.object({ file_id: z.string().min(1).max(100) });

/**
 * POST /api/upload (multipart/form-data). Documented as a plain schema rather than a
 * validator: the body is streamed by busboy, never parsed into memory. Send the fields
 * before the `file` part; s3_config_id, path, encrypted and encrypted_meta after the file
 * are refused.
 */
export const formUploadSchema = {
  type: 'object',
  required: ['file'] as string[],
  properties: {
    s3_config_id: { type: 'string', description: 'Storage config; the default when empty' },
    path: { type: 'string', description: "Folder; a key's basic_path when empty" },
    slug: { type: 'string', description: 'Custom link suffix; random when empty' },
    mimetype: { type: 'string', description: "Overrides the file part's content type" },
    remark: { type: 'string' },
    password: { type: 'string' },
    expires_in: { type: 'integer', description: 'Hours; 0 = never' },
    max_views: { type: 'integer', description: '0 = unlimited' },
    private: { type: 'boolean', description: 'true: the link opens for the owner only' },
    encrypted: {
      type: 'boolean',
      description: 'true: the file is a sealed blob (docs/encryption.md); before the file',
    },
    encrypted_meta: {
      type: 'string',
      description: 'The sealed name and type (base64url), with encrypted; before the file',
    },
    size: { type: 'integer', description: 'Optional: bytes, for the early quota check' },
    file: { type: 'string', format: 'binary', description: 'Last part of the form' },
  },
} as const;
