import { createHash } from 'node:crypto';
import type { ErrorKey } from '@pastebox/contract/errors';
import type { AppError } from '@/lib/errors';
import { escapeHtml } from '@/lib/html-escape';
import { retryAfterHeader } from '@/lib/rate-limit';
import type { PageLanguage } from './browser-request';

/**
 * The page a browser gets when a link a person opens is refused (a raw link of a protected
 * paste opened in a fresh tab, a file share's download link whose visit ran out, a signed
 * or short file link tampered with or expired, a share gone): the same status as the JSON
 * envelope, a short message in the reader's language and a link onwards — never the
 * envelope, which means nothing to a person. Plain HTML, no script, a CSP that allows only
 * the one inline style below (by its hash).
 */

/** Where the page sends the reader: the share's page (it can still open) or home. */
type Onwards = 'share' | 'home';

interface Wording {
  title: string;
  text: string;
}

/** One refusal: where its page leads, and its wording in each language the page speaks. */
type RefusalSpec = { onwards: Onwards } & Record<PageLanguage, Wording>;

/** Both kinds of share say "not found" alike. */
const SHARE_NOT_FOUND = {
  onwards: 'home',
  'en-US': {
    title: 'Share not found',
    text: 'The link may be mistyped, or the share was deleted.',
  },
  'zh-CN': { title: '分享不存在', text: '链接可能输错了，或者分享已被删除。' },
} as const satisfies RefusalSpec;

/**
 * The refusals a browser may meet on a share's link, each with where it leads and the web
 * app's wording (locales `paste.state`, `paste.password`) in both languages.
 */
const REFUSALS = {
  WRONG_PASSWORD: {
    onwards: 'share',
    'en-US': {
      title: 'This share is protected',
      text: 'Open the share page and enter the password there; its Raw and Download buttons then open this link without it.',
    },
    'zh-CN': {
      title: '此分享受密码保护',
      text: '请打开分享页面并在那里输入密码；之后该页面上的“原文”和“下载”按钮无需密码即可打开此链接。',
    },
  },
  VISIT_LINK_USED_UP: {
    onwards: 'share',
    'en-US': {
      title: 'This link has expired',
      text: 'It belonged to an earlier visit of the share page. Open the share page again for a new one.',
    },
    'zh-CN': {
      title: '此链接已失效',
      text: '它属于之前的一次访问。请重新打开分享页面以获取新的链接。',
    },
  },
  RATE_LIMITED: {
    onwards: 'share',
    'en-US': {
      title: 'Too many attempts',
      text: 'Too many passwords were tried from your address. Wait a minute, then try again.',
    },
    'zh-CN': { title: '尝试次数过多', text: '你的地址尝试密码的次数过多，请稍等一分钟后再试。' },
  },
  SHARE_EXPIRED: {
    onwards: 'home',
    'en-US': {
      title: 'This share has expired',
      text: 'Its owner set it to stop working after a while, and that time has passed.',
    },
    'zh-CN': { title: '分享已过期', text: '分享者设置了有效期，现在已经过了期限。' },
  },
  VIEW_LIMIT_REACHED: {
    onwards: 'home',
    'en-US': {
      title: 'No views left',
      text: 'This share could be opened a limited number of times, and all of them are used.',
    },
    'zh-CN': { title: '查看次数已用完', text: '这个分享只能打开有限次数，现已全部用完。' },
  },
  PASTE_NOT_FOUND: SHARE_NOT_FOUND,
  FILE_NOT_FOUND: SHARE_NOT_FOUND,
  BUNDLE_NOT_FOUND: SHARE_NOT_FOUND,
  SIGNED_URL_INVALID: {
    onwards: 'home',
    'en-US': {
      title: 'This link is not valid',
      text: 'It was changed or copied incompletely. Ask whoever sent it for the link again.',
    },
    'zh-CN': {
      title: '此链接无效',
      text: '链接被改动过或没有复制完整。请向发送者重新索取链接。',
    },
  },
  SIGNED_URL_EXPIRED: {
    onwards: 'home',
    'en-US': {
      title: 'This link has expired',
      text: 'Links to files work for a limited time, and this one is over. Ask whoever sent it for a new one.',
    },
    'zh-CN': {
      title: '此链接已过期',
      text: '文件链接只在一段时间内有效，这个链接已经过了期限。请向发送者索取新的链接。',
    },
  },
  SHORT_LINK_NOT_FOUND: {
    onwards: 'home',
    'en-US': {
      title: 'This link does not exist',
      text: 'It may be mistyped, or it expired and was removed. Ask whoever sent it for a new one.',
    },
    'zh-CN': {
      title: '此链接不存在',
      text: '链接可能输错了，或者已过期并被清除。请向发送者索取新的链接。',
    },
  },
  NOT_FOUND: {
    onwards: 'home',
    'en-US': { title: 'File not found', text: 'The file behind this link was moved or deleted.' },
    'zh-CN': { title: '文件不存在', text: '此链接指向的文件已被移动或删除。' },
  },
} as const satisfies Partial<Record<ErrorKey, RefusalSpec>>;

type Refusal = keyof typeof REFUSALS;

/** The page's other words: for an error that is no refusal, the links, the product. */
interface Texts {
  other: Wording;
  links: Record<Onwards, string>;
  product: string;
}

const TEXTS: Record<PageLanguage, Texts> = {
  'en-US': {
    other: { title: 'Could not open the share', text: 'Try again in a moment.' },
    links: { share: 'Open the share page', home: 'Go to the home page' },
    product: 'Pastebox',
  },
  'zh-CN': {
    other: { title: '无法打开分享', text: '请稍后再试。' },
    links: { share: '打开分享页面', home: '返回首页' },
    product: 'Pastebox',
  },
};

/**
 * Colours stated, not left to the browser's canvas, with the link at WCAG AA (4.5:1) in
 * either scheme: blue-9 on white is 6.1:1, blue-3 on the dark body 7.9:1.
 */
const STYLE =
  ':root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}' +
  'body{margin:0;padding:2rem 1rem;background:#fff;color:#212529}' +
  'main{max-width:36rem;margin:0 auto}' +
  'h1{font-size:1.4rem;margin:0 0 .75rem}p{margin:0 0 1rem}a{color:#1864ab}' +
  '@media (prefers-color-scheme:dark){body{background:#242424;color:#dee2e6}a{color:#74c0fc}}';

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Nothing but the one inline style: no script, no frame, no form, no base, no fetch. */
const CSP =
  `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; ` +
  "form-action 'none'; frame-ancestors 'none'";

function isRefusal(key: ErrorKey): key is Refusal {
  return Object.hasOwn(REFUSALS, key);
}

export interface RefusalPageOptions {
  language: PageLanguage;
  /** Absolute URL of the share's page in the web app (`{origin}/paste/{slug}`). */
  shareUrl: string;
  /** Absolute URL of the web app's home page. */
  homeUrl: string;
}

/** The HTML answer for `error`, with the status the JSON envelope would have had. */
export function refusalPage(error: AppError, options: RefusalPageOptions): Response {
  const texts = TEXTS[options.language];
  const refusal = isRefusal(error.key) ? error.key : null;
  const wording = refusal ? REFUSALS[refusal][options.language] : texts.other;
  const onwards: Onwards = refusal ? REFUSALS[refusal].onwards : 'share';
  const href = onwards === 'share' ? options.shareUrl : options.homeUrl;
  const html = `<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(`${wording.title} · ${texts.product}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(wording.title)}</h1>
<p>${escapeHtml(wording.text)}</p>
<p><a href="${escapeHtml(href)}">${escapeHtml(texts.links[onwards])}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: error.status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      ...retryAfterHeader(error),
      'Cache-Control': 'no-store',
      Vary: 'Accept, Accept-Language',
    },
  });
}
