import { visitIdOf } from '@/shares/visits';
import type { TestServer } from '../support/test-server';

/**
 * What the visit-link tests (visit-links.test.ts) measure a link by: its answers read to
 * the end, the bytes its visit has served, and how many visits a share has.
 */

export const MiB = 1024 * 1024;
export const MINUTE = 60_000;
/**
 * A visit of a 1 MiB file with 3 views left (or no limit, or the owner's) may serve
 * 3 × 1 MiB and a slack of an eighth of the size: three full downloads (shares/visit-budget.ts).
 */
export const FULL_DOWNLOADS_PER_VISIT = 3;
export const SLACK = MiB / 8;

export interface Fetched {
  status: number;
  body: Buffer;
  error: string | null;
}

/** Fetches a link to the end; the error key of an envelope answer. */
export async function fetchAll(url: string, init: RequestInit = {}): Promise<Fetched> {
  const res = await fetch(url, init);
  const body = Buffer.from(await res.arrayBuffer());
  const isJson = res.headers.get('content-type')?.startsWith('application/json') ?? false;
  const error =
    res.status >= 400 && isJson ? (JSON.parse(body.toString()) as { error: string }).error : null;
  return { status: res.status, body, error };
}

/** bytes_served of the visit a link names (its row is keyed by the token's time and hash). */
export async function bytesServed(server: TestServer, link: string): Promise<number | undefined> {
  const token = new URL(link).searchParams.get('token') ?? '';
  const row = await server.deps.db
    .selectFrom('share_visits')
    .select('bytes_served')
    .where('id', '=', visitIdOf(token))
    .executeTakeFirst();
  return row && Number(row.bytes_served);
}

/** How many visits a share has (its upload's answer made one too). */
export async function visitCount(server: TestServer, fileId: string): Promise<number> {
  const rows = await server.deps.db
    .selectFrom('share_visits')
    .select('id')
    .where('file_id', '=', fileId)
    .execute();
  return rows.length;
}
