import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  fsPresignBody,
  fsPresignCommitBody,
  fsPresignResult,
  fsWriteResult,
  multipartAbortBody,
  multipartCompleteBody,
  multipartInitBody,
  multipartInitResult,
  multipartPartQuery,
  multipartPartResult,
} from '@pastebox/contract/schemas/fs';
import { abortResult } from '@pastebox/contract/schemas/upload';
import type { AppEnv } from '@/context';
import { BODY_LIMIT_EXTENSION } from '@/lib/body-limit';
import { answering } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { createRouter } from '@/lib/openapi';
import { publicBaseUrl } from '@/lib/public-url';
import { scopedRoutes, type ScopeFamily } from '@/lib/scoped-routes';
import { nodeRequestOf, rawBodyOf } from '@/modules/uploads/service';
import type { Caller } from '@/vfs/types';
import { fsAccess } from '../access';
import { fsRouteOf } from '../route';
import { uploadCallerOf } from '@/modules/fs/uploads/caller';
import { receiveFsFormUpload } from '@/modules/fs/uploads/form';
import {
  abortFsMultipart,
  completeFsMultipart,
  initFsMultipart,
} from '@/modules/fs/uploads/multipart';
import { uploadFsPart } from '@/modules/fs/uploads/multipart-part';
import { commitFsPresign, presignFsUpload } from '@/modules/fs/uploads/presign';

/**
 * POST fs/upload (multipart/form-data). Documented as a plain schema rather than a
 * validator: busboy streams the body, nothing parses it into memory.
 */
const fsUploadForm = {
  type: 'object',
  required: ['file', 'path'] as string[],
  properties: {
    path: {
      type: 'string',
      description: 'The file path, or a folder (ending with /, or existing): then the file name',
    },
    use_multipart: {
      type: 'string',
      description: 'Accepted for compatibility; large files are stored in parts regardless',
    },
    file: { type: 'string', format: 'binary', description: 'After path' },
  },
} as const;

const partBody = {
  required: true,
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
} as const;

/** The request's Content-Length, when it sent a usable one. */
function declaredLength(value: string | undefined): number | undefined {
  const length = Number(value);
  return value !== undefined && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The upload routes of one family: admin/fs (every mount) or user/fs (under basic_path). */
function fsUploadFamily(family: ScopeFamily<Caller>): OpenAPIHono<AppEnv> {
  const route = fsRouteOf(family);
  return createRouter()
    .openapi(
      route({
        method: 'post',
        path: '/upload',
        summary: 'Upload a file into a mount through the server (multipart form, streamed)',
        description:
          'Send `path` before the `file` part. The max upload size holds while the file ' +
          'streams (413 FILE_TOO_LARGE, nothing left behind); the storage capacity is checked ' +
          'first against the Content-Length (507 INSUFFICIENT_STORAGE). An existing file is ' +
          'replaced.',
        // busboy streams the file through the file system; the max upload size is its limit.
        [BODY_LIMIT_EXTENSION]: 'streamed',
        request: {
          body: { required: true, content: { 'multipart/form-data': { schema: fsUploadForm } } },
        },
        answer: fsWriteResult,
      }),
      async (c) => {
        const caller = uploadCallerOf(c, family);
        return ok(c, await receiveFsFormUpload(caller, nodeRequestOf(c)));
      },
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/multipart/init',
          summary: 'Start (or resume) a multipart upload into a mount: 5 MiB parts',
          description:
            'The same file path and size by the same caller answers the live session and the ' +
            'parts it already holds. For S3 mounts presignedUrls lists a URL per missing part.',
          body: multipartInitBody,
          answer: multipartInitResult,
        }),
        (c) => initFsMultipart(uploadCallerOf(c, family), c.req.valid('json')),
      ),
    )
    .openapi(
      route({
        method: 'post',
        path: '/multipart/part',
        summary: 'Send one part (binary body, streamed to the storage)',
        description:
          'Every part but the last has exactly partSize bytes, the last the rest; a body of ' +
          'another size is refused (413 when larger). Answers the ETag to complete with.',
        [BODY_LIMIT_EXTENSION]: 'streamed',
        request: { query: multipartPartQuery, body: partBody },
        answer: multipartPartResult,
      }),
      async (c) => {
        const caller = uploadCallerOf(c, family);
        const query = c.req.valid('query');
        const request = { ...query, declaredSize: declaredLength(c.req.header('content-length')) };
        return ok(c, await uploadFsPart(caller, request, () => rawBodyOf(c)));
      },
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/multipart/complete',
          summary: 'Complete a multipart upload: every part 1..N with the ETag it answered',
          description:
            'UPLOAD_INCOMPLETE keeps the session (send what is missing, or abort); on success ' +
            'the file appears in its folder at once.',
          body: multipartCompleteBody,
          answer: fsWriteResult,
        }),
        (c) => completeFsMultipart(uploadCallerOf(c, family), c.req.valid('json')),
      ),
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/multipart/abort',
          summary: 'Cancel a multipart upload; its parts are deleted',
          body: multipartAbortBody,
          answer: abortResult,
        }),
        (c) => abortFsMultipart(uploadCallerOf(c, family), c.req.valid('json')),
      ),
    )
    .openapi(
      route({
        method: 'post',
        path: '/presign',
        summary: 'A URL to PUT one whole file to (S3 directly; local through this server)',
        description:
          'fileSize is reserved on the storage capacity before anything is signed (507 ' +
          'INSUFFICIENT_STORAGE when it does not fit) and held until the commit counts the ' +
          'stored file; a presign never committed gives it back once its URL has expired.',
        body: fsPresignBody,
        answer: fsPresignResult,
      }),
      async (c) => {
        const caller = uploadCallerOf(c, family);
        const linkBase = publicBaseUrl(c.get('deps').config, c.req.raw);
        return ok(c, await presignFsUpload(caller, c.req.valid('json'), linkBase));
      },
    )
    .openapi(
      ...answering(
        route({
          method: 'post',
          path: '/presign/commit',
          summary: 'Finish a presigned upload: the object must exist with the announced size',
          body: fsPresignCommitBody,
          answer: fsWriteResult,
        }),
        (c) => commitFsPresign(uploadCallerOf(c, family), c.req.valid('json')),
      ),
    );
}

/** Uploads into a mount: form upload, multipart and presigned PUTs (SPEC §7 "File system"). */
export const fsUploadRoutes = scopedRoutes(fsAccess, fsUploadFamily);
