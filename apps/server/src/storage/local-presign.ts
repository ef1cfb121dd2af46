// The driver's types through one namespace, as storage/local.ts reads them.
import type * as Driver from './driver';
import { normaliseKey } from './keys';
import type { LocalUrlClaims, LocalUrlSigner } from './local-signing';

/**
 * The local driver's "presigned" requests (DESIGN §6): what each one allows, as claims
 * signed into a URL to the server's own endpoints (storage/local-routes.ts). Kept apart
 * from the driver, which moves bytes, so the claims of the three requests read side by side.
 */
export class LocalPresigner {
  constructor(
    /** The storage config the driver serves; part of every signed URL. */
    private readonly configId: string,
    private readonly signer: LocalUrlSigner,
  ) {}

  put(key: string, options: Driver.PresignPutOptions): Driver.PresignedRequest {
    const claims: LocalUrlClaims = {
      op: 'put-object',
      configId: this.configId,
      key: normaliseKey(key),
      expiresAt: this.signer.expiryIn(options.expiresInSeconds),
      ...(options.size !== undefined ? { maxSize: options.size } : {}),
    };
    const headers: Record<string, string> = options.contentType
      ? { 'Content-Type': options.contentType }
      : {};
    return this.signed('PUT', claims, headers);
  }

  get(key: string, options: Driver.PresignGetOptions): Driver.PresignedRequest {
    const claims: LocalUrlClaims = {
      op: 'get-object',
      configId: this.configId,
      key: normaliseKey(key),
      expiresAt: this.signer.expiryIn(options.expiresInSeconds),
      ...(options.disposition !== undefined ? { disposition: options.disposition } : {}),
      ...(options.contentType !== undefined ? { contentType: options.contentType } : {}),
    };
    return this.signed('GET', claims, {});
  }

  part(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Driver.PresignedRequest {
    const claims: LocalUrlClaims = {
      op: 'put-part',
      configId: this.configId,
      key: normaliseKey(key),
      uploadId,
      partNumber,
      expiresAt: this.signer.expiryIn(expiresInSeconds),
    };
    return this.signed('PUT', claims, {});
  }

  private signed(
    method: 'GET' | 'PUT',
    claims: LocalUrlClaims,
    headers: Record<string, string>,
  ): Driver.PresignedRequest {
    return {
      url: this.signer.url(claims),
      method,
      headers,
      expiresAt: new Date(claims.expiresAt * 1000),
    };
  }
}
