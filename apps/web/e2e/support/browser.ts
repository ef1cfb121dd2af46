import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Debian's Chromium in a closed sandbox (no background network, no GPU). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../screenshots',
);

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: apt-get install -y chromium fonts-wqy-microhei`,
    );
  }
  // playwright-core gives every launch a fresh temporary profile (user-data-dir) of its own.
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export interface ContextOptions {
  baseUrl: string;
  language?: 'en-US' | 'zh-CN';
  theme?: 'light' | 'dark' | 'auto';
  /** Signed in as the admin with this token. */
  adminToken?: string;
  /** Signed in with this API key (permissions are revalidated by the app). */
  apiKey?: string;
  viewport?: { width: number; height: number };
  /** Problems the test provokes on purpose (see `allowProblems`). */
  expectProblems?: RegExp[];
  /**
   * The context serves several tests in a row (opened in a `beforeAll`): its problems are
   * reported after each of them until it closes, instead of after the first test only.
   */
  spansTests?: boolean;
}

/**
 * What went wrong in the pages of the contexts a test opened (issue 13: a clean console):
 * console errors and warnings, uncaught page errors, and 4xx/5xx answers. A test that
 * provokes one on purpose (a wrong password, a missing share) says so with
 * `allowProblems`; anything else fails the test (see clean-console.ts).
 */
interface Watch {
  problems: string[];
  allowed: RegExp[];
  spansTests: boolean;
  closed: boolean;
}
const watches = new Map<BrowserContext, Watch>();

/** Chromium repeats every failed fetch as a console error; the answer itself is reported. */
const RESOURCE_ECHO = /^Failed to load resource: the server responded with a status of \d+/;

function watch(context: BrowserContext, spansTests: boolean): void {
  const entry: Watch = { problems: [], allowed: [], spansTests, closed: false };
  watches.set(context, entry);
  context.on('close', () => {
    entry.closed = true;
  });
  context.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && !RESOURCE_ECHO.test(message.text())) {
      entry.problems.push(`console.${type}: ${message.text().slice(0, 300)}`);
    }
  });
  context.on('weberror', (error) => {
    entry.problems.push(`page error: ${error.error().message.slice(0, 300)}`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) {
      const url = new URL(response.url());
      entry.problems.push(
        `HTTP ${response.status()} ${response.request().method()} ${url.pathname}${url.search}`,
      );
    }
  });
}

/** Declares problems the test provokes on purpose, matched against the report's lines. */
export function allowProblems(context: BrowserContext, ...patterns: RegExp[]): void {
  watches.get(context)?.allowed.push(...patterns);
}

/**
 * The unexpected problems of every context opened since the last call, and of the open
 * contexts that span tests; forgets them (and every other context).
 */
export function takeUnexpectedProblems(): string[] {
  const unexpected = [...watches.values()].flatMap(({ problems, allowed }) =>
    problems.filter((line) => !allowed.some((pattern) => pattern.test(line))),
  );
  for (const [context, entry] of watches) {
    if (entry.spansTests && !entry.closed) {
      entry.problems.length = 0;
    } else {
      watches.delete(context);
    }
  }
  return unexpected;
}

/** A fresh browser context (its own storage), preset with language, theme and credentials. */
export async function newContext(
  browser: Browser,
  options: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    viewport: options.viewport ?? { width: 1280, height: 860 },
    locale: options.language ?? 'en-US',
  });
  watch(context, options.spansTests ?? false);
  allowProblems(context, ...(options.expectProblems ?? []));
  const seed: Record<string, string> = {};
  if (options.language) {
    seed.language = options.language;
  }
  if (options.theme) {
    seed.themeMode = options.theme;
  }
  if (options.adminToken) {
    seed.admin_token = options.adminToken;
  }
  if (options.apiKey) {
    seed.api_key = options.apiKey;
  }
  if (Object.keys(seed).length > 0) {
    // Seed only once per context, so a test can still observe what the app itself stores.
    await context.addInitScript((entries: Record<string, string>) => {
      try {
        if (!sessionStorage.getItem('__seeded')) {
          for (const [key, value] of Object.entries(entries)) {
            localStorage.setItem(key, value);
          }
          sessionStorage.setItem('__seeded', '1');
        }
      } catch {
        // A sandboxed frame (a file preview) has an opaque origin and no storage.
      }
    }, seed);
  }
  return context;
}

/**
 * Whether the journeys save their screenshots: for people to look at, so not in CI, where
 * nobody does and each full-page capture costs 0.7 s of a 2-core machine (hundreds a run).
 * E2E_SCREENSHOTS=1 saves them in CI too, E2E_SCREENSHOTS=0 skips them anywhere.
 */
const SAVES_SCREENSHOTS =
  process.env.E2E_SCREENSHOTS === undefined
    ? process.env.CI !== 'true'
    : process.env.E2E_SCREENSHOTS === '1';

/** How a journey's picture is taken; by default the whole page. */
export interface ScreenshotOptions {
  /** The whole scrollable page (default), or `false` for what the viewport shows. */
  fullPage?: boolean;
  /** Only this element (a card, a dialog) instead of the page; `fullPage` does not apply. */
  of?: Locator;
  /**
   * Milliseconds to wait first, for transitions (a modal's fade-in, a chart's entry
   * animation) that only the picture cares about: skipped with the picture.
   */
  settleMs?: number;
}

async function capture(page: Page, file: string, options: ScreenshotOptions): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (options.settleMs) {
    await page.waitForTimeout(options.settleMs);
  }
  if (options.of) {
    await options.of.screenshot({ path: file });
    return;
  }
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
}

/**
 * Saves a screenshot under apps/web/e2e/screenshots/<name>.png (see above), full-page
 * unless `options` say otherwise; the name carries the journey's subject, since every
 * journey writes to the same folder.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: ScreenshotOptions = {},
): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (SAVES_SCREENSHOTS) {
    await capture(page, file, options);
  }
  return file;
}

/** Where the journeys' documentation screenshots go: the README shows them. */
const DOCS_SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/screenshots',
);

/**
 * Saves a full-page screenshot for the documentation, docs/screenshots/<name>.png, once
 * modal and drawer transitions (and thumbnails) have settled: 400 ms unless `settleMs`
 * says otherwise.
 */
export async function docsScreenshot(
  page: Page,
  name: string,
  options: Pick<ScreenshotOptions, 'settleMs'> = {},
): Promise<void> {
  if (!SAVES_SCREENSHOTS) {
    return;
  }
  const file = path.join(DOCS_SCREENSHOT_DIR, `${name}.png`);
  await capture(page, file, { settleMs: options.settleMs ?? 400, fullPage: true });
}
