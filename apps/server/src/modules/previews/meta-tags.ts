import { escapeHtml } from '@/lib/html-escape';
import type { PageLanguage } from '@/shares/browser-request';
import type { ShareCard } from './cards';

/** Everything a share page's <head> says about the share to a link-preview bot. */
export interface PreviewHead {
  card: ShareCard;
  /** Absolute: bots resolve nothing against the page (OpenGraph requires absolute URLs). */
  pageUrl: string;
  /** Absolute, or null when the card shows no image. */
  imageUrl: string | null;
  siteName: string;
  language: PageLanguage;
}

const LOCALES: Record<PageLanguage, string> = { 'en-US': 'en_US', 'zh-CN': 'zh_CN' };

function meta(attribute: 'name' | 'property', key: string, value: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
}

/**
 * The <title> and the OpenGraph (ogp.me) and Twitter-card tags of a share page. Every
 * value is escaped: a title or a text is the sharer's to choose, `</title><script>` included.
 */
export function renderPreviewHead(head: PreviewHead): string {
  const { card, pageUrl, imageUrl, siteName, language } = head;
  const tags = [
    `<title>${escapeHtml(card.title)}</title>`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', card.title),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:locale', LOCALES[language]),
    meta('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', card.title),
  ];
  if (card.description) {
    tags.push(
      meta('name', 'description', card.description),
      meta('property', 'og:description', card.description),
      meta('name', 'twitter:description', card.description),
    );
  }
  if (imageUrl) {
    tags.push(
      meta('property', 'og:image', imageUrl),
      meta('property', 'og:image:alt', card.title),
      meta('name', 'twitter:image', imageUrl),
    );
  }
  return tags.join('\n    ');
}
