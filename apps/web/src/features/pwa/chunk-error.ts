/**
 * What browsers and Vite throw when a lazily imported chunk cannot be fetched: Chromium,
 * Firefox, Safari, and Vite's CSS preloader, in that order.
 */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** True when a route failed because its code could not be downloaded. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}
