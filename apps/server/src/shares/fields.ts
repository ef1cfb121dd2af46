/** An empty remark is no remark: both kinds of share store null instead. */
export function normaliseRemark(remark: string | null | undefined): string | null {
  return remark && remark.trim().length > 0 ? remark : null;
}
