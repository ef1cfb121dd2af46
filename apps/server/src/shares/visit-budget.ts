/**
 * What one visit may serve (DESIGN §5, issue 29): a visit is one look at a share, so its
 * bytes must not outnumber the looks the share has left. Budget = full reads × size + a
 * slack proportional to the size. A flat slack (it was 1 MiB) multiplied small files: a
 * 10 KB one-view secret could be fetched about a hundred times through one visit link.
 */

/** Full reads of a share without a view limit, or of its owner: a preview, a download, a seek. */
const UNLIMITED_READS = 3;
/**
 * A view-limited share's page shows the file (an image, the text) and offers its download:
 * the two reads are one look, so even the last view allows two. More views left allow one
 * full read each, up to the unlimited number.
 */
const READS_OF_ONE_LOOK = 2;
/** The slack is this fraction of the size: a player re-asking a range, a retried request. */
const SLACK_DIVISOR = 8;
/** …and never more than this, so a large video seeks within its own size × reads. */
const SLACK_MAX_BYTES = 1024 * 1024;

/** The full reads one visit may serve; `viewsLeft` null for no limit (or the owner). */
export function visitReads(viewsLeft: number | null): number {
  if (viewsLeft === null) {
    return UNLIMITED_READS;
  }
  return Math.min(UNLIMITED_READS, Math.max(READS_OF_ONE_LOOK, viewsLeft));
}

/** The bytes one visit may serve of a share of `size` bytes (see visitReads). */
export function visitBudget(size: number, viewsLeft: number | null): number {
  const slack = Math.min(SLACK_MAX_BYTES, Math.ceil(size / SLACK_DIVISOR));
  return visitReads(viewsLeft) * size + slack;
}

/**
 * The views a share had left when a visit's view was counted, that view included, read
 * from the row as the count left it; null when the share has no view limit.
 */
export function viewsLeftAtOpening(row: { views: number; max_views: number }): number | null {
  return row.max_views === 0 ? null : Math.max(1, row.max_views - row.views + 1);
}

/** A paste's raw link: three reads of the text + 1 MiB (see rawTextBudget). */
const RAW_TEXT_SLACK_BYTES = 1024 * 1024;

/**
 * What a paste's raw link may serve: three reads + 1 MiB, as before issue 29. The text is
 * already in the page that issued the link (the view was counted for it), so the raw link
 * adds no look at anything the visitor does not hold; scripts and editors re-read it often.
 */
export function rawTextBudget(size: number): number {
  return UNLIMITED_READS * size + RAW_TEXT_SLACK_BYTES;
}
