import { LIMITS } from '../limits';

/** Words that would collide with routes or confuse readers of a link. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'raw',
  'paste',
  'file',
  'files',
  'upload',
  'mount-explorer',
  'mount',
  'dav',
  'webdav',
  'assets',
  'static',
  'public',
  'user',
  'login',
  'logout',
  'health',
  'version',
  'docs',
  'openapi',
  'new',
  'edit',
  'delete',
  'settings',
  'index',
  'favicon',
]);

const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

export type SlugProblem = 'SLUG_INVALID' | 'SLUG_RESERVED';

/** SPEC §5: letters, digits, hyphen, underscore; at most 50; not a reserved word. */
export function checkSlug(slug: string): SlugProblem | null {
  if (slug.length === 0 || slug.length > LIMITS.slugMaxLength || !SLUG_PATTERN.test(slug)) {
    return 'SLUG_INVALID';
  }
  if (RESERVED_SLUGS.has(slug.toLowerCase())) {
    return 'SLUG_RESERVED';
  }
  return null;
}
