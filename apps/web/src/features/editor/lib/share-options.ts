import { PASTE_EXPIRY_OPTIONS, type PasteExpiryOption } from '@pastebox/contract/limits';
import type { CreatePasteBody, PasteFormat } from '@pastebox/contract/schemas/paste';

/** What the share options form collects (SPEC §3 paste fields other than the content). */
export interface ShareOptions {
  slug: string;
  remark: string;
  password: string;
  expiry: PasteExpiryOption;
  /** 0 = unlimited (SPEC §5). */
  maxViews: number;
  /**
   * Present when "End-to-end encrypt" is on (issue 35): the text is sealed in the browser
   * with a key that only the link carries, and this password mixed in when not empty.
   */
  encryption?: { password: string };
}

export const DEFAULT_SHARE_OPTIONS: ShareOptions = {
  slug: '',
  remark: '',
  password: '',
  expiry: '7d',
  maxViews: 0,
};

const HOUR_MS = 60 * 60 * 1000;

/** The ISO instant an expiry option ends at, counted from `now`; null = never. */
export function expiresAtFor(expiry: PasteExpiryOption, now: Date): string | null {
  const option = PASTE_EXPIRY_OPTIONS.find((candidate) => candidate.id === expiry);
  if (!option || option.hours === null) {
    return null;
  }
  return new Date(now.getTime() + option.hours * HOUR_MS).toISOString();
}

/** The POST /api/paste body: empty optional fields are left out rather than sent blank. */
export function toCreatePasteBody(
  content: string,
  format: PasteFormat,
  options: ShareOptions,
  now: Date,
): CreatePasteBody {
  const slug = options.slug.trim();
  const remark = options.remark.trim();
  const expiresAt = expiresAtFor(options.expiry, now);
  return {
    content,
    format,
    maxViews: options.maxViews,
    ...(slug ? { slug } : {}),
    ...(remark ? { remark } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}
