import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from '@/context';
import { jsonAnswer } from './answer';

interface Envelope<T, S extends number> {
  code: S;
  message: string;
  data: T;
  success: true;
}

/**
 * Answers `{ code, message, data, success: true }` (DESIGN §4) through the cheap path of
 * lib/answer.ts; typed as `c.json` would be, so the OpenAPI routes check their answers.
 */
export function ok<T, S extends 200 | 201 | 202 = 200>(
  c: Context<AppEnv>,
  data: T,
  status: S = 200 as S,
  message = 'OK',
): Response & TypedResponse<JSONParsed<Envelope<T, S>>, S, 'json'> {
  const body: Envelope<T, S> = { code: status, message, data, success: true };
  return jsonAnswer(c, body, status) as Response &
    TypedResponse<JSONParsed<Envelope<T, S>>, S, 'json'>;
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
