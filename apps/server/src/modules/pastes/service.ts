import type { CreatePasteBody, PasteDetail } from '@pastebox/contract/schemas/paste';
import { creatorOf, type AppDeps, type Principal } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword } from '@/lib/crypto';
import { newId } from '@/lib/ids';
import { normaliseRemark } from '@/shares/fields';
import { assertSealedBlob } from '@/shares/sealed-blob';
import { assertSlugRules, insertWithFreeSlug } from '@/shares/slugs';
import { presentPasteDetail } from './presenter';
import { PastesRepo, type PasteRow } from './repo';
import { assertContent, eitherAlias, futureExpiry } from './rules';

export { handOverPastes, removePastesIn } from './account-shares';
// A file request's text answers are pastes (issue 33): their owner reads and deletes them there.
export { deletePaste, getPaste } from './management';

/**
 * POST /api/paste: stores a new share for the admin or a key with text permission.
 * A custom slug that is taken answers 409 SLUG_TAKEN; a random one is drawn again.
 */
export async function createPaste(
  deps: AppDeps,
  principal: Principal,
  body: CreatePasteBody,
  options: {
    private?: boolean;
    /** A password hash made elsewhere (an import, shares/password.ts), stored as given. */
    passwordHash?: string;
  } = {},
): Promise<PasteDetail> {
  const now = isoNow(deps.clock);
  const content = assertContent(body.content);
  if (body.encrypted) {
    assertSealedBlob(content, 'content');
  }
  const expiresAt = eitherAlias(body.expiresAt, body.expires_at);
  const customSlug = body.slug ? assertSlugRules(body.slug) : null;
  // One object throughout, its slug set by each attempt: a copy with the slug added
  // (`{ ...row, slug }`) costs about 1.5 µs on Node 20 (docs/performance.md, round 9).
  const row: PasteRow = {
    id: newId(),
    slug: '',
    content,
    format: body.format ?? 'markdown',
    remark: normaliseRemark(body.remark),
    password_hash:
      options.passwordHash ?? (body.password ? await hashPassword(body.password) : null),
    expires_at: expiresAt ? futureExpiry(expiresAt, now, 'expiresAt') : null,
    max_views: eitherAlias(body.maxViews, body.max_views) ?? 0,
    views: 0,
    created_by: creatorOf(principal),
    // A file request's text answer (issue 33): only its owner reads it, in the panel.
    private: options.private ? 1 : 0,
    encrypted: body.encrypted ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  const repo = new PastesRepo(deps.db);
  row.slug = await insertWithFreeSlug(customSlug, (candidate) => {
    row.slug = candidate;
    return repo.insert(row);
  });
  return presentPasteDetail(row);
}

/** Whether a paste already holds `slug` (an import reports the clash before writing). */
export async function isPasteSlugTaken(deps: AppDeps, slug: string): Promise<boolean> {
  return (await new PastesRepo(deps.db).findBySlug(slug)) !== undefined;
}

/** Deletes shares that expired or ran out of views. Returns how many went. */
export async function sweepExpiredPastes(deps: AppDeps): Promise<number> {
  return new PastesRepo(deps.db).deleteDead(isoNow(deps.clock));
}

/** A share's rules and, when nothing protects it, its text's first characters. */
export type PasteCard = NonNullable<Awaited<ReturnType<PastesRepo['findCardBySlug']>>>;

/**
 * What a link preview may know of the share behind `slug` (issue 36), read without counting
 * a view, opening a visit or burning it; undefined when there is no public share there.
 */
export function findPasteCard(
  deps: AppDeps,
  slug: string,
  openingChars: number,
): Promise<PasteCard | undefined> {
  return new PastesRepo(deps.db).findCardBySlug(slug, openingChars);
}
