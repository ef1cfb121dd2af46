import { LIMITS } from '@pastebox/contract/limits';
import { checkSlug } from '@pastebox/contract/rules/slug';
import { usageError } from './errors';

/** The share options every creating command takes (paste, put, put --bundle). */
export interface ShareFlags {
  slug?: string;
  password?: string;
  expires?: string;
  views?: string;
  remark?: string;
}

const HOURS_PER_UNIT: Record<string, number> = { h: 1, d: 24, w: 168 };

/**
 * `--expires` as hours: `1h`, `1d`, `7d`, `2w`…; `never` or `0` for no expiry (SPEC §9's
 * options are 1 hour, 1 day, 7 days, 30 days and never; any whole number of hours works).
 */
export function expiryHours(value: string | undefined): number | null {
  if (value === undefined || value === 'never' || value === '0') {
    return null;
  }
  const match = /^(\d+)([hdw])$/.exec(value.trim().toLowerCase());
  const unit = match?.[2];
  if (!match?.[1] || !unit) {
    throw usageError(`--expires takes a duration such as 1h, 1d, 7d, 2w or never (got ${value})`);
  }
  const hours = Number(match[1]) * (HOURS_PER_UNIT[unit] ?? 1);
  if (hours < 1) {
    throw usageError('--expires must be at least 1h');
  }
  return hours;
}

/** `--views`: a whole number, 0 = unlimited (SPEC §5). */
export function maxViews(value: string | undefined): number | null {
  if (value === undefined) {
    return null;
  }
  if (!/^\d+$/.test(value)) {
    throw usageError(`--views takes a whole number, 0 for unlimited (got ${value})`);
  }
  return Number(value);
}

/** `--slug`, checked here for a clear message before any upload starts (SPEC §5). */
export function slugOf(value: string | undefined): string | null {
  if (value === undefined || value === '') {
    return null;
  }
  const problem = checkSlug(value);
  if (problem === 'SLUG_RESERVED') {
    throw usageError(`--slug ${value} is a reserved word`);
  }
  if (problem) {
    throw usageError(
      `--slug may use letters, digits, - and _ (at most ${LIMITS.slugMaxLength}): ${value}`,
    );
  }
  return value;
}

/** The flags as the file and bundle calls name them (snake_case, hours). */
export function fileShareOptions(flags: ShareFlags) {
  return {
    slug: slugOf(flags.slug),
    password: flags.password || null,
    expires_in: expiryHours(flags.expires),
    max_views: maxViews(flags.views),
    remark: flags.remark || null,
  };
}
