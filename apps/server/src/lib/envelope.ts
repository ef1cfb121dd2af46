import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Answers `{ code, message, data, success: true }` (DESIGN §4). */
export function ok<T>(c: Context, data: T, status: 200 | 201 | 202 = 200, message = 'OK') {
  return c.json({ code: status, message, data, success: true as const }, status);
}

export function errorBody(
  status: number,
  key: string,
  message: string,
  extra: { requestId?: string; details?: { path: string; message: string }[] } = {},
) {
  return { code: status, message, data: null, success: false as const, error: key, ...extra };
}

export function asStatus(status: number): ContentfulStatusCode {
  return status as ContentfulStatusCode;
}
