/**
 * What a request's Accept and Accept-Language headers (RFC 9110 §12.5) say about who sent
 * it: a share's link opened in a browser tab gets a page, a script keeps the JSON envelope.
 */

interface Preference {
  range: string;
  q: number;
}

/** The entries of an Accept-style header, in the order sent, with their weights. */
function preferences(header: string): Preference[] {
  return header
    .split(',')
    .map((part) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const weight = params.find((param) => param.startsWith('q='));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { range, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.range.length > 0);
}

/** The weight `header` gives a media type: the most specific range that matches it wins. */
function weightOf(entries: readonly Preference[], type: string): number {
  const major = type.split('/')[0] ?? '';
  for (const range of [type, `${major}/*`, '*/*']) {
    const entry = entries.find((candidate) => candidate.range === range);
    if (entry) {
      return entry.q;
    }
  }
  return 0;
}

/**
 * True for a browser navigation: Accept names text/html and weighs it above JSON (a
 * browser lists text/html first and any other type at q=0.8). A script — no Accept, any
 * type, or application/json — is false.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) {
    return false;
  }
  const entries = preferences(accept);
  if (!entries.some((entry) => entry.range === 'text/html' && entry.q > 0)) {
    return false;
  }
  return weightOf(entries, 'text/html') > weightOf(entries, 'application/json');
}

/** The languages a page can be written in (those of the web app). */
export type PageLanguage = 'zh-CN' | 'en-US';

/**
 * The reader's language, as the web app picks it (SPEC §1): the first of their preferences
 * that is Chinese or English, by weight; zh-CN when none is.
 */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  const ranked = preferences(acceptLanguage ?? '')
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { range } of ranked) {
    if (range.startsWith('zh')) {
      return 'zh-CN';
    }
    if (range.startsWith('en')) {
      return 'en-US';
    }
  }
  return 'zh-CN';
}
