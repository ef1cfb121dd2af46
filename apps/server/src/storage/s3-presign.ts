import {
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PresignedRequest, PresignGetOptions, PresignPutOptions } from './driver';
import { createS3Client, type S3DriverOptions } from './s3-client';

/** SigV4 presigned URLs live at most 7 days. */
const MAX_PRESIGN_SECONDS = 604_800;

/** Presigned URLs of the S3 driver; keys here are full keys (default folder included). */
export class S3Presigner {
  private readonly linkClient: S3Client | null;
  /** The custom host as a base URL (scheme added when missing), or null. */
  private readonly linkHost: string | null;

  constructor(
    private readonly client: S3Client,
    private readonly options: S3DriverOptions,
  ) {
    this.linkHost = options.customHost ? withScheme(options.customHost) : null;
    this.linkClient = this.linkHost ? linkClientFor(options, this.linkHost) : null;
  }

  close(): void {
    this.linkClient?.destroy();
  }

  /**
   * A presigned PUT. With a size, Content-Length is part of the signature, so the
   * storage refuses a body of any other length. Content-Type is not signed (the presigner
   * never signs it) but must be sent for the object to carry it.
   */
  put(fullKey: string, options: PresignPutOptions): Promise<PresignedRequest> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: fullKey,
      ...(options.contentType ? { ContentType: options.contentType } : {}),
      ...(options.size !== undefined ? { ContentLength: options.size } : {}),
    });
    const headers: Record<string, string> = options.contentType
      ? { 'Content-Type': options.contentType }
      : {};
    return this.sign(
      (expiresIn) => getSignedUrl(this.client, command, { expiresIn }),
      'PUT',
      options.expiresInSeconds,
      headers,
    );
  }

  /**
   * A presigned GET, with Content-Disposition/Type overrides. With a custom host, the URL
   * is signed for that host (so it stays valid when the host forwards to the storage with
   * its own Host header, and a CDN that serves the bucket publicly just ignores the query).
   */
  get(fullKey: string, options: PresignGetOptions): Promise<PresignedRequest> {
    const command = new GetObjectCommand({
      // bucketEndpoint: the Bucket parameter is the bucket's own base URL.
      Bucket: this.linkHost && !this.options.pathStyle ? this.linkHost : this.options.bucket,
      Key: fullKey,
      ...(options.disposition ? { ResponseContentDisposition: options.disposition } : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    });
    return this.sign(
      (expiresIn) => getSignedUrl(this.linkClient ?? this.client, command, { expiresIn }),
      'GET',
      options.expiresInSeconds,
      {},
    );
  }

  part(fullKey: string, uploadId: string, partNumber: number, expiresInSeconds: number) {
    const command = new UploadPartCommand({
      Bucket: this.options.bucket,
      Key: fullKey,
      UploadId: uploadId,
      PartNumber: partNumber,
    });
    return this.sign(
      (expiresIn) => getSignedUrl(this.client, command, { expiresIn }),
      'PUT',
      expiresInSeconds,
      {},
    );
  }

  private async sign(
    signUrl: (expiresIn: number) => Promise<string>,
    method: 'GET' | 'PUT',
    expiresInSeconds: number,
    headers: Record<string, string>,
  ): Promise<PresignedRequest> {
    const expiresIn = Math.min(Math.max(Math.floor(expiresInSeconds), 1), MAX_PRESIGN_SECONDS);
    const url = await signUrl(expiresIn);
    return { url, method, headers, expiresAt: new Date(Date.now() + expiresIn * 1000) };
  }
}

/**
 * The client that signs download links for a custom host. Path-style configs keep the
 * bucket in the path (the host stands in for the endpoint, e.g. a reverse proxy);
 * virtual-hosted ones treat the host as the bucket's own (a custom domain or CDN).
 */
function linkClientFor(options: S3DriverOptions, host: string): S3Client {
  return options.pathStyle
    ? createS3Client(options, host)
    : createS3Client(options, null, { bucketEndpoint: true });
}

function withScheme(host: string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
