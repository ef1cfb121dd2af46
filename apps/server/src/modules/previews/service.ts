import type { AppDeps } from '@/context';
import { isoNow } from '@/lib/clock';
import type { SharePageKind } from '@/lib/share-page';
import { findBundleCard } from '@/modules/bundles/service';
import { findFileCard } from '@/modules/files/service';
import { findPasteCard } from '@/modules/pastes/service';
import { linkPreviewSnippetsOn } from '@/modules/system-settings/service';
import {
  bundleCard,
  fileCard,
  genericCard,
  isOpenShare,
  pasteCard,
  SNIPPET_CHARS,
  type ShareCard,
} from './cards';
import { renderPreviewHead } from './meta-tags';
import { previewLanguage, previewWords, type PreviewWords } from './words';

/** A request for a share page (/paste/…, /file/…, /b/…), as the web app's server sees it. */
export interface SharePageRequest {
  kind: SharePageKind;
  slug: string;
  acceptLanguage: string | undefined;
  /** The base of absolute links (lib/public-url.ts), without a trailing slash. */
  baseUrl: string;
}

/** No slug is longer (contract: slugParam); a longer one is not looked up. */
const MAX_SLUG_CHARS = 200;

/** Until the product has a configurable site title, previews name the product. */
const SITE_NAME = 'Pastebox';

/** Characters read for a snippet: more than it shows, as collapsing whitespace shortens it. */
const OPENING_CHARS = 4 * SNIPPET_CHARS;

/** Where the web app shows each kind of share (apps/web/src/app/router.tsx). */
const PAGE_PATHS: Record<SharePageKind, string> = { paste: '/paste', file: '/file', bundle: '/b' };

/** The route of a file share's preview image (routes.ts). */
export function previewImagePath(slug: string): string {
  return `/api/link-preview/image/${encodeURIComponent(slug)}`;
}

/**
 * The tags a share page's <head> carries for link-preview bots (issue 36, DESIGN §15):
 * what the share holds when anyone may see it for free, else only what kind of share it is.
 * One indexed read that counts no view, opens no visit and burns nothing; a missing,
 * expired or private share reads exactly like a protected one, so a preview tells nobody
 * which slugs exist.
 */
export async function sharePageHead(deps: AppDeps, request: SharePageRequest): Promise<string> {
  const { kind, slug, baseUrl } = request;
  const language = previewLanguage(request.acceptLanguage);
  const words = previewWords(language);
  const found = slug.length <= MAX_SLUG_CHARS ? await openCard(deps, kind, slug, words) : null;
  const card = found ?? genericCard(kind, words);
  return renderPreviewHead({
    card,
    pageUrl: `${baseUrl}${PAGE_PATHS[kind]}/${encodeURIComponent(slug)}`,
    imageUrl: card.image ? `${baseUrl}${previewImagePath(slug)}` : null,
    siteName: SITE_NAME,
    language,
  });
}

/** The card of an open share while snippets are on; null for everything else. */
async function openCard(
  deps: AppDeps,
  kind: SharePageKind,
  slug: string,
  words: PreviewWords,
): Promise<ShareCard | null> {
  const nowIso = isoNow(deps.clock);
  // Only an open share's card needs the setting: a protected one costs its one read.
  const shows = async (row: Parameters<typeof isOpenShare>[0] | undefined) =>
    row !== undefined && isOpenShare(row, nowIso) && (await linkPreviewSnippetsOn(deps));
  switch (kind) {
    case 'paste': {
      const row = await findPasteCard(deps, slug, OPENING_CHARS);
      return row && (await shows(row)) ? pasteCard(row, words) : null;
    }
    case 'file': {
      const row = await findFileCard(deps, slug);
      return row && (await shows(row)) ? fileCard(row) : null;
    }
    case 'bundle': {
      const row = await findBundleCard(deps, slug);
      return row && (await shows(row)) ? bundleCard(row, words) : null;
    }
  }
}
