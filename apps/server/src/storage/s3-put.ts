import { PutObjectCommand, UploadPartCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { PutOptions, PutResult } from './driver';
import { watchBody } from './s3-client';
import { assertDeclaredSize, MeteredStream, stripQuotes } from './streams';

/** S3 refuses a single PUT over 5 GiB; larger known sizes go through multipart too. */
const SINGLE_PUT_MAX = 5 * 1024 ** 3;
/**
 * lib-storage Upload for bodies of unknown size: memory ≈ part size × queue size. A body
 * that fits in one part goes as one PutObject even then (lib-storage's own choice).
 */
export const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 3;

interface PutTarget {
  bucket: string;
  /** The full object key, default folder included. */
  key: string;
}

/**
 * Streams the body into one object: one PutObject when the size is known (≤ 5 GiB) and
 * `transfer` is not 'multipart', otherwise lib-storage's Upload, which sends parts as they
 * fill and never holds the whole file. A body longer or shorter than its declared size
 * fails the put, and so does an aborted options.signal: either way the request is aborted
 * (a multipart upload with AbortMultipartUpload) before the put rejects.
 */
export async function streamPut(
  client: S3Client,
  target: PutTarget,
  body: Readable,
  options: PutOptions = {},
): Promise<PutResult> {
  // A body that failed before the put began (a caller's limit tripped while the caller
  // was still checking the target) emits nothing more: piped, it would never end.
  if (body.destroyed) {
    throw body.errored ?? new Error('The body was closed before the put began');
  }
  const { signal } = options;
  signal?.throwIfAborted();
  const meter = new MeteredStream(options.size !== undefined ? { exact: options.size } : {});
  // A failing body (too long, too short, the source erroring) aborts the request.
  const watch = watchBody(meter);
  body.once('error', (error) => meter.destroy(error));
  // A cancel fails the body the same way: the put answers with the signal's reason.
  const cancel = () => watch.stop(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  const params = {
    Bucket: target.bucket,
    Key: target.key,
    Body: body.pipe(meter),
    ...(options.contentType ? { ContentType: options.contentType } : {}),
  };
  try {
    const etag = await send(client, params, options, watch.abort);
    assertDeclaredSize(options.size, meter.bytes);
    return { size: meter.bytes, etag };
  } catch (error) {
    throw watch.failure() ?? error;
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

async function send(
  client: S3Client,
  params: { Bucket: string; Key: string; Body: Readable; ContentType?: string },
  { size, transfer = 'single' }: PutOptions,
  abort: AbortController,
): Promise<string | null> {
  if (transfer === 'single' && size !== undefined && size <= SINGLE_PUT_MAX) {
    const out = await client.send(new PutObjectCommand({ ...params, ContentLength: size }), {
      abortSignal: abort.signal,
    });
    return stripQuotes(out.ETag);
  }
  // No abortController for Upload: aborted, its done() answers at once while its parts go
  // on and its AbortMultipartUpload comes later, unawaited. Its requests carry the abort
  // instead; the failed parts make it abort the upload, and done() answers after that.
  const upload = new Upload({
    client: abortingUploads(client, abort.signal),
    params,
    partSize: UPLOAD_PART_BYTES,
    queueSize: UPLOAD_QUEUE,
    leavePartsOnError: false,
  });
  return stripQuotes((await upload.done()).ETag);
}

/**
 * The client as lib-storage's Upload uses it, its requests that carry bytes (UploadPart,
 * and PutObject for a body of one part) aborted with `signal`: lib-storage sends them
 * without one. Create, Complete and AbortMultipartUpload go through untouched, so an
 * upload the storage created is always known and always aborted.
 */
function abortingUploads(client: S3Client, signal: AbortSignal): S3Client {
  // send() is overloaded per command; this one only passes each command through.
  type Send = (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
  const send = client.send.bind(client) as unknown as Send;
  const scoped = Object.create(client) as S3Client;
  const sendScoped: Send = (command, options) =>
    send(
      command,
      command instanceof UploadPartCommand || command instanceof PutObjectCommand
        ? { ...options, abortSignal: signal }
        : options,
    );
  scoped.send = sendScoped as unknown as S3Client['send'];
  return scoped;
}
