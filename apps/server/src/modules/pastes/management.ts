import type { PasteDetail, PasteList, UpdatePasteBody } from '@pastebox/contract/schemas/paste';
import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import { hashPassword } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { listPage, type ListRequest } from '@/lib/pagination';
import { normaliseRemark } from '@/shares/fields';
import { assertSealedBlob } from '@/shares/sealed-blob';
import { assertSlugRules, orSlugTaken } from '@/shares/slugs';
import { presentPasteDetail, presentPasteListItem } from './presenter';
import { PastesRepo, type PasteChanges, type PasteScope } from './repo';
import { assertContent, eitherAlias, futureExpiry } from './rules';
import { pasteShare, revokesVisits, revokeVisits } from './visits';

/**
 * The management calls shared by /admin/pastes (scope: all) and /user/pastes (scope: the
 * key's own). Someone else's share is indistinguishable from a missing one: 404.
 */

/** Newest first, with the pagination block both families answer. */
export async function listPastes(
  deps: AppDeps,
  scope: PasteScope,
  request: ListRequest,
): Promise<PasteList> {
  return listPage(new PastesRepo(deps.db), scope, request, (rows) => {
    const nowIso = isoNow(deps.clock);
    return rows.map((row) => presentPasteListItem(row, nowIso));
  });
}

/** One share with its content; reading it here counts no view. */
export async function getPaste(deps: AppDeps, scope: PasteScope, id: string): Promise<PasteDetail> {
  const row = await new PastesRepo(deps.db).findById(id, scope);
  if (!row) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  return presentPasteDetail(row);
}

/** Absent fields stay as they are; see updatePasteBody for what each one means. */
async function changesFrom(
  body: UpdatePasteBody,
  current: { slug: string; encrypted: number },
  nowIso: string,
): Promise<PasteChanges> {
  const changes: PasteChanges = { updated_at: nowIso };
  if (body.content !== undefined) {
    changes.content = assertContent(body.content);
    // An encrypted share stays one: new content must be sealed too (issue 35).
    if (Number(current.encrypted) === 1) {
      assertSealedBlob(changes.content, 'content');
    }
  }
  if (body.slug && body.slug !== current.slug) {
    changes.slug = assertSlugRules(body.slug);
  }
  if (body.remark !== undefined) {
    changes.remark = normaliseRemark(body.remark);
  }
  if (body.clearPassword) {
    changes.password_hash = null;
  } else if (body.password) {
    changes.password_hash = await hashPassword(body.password);
  }
  const expiresAt = eitherAlias(body.expiresAt, body.expires_at);
  if (expiresAt !== undefined) {
    changes.expires_at = expiresAt === null ? null : futureExpiry(expiresAt, nowIso, 'expiresAt');
  }
  const maxViews = eitherAlias(body.maxViews, body.max_views);
  if (maxViews !== undefined) {
    changes.max_views = maxViews ?? 0;
  }
  if (body.format !== undefined) {
    changes.format = body.format;
  }
  return changes;
}

/** PUT …/pastes/{id}: applies the changes and answers the share as it now is. */
export async function updatePaste(
  deps: AppDeps,
  scope: PasteScope,
  id: string,
  body: UpdatePasteBody,
): Promise<PasteDetail> {
  const repo = new PastesRepo(deps.db);
  const current = await repo.findById(id, scope);
  if (!current) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  const changes = await changesFrom(body, current, isoNow(deps.clock));
  const updated = await orSlugTaken(repo.update(id, scope, changes));
  // After the update, not before: a reader who opens the share from now on meets the new
  // rules, and the raw links handed out under the old ones stop working (410).
  if (updated > 0 && revokesVisits(changes)) {
    await revokeVisits(deps, pasteShare(id));
  }
  const row = updated > 0 ? await repo.findById(id, scope) : undefined;
  if (!row) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  return presentPasteDetail(row);
}

/** DELETE …/pastes/{id}: 404 when it is not there (or not the caller's). */
export async function deletePaste(deps: AppDeps, scope: PasteScope, id: string): Promise<number> {
  const deleted = await new PastesRepo(deps.db).deleteMany([id], scope);
  if (deleted === 0) {
    throw new AppError('PASTE_NOT_FOUND');
  }
  return deleted;
}

/** POST …/pastes/batch-delete: deletes those of `ids` in scope; answers how many went. */
export function deletePastes(deps: AppDeps, scope: PasteScope, ids: string[]): Promise<number> {
  return new PastesRepo(deps.db).deleteMany([...new Set(ids)], scope);
}
