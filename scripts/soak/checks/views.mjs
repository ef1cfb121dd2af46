import { queryDatabase } from '../postgres.mjs';

// Invariant 2: view-limited shares grant exactly their limit. For each view-limited paste:
// - never more: the 2xx reads the load got ≤ max_views, and views in the database ≤ max_views;
// - counted exactly: reads ≤ views ≤ reads + unsure, where `unsure` are reads whose answer
//   was lost in a fault (the view may have been granted and counted, the bytes never
//   arrived). A paste the sweeper removed was used up (it removes only those): its views
//   are max_views;
// - where the load saw the share gone (404/410), every view was granted: views = max_views.

export async function checkViews({ ledger }) {
  const pastes = [...ledger.pastes.values()].filter((p) => p.maxViews > 0);
  const rows = await queryDatabase(
    'SELECT slug, views, max_views FROM pastes WHERE slug = ANY($1)',
    [pastes.map((p) => p.slug)],
  );
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const problems = [];
  let exhausted = 0;
  let swept = 0;
  let unsure = 0;
  let granted = 0;
  for (const paste of pastes) {
    const row = bySlug.get(paste.slug);
    const views = row ? Number(row.views) : paste.maxViews;
    swept += row ? 0 : 1;
    unsure += paste.unsure;
    granted += paste.reads;
    const label = `${paste.slug} (limit ${paste.maxViews}, 2xx ${paste.reads}, unsure ${paste.unsure}, db ${row ? views : 'swept'})`;
    if (paste.reads > paste.maxViews || views > paste.maxViews) {
      problems.push(`${label}: more views than the limit`);
    } else if (views < paste.reads || views > paste.reads + paste.unsure) {
      problems.push(`${label}: views in the database differ from the reads granted`);
    } else if (paste.goneSeen && views !== paste.maxViews) {
      problems.push(`${label}: refused before the limit was reached`);
    }
    exhausted += paste.goneSeen ? 1 : 0;
  }
  return {
    name: '2. view-limited shares granted exactly their limit',
    held: problems.length === 0,
    figures:
      `${pastes.length} view-limited pastes, ${exhausted} read until refused, ${swept} swept after use; ` +
      `${granted} views granted (2xx), ${unsure} reads with a lost answer`,
    problems,
  };
}
