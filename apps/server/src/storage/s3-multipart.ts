import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { type Readable } from 'node:stream';
import { InvalidPartError, UploadNotFoundError, type CompletedPart } from './driver';
import { s3ErrorCode, watchBody } from './s3-client';
import { stripQuotes } from './streams';

/**
 * S3 multipart calls for one bucket; keys here are full keys (default folder included).
 * Service errors become the driver's UploadNotFoundError / InvalidPartError.
 */
export class S3Multipart {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async create(key: string, contentType?: string): Promise<{ uploadId: string }> {
    const out = await this.client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
    if (!out.UploadId) {
      throw new Error('The storage answered CreateMultipartUpload without an UploadId');
    }
    return { uploadId: out.UploadId };
  }

  /**
   * Streams a part when its size is known; a part of unknown size is gathered in memory
   * first (S3 needs its length), which is bounded by the part size (5 MiB by default).
   */
  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size?: number,
  ): Promise<{ etag: string }> {
    const payload = size === undefined ? await gather(body) : body;
    // A streamed part whose body fails aborts its request (see watchBody).
    const watch = size === undefined ? null : watchBody(body);
    try {
      const out = await this.guard(uploadId, () =>
        this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: payload,
            ContentLength: size ?? (payload as Buffer).length,
          }),
          { abortSignal: watch?.abort.signal },
        ),
      );
      return { etag: stripQuotes(out.ETag) ?? '' };
    } catch (error) {
      throw watch?.failure() ?? error;
    }
  }

  async complete(key: string, uploadId: string, parts: CompletedPart[]): Promise<void> {
    if (parts.length === 0) {
      throw new InvalidPartError(0);
    }
    await this.guard(uploadId, () =>
      this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: parts.map((part) => ({
              PartNumber: part.partNumber,
              ETag: `"${part.etag.replace(/"/g, '')}"`,
            })),
          },
        }),
      ),
    );
  }

  async abort(key: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
      );
    } catch (error) {
      if (s3ErrorCode(error) !== 'NoSuchUpload') {
        throw error;
      }
    }
  }

  /** Every stored part, following ListParts' pages (1000 parts per page at most). */
  async listParts(key: string, uploadId: string): Promise<CompletedPart[]> {
    const parts: CompletedPart[] = [];
    let marker: string | undefined;
    for (;;) {
      const out = await this.guard(uploadId, () =>
        this.client.send(
          new ListPartsCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            ...(marker ? { PartNumberMarker: marker } : {}),
          }),
        ),
      );
      for (const part of out.Parts ?? []) {
        if (part.PartNumber !== undefined) {
          parts.push({
            partNumber: part.PartNumber,
            etag: stripQuotes(part.ETag) ?? '',
            ...(part.Size !== undefined ? { size: part.Size } : {}),
          });
        }
      }
      if (!out.IsTruncated || !out.NextPartNumberMarker) {
        return parts.sort((a, b) => a.partNumber - b.partNumber);
      }
      marker = out.NextPartNumberMarker;
    }
  }

  private async guard<T>(uploadId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const code = s3ErrorCode(error);
      if (code === 'NoSuchUpload') {
        throw new UploadNotFoundError(uploadId);
      }
      if (code === 'InvalidPart' || code === 'InvalidPartOrder') {
        throw new InvalidPartError(0);
      }
      throw error;
    }
  }
}

async function gather(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
