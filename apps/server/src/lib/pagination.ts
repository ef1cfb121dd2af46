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

/** A repository's two list queries: one page of a scope's rows, and how many there are. */
export interface ListSource<Scope, Row> {
  list(scope: Scope, query: ListRequest): Promise<Row[]>;
  count(scope: Scope, search: string | undefined): Promise<number>;
}

/**
 * One page of a management list, newest first as the source orders it, with the pagination
 * block every list answers: the page and the total are read at once under the same search
 * term, and `present` shapes the page's rows.
 */
export async function listPage<Scope, Row, Item>(
  source: ListSource<Scope, Row>,
  scope: Scope,
  request: ListRequest,
  present: (rows: Row[]) => Item[] | Promise<Item[]>,
): Promise<{ items: Item[]; pagination: Pagination }> {
  const search = searchTermOf(request);
  const [rows, total] = await Promise.all([
    source.list(scope, { limit: request.limit, offset: request.offset, search }),
    source.count(scope, search),
  ]);
  return { items: await present(rows), pagination: paginationOf(total, request) };
}
