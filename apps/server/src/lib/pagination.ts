import type { Pagination } from '@pastebox/contract/schemas/common';

/** One page of a management list, as every list query asks for it. */
export interface ListRequest {
  limit: number;
  offset: number;
  search?: string | undefined;
}

/**
 * A list query as sent: by offset (`limit&offset`, the user families and files) or by
 * page (`page&limit`, the admin's pastes). Both become offsets here, so the services see one
 * shape.
 */
export type ListQuery =
  | { limit: number; offset: number; search?: string | undefined }
  | { limit: number; page: number; search?: string | undefined };

/** The offset form of a list query; a page is turned into its first row. */
export function listRequestOf(query: ListQuery): ListRequest {
  if ('page' in query) {
    return { limit: query.limit, offset: (query.page - 1) * query.limit, search: query.search };
  }
  return query;
}

/** The pagination block every management list answers, from the total and the request. */
export function paginationOf(total: number, request: ListRequest): Pagination {
  return {
    total,
    limit: request.limit,
    offset: request.offset,
    page: Math.floor(request.offset / request.limit) + 1,
    totalPages: Math.ceil(total / request.limit),
  };
}

/** A search term worth filtering by: trimmed, and absent when it is blank. */
export function searchTermOf(request: ListRequest): string | undefined {
  return request.search?.trim() || undefined;
}
