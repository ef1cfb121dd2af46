import { z } from 'zod';
import { count } from './numbers';

/** An ISO 8601 instant with a zone, e.g. 2026-11-21T05:33:17.000Z. */
export const isoInstant = z.iso.datetime({ offset: true });

/** Ids are opaque strings (UUIDs today). */
export const idParam = z.object({ id: z.string().min(1).max(100) });

export const slugParam = z.object({ slug: z.string().min(1).max(200) });

/** Body of the batch-delete calls. */
export const batchDeleteBody = z.object({
  ids: z.array(z.string().min(1).max(100)).min(1).max(1000).describe('Ids to delete'),
});
export type BatchDeleteBody = z.infer<typeof batchDeleteBody>;

export const deletedCount = z.object({
  deleted: z.number().int().describe('How many were deleted'),
});

/** Page-based listing (admin families): ?page=1&limit=10. */
export const pageQuery = z.object({
  page: count({ min: 1 }).default(1),
  limit: count({ min: 1, max: 100 }).default(10),
  search: z.string().max(200).optional(),
});

/** Offset-based listing (user families): ?limit=10&offset=0. */
export const offsetQuery = z.object({
  limit: count({ min: 1, max: 100 }).default(10),
  offset: count().default(0),
  search: z.string().max(200).optional(),
});

export const pagination = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

/** Wraps a data schema in the envelope of DESIGN §4, for OpenAPI answers. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data,
    success: z.boolean(),
  });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  success: z.literal(false),
  error: z.string().describe('Stable error key (packages/contract/src/errors.ts)'),
  requestId: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
