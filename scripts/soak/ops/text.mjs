import { randomBytes } from 'node:crypto';
import { dataOf, isFaultLike, sha256 } from '../http.mjs';
import { recordMismatch } from '../ledger.mjs';
import { pick, randomInt } from './random.mjs';

// Text shares: creates (a third view-limited), anonymous reads of unlimited ones (JSON and
// raw, content compared), and many anonymous reads of view-limited ones, each 2xx counted
// per slug: the views check at the end compares them with the limit and the database.

const JSON_HEADERS = { 'content-type': 'application/json' };

/** POST /api/paste as the API key; a third of them with a view limit of 5–20. */
export async function createPaste(ctx) {
  const content = `soak ${ctx.client.id} ${randomBytes(randomInt(100, 3000)).toString('base64')}`;
  const maxViews = Math.random() < 0.35 ? randomInt(5, 20) : 0;
  const answer = await ctx.request('text.create', `${ctx.base}/api/paste`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, authorization: ctx.auth.keyAuth },
    body: JSON.stringify({ content, maxViews }),
  });
  const slug = answer.status === 201 ? dataOf(answer)?.slug : null;
  if (slug) {
    ctx.ledger.pastes.set(slug, {
      slug,
      sha: sha256(Buffer.from(content)),
      maxViews,
      reads: 0,
      unsure: 0,
      goneSeen: false,
    });
  }
}

/** An anonymous read of an unlimited paste, as JSON or raw, its content compared. */
export async function readPaste(ctx, raw = Math.random() < 0.5) {
  const paste = pick([...ctx.ledger.pastes.values()].filter((p) => p.maxViews === 0));
  if (!paste) {
    return createPaste(ctx);
  }
  const answer = await ctx.request(
    raw ? 'text.read.raw' : 'text.read.json',
    `${ctx.base}/api/${raw ? 'raw' : 'paste'}/${encodeURIComponent(paste.slug)}`,
  );
  if (!answer.ok) {
    if (!isFaultLike(answer.status)) {
      recordMismatch(ctx.ledger, 'paste unreadable', `${paste.slug}: HTTP ${answer.status}`);
    }
    return;
  }
  const content = raw ? answer.body : Buffer.from(dataOf(answer)?.content ?? '');
  if (sha256(content) !== paste.sha) {
    recordMismatch(ctx.ledger, 'paste content differs', paste.slug);
  }
}

/**
 * An anonymous read of a view-limited paste whose limit was not seen reached yet. A 2xx
 * is one view granted; 404/410 says the views are used up; a lost answer may or may not
 * have cost a view (`unsure`).
 */
export async function readLimitedPaste(ctx, raw = Math.random() < 0.5) {
  const open = [...ctx.ledger.pastes.values()].filter((p) => p.maxViews > 0 && !p.goneSeen);
  const paste = pick(open);
  if (!paste) {
    return createPaste(ctx);
  }
  const answer = await ctx.request(
    raw ? 'text.limited.raw' : 'text.limited.json',
    `${ctx.base}/api/${raw ? 'raw' : 'paste'}/${encodeURIComponent(paste.slug)}`,
  );
  if (answer.ok) {
    paste.reads += 1;
    const content = raw ? answer.body : Buffer.from(dataOf(answer)?.content ?? '');
    if (sha256(content) !== paste.sha) {
      recordMismatch(ctx.ledger, 'limited paste content differs', paste.slug);
    }
  } else if (answer.status === 404 || answer.status === 410) {
    paste.goneSeen = true;
  } else if (isFaultLike(answer.status)) {
    paste.unsure += 1;
  }
}
