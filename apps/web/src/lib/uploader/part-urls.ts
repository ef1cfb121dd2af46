import type { PartUrlResult } from '@pastebox/contract/schemas/upload';

type SignedPart = PartUrlResult['urls'][number];

/** How many part URLs one request asks for (the API takes up to 100). */
const BATCH = 10;
/** A URL this close to its expiry is fetched afresh rather than used. */
const EXPIRY_MARGIN_MS = 60_000;

export type FetchPartUrls = (partNumbers: number[]) => Promise<PartUrlResult>;

/**
 * Signed part URLs, fetched in small batches as the parts come up (a 2 GB file has
 * hundreds of parts and the URLs expire) and refetched when stale or after a failure.
 */
export class PartUrlPool {
  private readonly cache = new Map<number, SignedPart>();
  private readonly pending = new Map<number, Promise<void>>();

  constructor(
    private readonly fetchUrls: FetchPartUrls,
    /** Part numbers still to upload, in order: a batch takes the next ones. */
    private readonly upcoming: readonly number[],
    private readonly now: () => number = Date.now,
  ) {}

  /** A usable URL for the part; `fresh` drops a cached one (after a failed attempt). */
  async get(partNumber: number, fresh = false): Promise<SignedPart> {
    if (fresh) {
      this.cache.delete(partNumber);
    }
    const cached = this.cache.get(partNumber);
    if (cached && Date.parse(cached.expires_at) - this.now() > EXPIRY_MARGIN_MS) {
      return cached;
    }
    await (this.pending.get(partNumber) ?? this.fetchBatch(partNumber));
    const fetched = this.cache.get(partNumber);
    if (!fetched) {
      throw new Error(`the server gave no URL for part ${partNumber}`);
    }
    return fetched;
  }

  private fetchBatch(first: number): Promise<void> {
    const start = Math.max(0, this.upcoming.indexOf(first));
    const batch = [first];
    for (const candidate of this.upcoming.slice(start + 1)) {
      if (batch.length >= BATCH) {
        break;
      }
      if (!this.cache.has(candidate) && !this.pending.has(candidate)) {
        batch.push(candidate);
      }
    }
    const request = this.fetchUrls(batch)
      .then((result) => {
        for (const url of result.urls) {
          this.cache.set(url.part_number, url);
        }
      })
      .finally(() => batch.forEach((partNumber) => this.pending.delete(partNumber)));
    batch.forEach((partNumber) => this.pending.set(partNumber, request));
    return request;
  }
}
