import { checkSlug } from '@pastebox/contract/rules/slug';
import { AppError } from '@/lib/errors';
import { randomSlug } from '@/lib/ids';

/** Random slugs collide rarely; a few fresh draws make a failure practically impossible. */
const RANDOM_SLUG_ATTEMPTS = 8;

/** SPEC §5 slug rules: letters, digits, `-`, `_`; at most 50; not a reserved word. */
export function assertSlugRules(slug: string): string {
  const problem = checkSlug(slug);
  if (problem) {
    throw new AppError(problem);
  }
  return slug;
}

/** A random slug that passes the same rules as a custom one (never a reserved word). */
export function drawSlug(): string {
  for (;;) {
    const slug = randomSlug();
    if (checkSlug(slug) === null) {
      return slug;
    }
  }
}

/**
 * A unique-constraint violation (SQLite or PostgreSQL). On a share table the only unique
 * column besides the random id is the slug, so this means "slug taken".
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) {
    return false;
  }
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}

/** Runs a write that may set a slug; a unique violation becomes 409 SLUG_TAKEN. */
export async function orSlugTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw isUniqueViolation(error) ? new AppError('SLUG_TAKEN') : error;
  }
}

/**
 * Inserts a share under `customSlug`, or under a random slug when null, and answers the
 * slug it got. The unique index decides rather than a check-then-insert race: a custom
 * slug taken meanwhile answers 409 SLUG_TAKEN, a random one is drawn again.
 */
export async function insertWithFreeSlug(
  customSlug: string | null,
  insert: (slug: string) => Promise<unknown>,
): Promise<string> {
  const attempts = customSlug ? 1 : RANDOM_SLUG_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const slug = customSlug ?? drawSlug();
    try {
      await insert(slug);
      return slug;
    } catch (error) {
      if (!isUniqueViolation(error)) {
        throw error;
      }
    }
  }
  if (customSlug) {
    throw new AppError('SLUG_TAKEN');
  }
  throw new Error('Could not find a free random slug');
}
