const CUSTOM_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** SPEC §5: a custom API key uses only letters, digits, underscore and hyphen. */
export function isValidCustomKey(key: string): boolean {
  return key.length >= 1 && key.length <= 128 && CUSTOM_KEY_PATTERN.test(key);
}

/**
 * Turns a key-expiry choice into an absolute instant (ISO 8601), or null for never.
 * SPEC §9: 1d, 7d, 30d, never, custom days.
 */
export function keyExpiryToIso(
  choice: '1d' | '7d' | '30d' | 'never' | 'custom',
  now: Date,
  customDays?: number,
): string | null {
  const dayMs = 24 * 60 * 60 * 1000;
  const days =
    choice === '1d'
      ? 1
      : choice === '7d'
        ? 7
        : choice === '30d'
          ? 30
          : choice === 'custom'
            ? customDays
            : null;
  if (days === null || days === undefined) {
    return null;
  }
  return new Date(now.getTime() + days * dayMs).toISOString();
}
