import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

export interface S3DriverOptions {
  /** e.g. https://<account>.r2.cloudflarestorage.com; null = AWS's own endpoints. */
  endpoint: string | null;
  region: string | null;
  bucket: string;
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** A key prefix every object lives under ('' or 'a/b'). */
  defaultFolder: string;
  /** A public host for download links (see S3Driver.presignGet). */
  customHost: string | null;
}

/**
 * The SDK logs nothing by default, except that a failed streaming upload (a client that
 * cancelled its upload, among others) falls back to console.warn, an unstructured line
 * outside the server's log. The failure itself reaches the caller, which logs it — a
 * client's abort as one quiet line (lib/client-abort.ts) — so the SDK's echo is dropped.
 */
const SILENT_SDK_LOGGER = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * An S3 client for a config. Checksums only when an operation requires them: the SDK's
 * default (CRC32 on every upload, no Content-MD5 on DeleteObjects) is refused by strict
 * S3-compatible servers such as Swift's s3api, and by several providers (issue 3).
 */
export function createS3Client(
  options: S3DriverOptions,
  endpoint: string | null = options.endpoint,
  extra: { bucketEndpoint?: boolean } = {},
): S3Client {
  const client = new S3Client({
    region: options.region || 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: options.pathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // No overall request timeout: a download may be paused by a slow reader for a long time.
    requestHandler: { connectionTimeout: 10_000 },
    logger: SILENT_SDK_LOGGER,
    ...extra,
  });
  addContentMd5ToDeleteObjects(client);
  return client;
}

/**
 * S3 requires an integrity checksum on DeleteObjects. The SDK now sends only a CRC32
 * (x-amz-checksum-crc32), while Swift's s3api and some providers accept only
 * Content-MD5; AWS takes either. So the MD5 of the (small, in-memory XML) body is added.
 */
function addContentMd5ToDeleteObjects(client: S3Client): void {
  type Args = { request: { headers?: Record<string, string>; body?: unknown } };
  type Next = (args: Args) => Promise<unknown>;
  const middleware = (next: Next, context: { commandName?: string }) => (args: Args) => {
    const { headers, body } = args.request;
    if (
      context.commandName === 'DeleteObjectsCommand' &&
      headers &&
      (typeof body === 'string' || body instanceof Uint8Array)
    ) {
      headers['content-md5'] = createHash('md5').update(body).digest('base64');
    }
    return next(args);
  };
  // The SDK's middleware type is a union over every step; this one is a finalizeRequest step.
  type StackMiddleware = Parameters<S3Client['middlewareStack']['addRelativeTo']>[0];
  client.middlewareStack.addRelativeTo(middleware as unknown as StackMiddleware, {
    relation: 'before',
    toMiddleware: 'awsAuthMiddleware',
    name: 'pastebox-content-md5',
  });
}

/** The service's error code (NoSuchKey, NoSuchUpload, …) or '' when not an S3 error. */
export function s3ErrorCode(error: unknown): string {
  return error instanceof S3ServiceException ? error.name : '';
}

export function httpStatusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export function isNotFound(error: unknown): boolean {
  const code = s3ErrorCode(error);
  return code === 'NoSuchKey' || code === 'NotFound' || httpStatusOf(error) === 404;
}

/** CopySource is "bucket/key", URL-encoded segment by segment. */
export function copySourceOf(bucket: string, key: string): string {
  return [bucket, ...key.split('/')].map((segment) => encodeURIComponent(segment)).join('/');
}

/** The total size from a Content-Range header such as "bytes 0-9/100". */
export function totalFromContentRange(contentRange: string | undefined): number | null {
  const match = /\/(\d+)\s*$/.exec(contentRange ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

/** A request's abort, tied to the failure of the body it streams. */
export interface BodyWatch {
  /** Aborted, with the body's error, when the body fails. */
  abort: AbortController;
  /** The body's error, or null while it has none: the error to report for the request. */
  failure(): unknown;
  /** Fails the request as a failing body would, with `reason` (a cancelled write). */
  stop(reason: unknown): void;
}

/**
 * The SDK does not notice when the stream it sends as a body fails (too long, too short,
 * the source erroring): the request waits for bytes that never come until the storage
 * gives up (Swift after a minute). Watching the body aborts the request on its first error,
 * which the caller then reports instead of the SDK's abort.
 */
export function watchBody(body: Readable): BodyWatch {
  const abort = new AbortController();
  let error: unknown = null;
  const fail = (cause: unknown) => {
    error ??= cause;
    abort.abort(cause);
  };
  body.once('error', fail);
  return {
    abort,
    failure: () => error,
    stop(reason) {
      fail(reason);
      body.destroy(reason instanceof Error ? reason : new Error(String(reason)));
    },
  };
}
