/**
 * A bounded map whose entries carry their own deadline. Time is passed in by the caller
 * (milliseconds of its clock), so a test's clock governs expiry as it governs the rest of
 * the app. When full, the oldest entry goes first: a burst of new keys can push out old
 * ones, never grow the process without limit.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; deadline: number }>();

  constructor(private readonly maxEntries: number) {}

  /** The value stored under `key` while `now` is before its deadline. */
  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      return undefined;
    }
    if (now >= entry.deadline) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores `value` until `deadline`; a key set again counts as the newest. */
  set(key: string, value: V, deadline: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, deadline });
    // A Map iterates in insertion order, so its first key is the oldest entry.
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) {
        break;
      }
      this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
