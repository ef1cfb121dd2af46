/**
 * The ETag of a stored part as S3 wants it back: the header value without the weak
 * prefix and without quotes (SPEC §3). Some proxies HTML-escape the quotes; those go too.
 * Answers null when the header is missing or empty — for a cross-origin bucket that
 * usually means its CORS rules do not expose ETag.
 */
export function parseEtag(header: string | null | undefined): string | null {
  if (!header) {
    return null;
  }
  const value = header
    .trim()
    .replace(/^W\//, '')
    .replace(/^(&quot;|")+/, '')
    .replace(/(&quot;|")+$/, '')
    .trim();
  return value === '' ? null : value;
}
