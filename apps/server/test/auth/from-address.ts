import type { Envelope } from '@pastebox/contract/errors';

export interface AddressedResponse<T> {
  status: number;
  body: Envelope<T>;
}

/**
 * A JSON caller that presents itself as `address` through X-Forwarded-For, so one test
 * server (started with TRUST_PROXY=true) can stand for many clients of the rate limiter.
 */
export function fromAddress(baseUrl: string, address: string) {
  return async <T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; authorization?: string } = {},
  ): Promise<AddressedResponse<T>> => {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    if (options.authorization) {
      headers.authorization = options.authorization;
    }
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Envelope<T> };
  };
}
