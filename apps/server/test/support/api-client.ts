import type { Envelope } from '@pastebox/contract/errors';

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** A small JSON client for tests: real HTTP, an optional Authorization header. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly authorization?: string,
  ) {}

  withAuth(authorization: string): ApiClient {
    return new ApiClient(this.baseUrl, authorization);
  }

  withApiKey(key: string): ApiClient {
    return new ApiClient(this.baseUrl, `ApiKey ${key}`);
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** A raw fetch with this client's credentials, for non-JSON answers. */
  raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.authorization) {
      headers.set('authorization', this.authorization);
    }
    return fetch(`${this.baseUrl}${path}`, { ...init, headers });
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const res = await this.raw(path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(
        `${method} ${path} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`,
      );
    }
    return { status: res.status, headers: res.headers, body: parsed };
  }
}
