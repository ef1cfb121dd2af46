import type { CreatePasteBody, PasteDetail } from '@pastebox/contract/schemas/paste';
import { creatorOf, type AppDeps, type Principal } from '@/context';
import { hashPassword } from '@/lib/crypto';
import { newId } from '@/lib/ids';
import { normaliseRemark } from '@/shares/fields';
import { assertSlugRules, insertWithFreeSlug } from '@/shares/slugs';
import { presentPasteDetail } from './presenter';
import { PastesRepo, type PasteRow } from './repo';
import { assertContent, eitherAlias, futureExpiry } from './rules';

/**
 * POST /api/paste: stores a new share for the admin or a key with text permission.
 * A custom slug that is taken answers 409 SLUG_TAKEN; a random one is drawn again.
 */
export async function createPaste(
  deps: AppDeps,
  principal: Principal,
  body: CreatePasteBody,
): Promise<PasteDetail> {
  const now = deps.clock.now().toISOString();
  const content = assertContent(body.content);
  const expiresAt = eitherAlias(body.expiresAt, body.expires_at);
  const customSlug = body.slug ? assertSlugRules(body.slug) : null;
  const row: Omit<PasteRow, 'slug'> = {
    id: newId(),
    content,
    format: body.format ?? 'markdown',
    remark: normaliseRemark(body.remark),
    password_hash: body.password ? await hashPassword(body.password) : null,
    expires_at: expiresAt ? futureExpiry(expiresAt, now, 'expiresAt') : null,
    max_views: eitherAlias(body.maxViews, body.max_views) ?? 0,
    views: 0,
    created_by: creatorOf(principal),
    created_at: now,
    updated_at: now,
  };
  const repo = new PastesRepo(deps.db);
  const slug = await insertWithFreeSlug(customSlug, (candidate) =>
    repo.insert({ ...row, slug: candidate }),
  );
  return presentPasteDetail({ ...row, slug });
}

/** Deletes shares that expired or ran out of views. Returns how many went. */
export async function sweepExpiredPastes(deps: AppDeps): Promise<number> {
  return new PastesRepo(deps.db).deleteDead(deps.clock.now().toISOString());
}
