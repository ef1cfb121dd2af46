import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatFindings, seriousViolations } from './axe';
import type { Journey, PageOptions } from './journey';
import { settler } from './settle';

/** Each page opened through `openSettled`, with its settler. */
const settlers = new WeakMap<Page, () => Promise<void>>();

/**
 * `journey.open`, with a settler installed before the page navigates, so that
 * `expectNoAxeFindings` looks at the page once toasts, dialogs and loaders are still
 * (axe measures a fading toast's colours half-blended).
 */
export async function openSettled(
  journey: Journey,
  route: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.context(options);
  const page = await context.newPage();
  settlers.set(page, settler(page));
  await page.goto(route);
  return { context, page };
}

/** No serious or critical axe finding on the page as it is, once it has settled. */
export async function expectNoAxeFindings(page: Page, screen: string): Promise<void> {
  await settlers.get(page)?.();
  const findings = await seriousViolations(page);
  expect(findings, formatFindings(screen, findings)).toEqual([]);
}
