import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/crypto';

/**
 * Short-lived HMAC-signed URLs to the server's own endpoints: the "presigned" URLs of the
 * local driver (DESIGN §6), so the browser follows one flow whatever the driver.
 */
export type LocalUrlOp = 'put-object' | 'put-part' | 'get-object';

export interface LocalUrlClaims {
  op: LocalUrlOp;
  configId: string;
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  uploadId?: string;
  partNumber?: number;
  /** The most bytes the PUT may carry (the size the URL was issued for). */
  maxSize?: number;
  disposition?: string;
  contentType?: string;
}

/** The path of the endpoints, below /api (mounted by storage/local-routes.ts). */
export const LOCAL_ROUTE_BASE = '/storage/local';

const PATH_OF: Record<LocalUrlOp, string> = {
  'put-object': 'object',
  'put-part': 'part',
  'get-object': 'object',
};

/** JSON of an array is unambiguous whatever the fields contain. */
function payloadOf(claims: LocalUrlClaims): string {
  return JSON.stringify([
    'pastebox-local-url-v1',
    claims.op,
    claims.configId,
    claims.key,
    claims.uploadId ?? null,
    claims.partNumber ?? null,
    claims.expiresAt,
    claims.maxSize ?? null,
    claims.disposition ?? null,
    claims.contentType ?? null,
  ]);
}

export class LocalUrlSigner {
  constructor(
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    /** '' for relative URLs (/api/…), else PUBLIC_URL without a trailing slash. */
    private readonly publicUrl: string,
  ) {}

  /** Unix seconds `seconds` from now, by the injected clock. */
  expiryIn(seconds: number): number {
    return Math.floor(this.clock.now().getTime() / 1000) + Math.max(1, Math.floor(seconds));
  }

  /** The signed URL for `claims`. */
  url(claims: LocalUrlClaims): string {
    const params = new URLSearchParams({ key: claims.key, exp: String(claims.expiresAt) });
    if (claims.uploadId !== undefined) {
      params.set('upload', claims.uploadId);
    }
    if (claims.partNumber !== undefined) {
      params.set('part', String(claims.partNumber));
    }
    if (claims.maxSize !== undefined) {
      params.set('max', String(claims.maxSize));
    }
    if (claims.disposition !== undefined) {
      params.set('disp', claims.disposition);
    }
    if (claims.contentType !== undefined) {
      params.set('type', claims.contentType);
    }
    params.set('sig', this.secrets.sign(payloadOf(claims)));
    const path = `/api${LOCAL_ROUTE_BASE}/${encodeURIComponent(claims.configId)}/${PATH_OF[claims.op]}`;
    return `${this.publicUrl}${path}?${params.toString()}`;
  }

  /**
   * The claims a request carries, when its signature is genuine and unexpired;
   * 'invalid' for a missing or tampered signature, 'expired' past its expiry.
   */
  verify(
    op: LocalUrlOp,
    configId: string,
    query: URLSearchParams,
  ): LocalUrlClaims | 'invalid' | 'expired' {
    const claims = claimsFrom(op, configId, query);
    const signature = query.get('sig');
    if (!claims || !signature || !this.secrets.verifySignature(payloadOf(claims), signature)) {
      return 'invalid';
    }
    if (claims.expiresAt * 1000 <= this.clock.now().getTime()) {
      return 'expired';
    }
    return claims;
  }
}

function optionalInteger(value: string | null): number | undefined | 'bad' {
  if (value === null) {
    return undefined;
  }
  return /^\d{1,16}$/.test(value) ? Number(value) : 'bad';
}

function claimsFrom(op: LocalUrlOp, configId: string, query: URLSearchParams) {
  const key = query.get('key');
  const expiresAt = optionalInteger(query.get('exp'));
  const partNumber = optionalInteger(query.get('part'));
  const maxSize = optionalInteger(query.get('max'));
  if (key === null || typeof expiresAt !== 'number' || partNumber === 'bad' || maxSize === 'bad') {
    return null;
  }
  const claims: LocalUrlClaims = { op, configId, key, expiresAt };
  const optional = {
    uploadId: query.get('upload') ?? undefined,
    partNumber,
    maxSize,
    disposition: query.get('disp') ?? undefined,
    contentType: query.get('type') ?? undefined,
  };
  for (const [name, value] of Object.entries(optional)) {
    if (value !== undefined) {
      Object.assign(claims, { [name]: value });
    }
  }
  return claims;
}
