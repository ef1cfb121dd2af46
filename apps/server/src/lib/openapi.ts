import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import { envelopeOf, errorEnvelope } from '@pastebox/contract/schemas/common';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import { AppError } from './errors';

/** A JSON request body for createRoute. */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    body: {
      required: true,
      ...(description ? { description } : {}),
      content: { 'application/json': { schema } },
    },
  };
}

/** The success answer of a route: `data` wrapped in the envelope. */
export function okResponse<T extends z.ZodType>(
  schema: T,
  description = 'Success',
  status: 200 | 201 = 200,
) {
  return {
    [status]: { description, content: { 'application/json': { schema: envelopeOf(schema) } } },
    default: {
      description: 'Error envelope with a stable error key',
      content: { 'application/json': { schema: errorEnvelope } },
    },
  } as const;
}

/** Security requirements for the OpenAPI document. */
export type SecurityRequirements = Record<string, string[]>[];
export const adminSecurity: SecurityRequirements = [{ AdminToken: [] }];
/** Admin token or API key. */
export const keySecurity: SecurityRequirements = [{ AdminToken: [] }, { ApiKey: [] }];

/** Validation failures become the envelope's VALIDATION_FAILED with per-field details. */
const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', undefined, details);
  }
};

/** A router for one module; every router shares the same validation hook. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
