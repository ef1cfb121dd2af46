import { hashPassword } from '@/lib/crypto';
import { assertSlugRules } from './slugs';

const HOUR_MS = 60 * 60 * 1000;

/** `expires_in` hours from now as a stored instant; 0, null or absent = never. */
export function expiryFromHours(hours: number | null | undefined, now: Date): string | null {
  if (!hours) {
    return null;
  }
  return new Date(now.getTime() + hours * HOUR_MS).toISOString();
}

/** The rules a PUT body of a file share or a bundle may change, as the contract names them. */
export interface ShareRulesBody {
  slug?: string | null | undefined;
  password?: string | null | undefined;
  clear_password?: boolean | undefined;
  expires_in?: number | null | undefined;
  max_views?: number | null | undefined;
}

/** The stored columns those rules change. */
export interface ShareRuleChanges {
  updated_at: string;
  slug?: string;
  password_hash?: string | null;
  expires_at?: string | null;
  max_views?: number;
}

/**
 * What a PUT body changes of a share's rules (slug, password, expiry in hours, view limit);
 * absent fields stay as they are. The kind adds its own fields (a remark, a title…).
 */
export async function shareRuleChanges(
  body: ShareRulesBody,
  current: { slug: string },
  now: Date,
): Promise<ShareRuleChanges> {
  const changes: ShareRuleChanges = { updated_at: now.toISOString() };
  if (body.slug && body.slug !== current.slug) {
    changes.slug = assertSlugRules(body.slug);
  }
  if (body.clear_password || body.password === null) {
    changes.password_hash = null;
  } else if (body.password) {
    changes.password_hash = await hashPassword(body.password);
  }
  if (body.expires_in !== undefined) {
    changes.expires_at = expiryFromHours(body.expires_in, now);
  }
  if (body.max_views !== undefined) {
    changes.max_views = body.max_views ?? 0;
  }
  return changes;
}
