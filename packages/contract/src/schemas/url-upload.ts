import { z } from 'zod';
import { multipartSession, partUrl, shareOptions } from './upload';
import { byteSize } from './numbers';

/**
 * URL upload (SPEC §4, §7 "URL upload"): the browser asks the server about a remote file,
 * downloads it (directly, or through the server's proxy when cross-origin rules stop it)
 * and uploads it by the presigned or multipart path. Field names as the SPEC gives them.
 */

/** A remote file's address: http or https only (SPEC §5); the server checks the host. */
export const remoteUrl = z
  .string()
  .trim()
  .min(1)
  .max(8192)
  .describe('An http or https URL; private and loopback hosts are refused');

/** POST /api/url/info. */
export const urlInfoBody = z.object({ url: remoteUrl });
export type UrlInfoBody = z.infer<typeof urlInfoBody>;

/** What the server learned about a remote file without downloading it. */
export const urlInfo = z.object({
  url: z.string().describe('The URL as given, without user name and password'),
  final_url: z.string().describe('The URL that answered, after redirects'),
  filename: z.string().describe('From Content-Disposition, else the last path segment'),
  mimetype: z.string(),
  contentType: z.string().describe('The same as mimetype'),
  size: z.number().int().nullable().describe('Bytes; null when the server does not say'),
  supports_range: z.boolean().describe('The server announced Accept-Ranges: bytes'),
  etag: z.string().nullable(),
  last_modified: z.string().nullable(),
  max_upload_size_bytes: z.number().int().describe('Larger files will be refused'),
});
export type UrlInfo = z.infer<typeof urlInfo>;

/** GET /api/url/proxy?url=… */
export const urlProxyQuery = z.object({ url: remoteUrl });

/**
 * What the browser knows of the remote file when it asks to upload it: url/info's answer,
 * and the size of what it downloaded (which wins, since a server may not announce it).
 */
export const urlMetadata = z.object({
  filename: z.string().max(255).nullish(),
  mimetype: z.string().max(255).nullish(),
  contentType: z.string().max(255).nullish().describe('Same as mimetype'),
  size: byteSize().nullish().describe('Bytes; needed when url/info said null'),
});
export type UrlMetadata = z.infer<typeof urlMetadata>;

/** The file a URL upload stores: the URL plus what the browser learned about it. */
const urlTarget = {
  url: remoteUrl,
  metadata: urlMetadata.nullish(),
  s3_config_id: z.string().max(100).nullish().describe('Storage config; the default when empty'),
  filename: z.string().min(1).max(255).nullish().describe('Overrides the remote name'),
  mimetype: z.string().max(255).nullish().describe('Overrides the remote type'),
  size: byteSize().nullish().describe('Bytes downloaded; overrides metadata.size'),
  path: z.string().max(1000).nullish().describe("Folder; a key's basic_path when empty"),
  slug: shareOptions.shape.slug,
};

/**
 * POST /api/url/presign: answers as s3/presign (upload_url, file_id, storage_path, s3_url,
 * slug, provider_type, contentType). When size or name are not given, the server asks the
 * URL itself (as url/info does).
 */
export const urlPresignBody = z.object({
  ...urlTarget,
  remark: shareOptions.shape.remark.describe('Kept for the share unless url/commit sets one'),
});
export type UrlPresignBody = z.infer<typeof urlPresignBody>;

/** POST /api/url/multipart/init: the file and its share options, as upload/multipart/init. */
export const urlMultipartInitBody = shareOptions.extend(urlTarget);
export type UrlMultipartInitBody = z.infer<typeof urlMultipartInitBody>;

/** The multipart session plus where to PUT the first parts. */
export const urlMultipartSession = multipartSession.extend({
  urls: z
    .array(partUrl)
    .describe('Parts 1…100 at most; fetch the rest, or fresh ones, from upload/multipart/part-url'),
});
export type UrlMultipartSession = z.infer<typeof urlMultipartSession>;

/** POST /api/url/cancel: drops an upload in flight (its record and any stored object). */
export const urlCancelBody = z.object({ file_id: z.string().min(1).max(100) });
export const urlCancelResult = z.object({ cancelled: z.boolean() });
