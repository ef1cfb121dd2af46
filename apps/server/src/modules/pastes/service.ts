import { checkSlug } from '@pastebox/contract/rules/slug';
import type { CreatePasteBody, PasteDetail } from '@pastebox/contract/schemas/paste';
import { creatorOf, type AppDeps, type Principal } from '@/context';
import { hashPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId, randomSlug } from '@/lib/ids';
import { presentPasteDetail } from './presenter';
import { isUniqueViolation, PastesRepo, type PasteRow } from './repo';
import {
  assertContent,
  assertSlugRules,
  eitherAlias,
  futureExpiry,
  normaliseRemark,
} from './rules';

/** Random slugs collide rarely; a few fresh draws make a failure practically impossible. */
const RANDOM_SLUG_ATTEMPTS = 8;

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
  const row: PasteRow = {
    id: newId(),
    slug: customSlug ?? '',
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
  if (customSlug) {
    await insertOrSlugTaken(repo, row);
    return presentPasteDetail(row);
  }
  for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt += 1) {
    const candidate = { ...row, slug: drawSlug() };
    if (await insertUnlessSlugTaken(repo, candidate)) {
      return presentPasteDetail(candidate);
    }
  }
  throw new Error('Could not find a free random slug');
}

/** A random slug that passes the same rules as a custom one (never a reserved word). */
function drawSlug(): string {
  for (;;) {
    const slug = randomSlug();
    if (checkSlug(slug) === null) {
      return slug;
    }
  }
}

async function insertUnlessSlugTaken(repo: PastesRepo, row: PasteRow): Promise<boolean> {
  try {
    await repo.insert(row);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) {
      return false;
    }
    throw error;
  }
}

/** Inserts, relying on the unique index rather than a check-then-insert race. */
async function insertOrSlugTaken(repo: PastesRepo, row: PasteRow): Promise<void> {
  if (!(await insertUnlessSlugTaken(repo, row))) {
    throw new AppError('SLUG_TAKEN');
  }
}

/** Deletes shares that expired or ran out of views. Returns how many went. */
export async function sweepExpiredPastes(deps: AppDeps): Promise<number> {
  return new PastesRepo(deps.db).deleteDead(deps.clock.now().toISOString());
}
