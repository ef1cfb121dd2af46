import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, read once. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** Impacts that fail a journey (issue 13: no serious or critical violation). */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Up to three offending elements: selector and axe's own explanation. */
  nodes: string[];
}

interface AxeResult {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page as it is and returns the serious and
 * critical violations. The source is evaluated through the DevTools protocol, so the app's
 * Content-Security-Policy (no inline scripts) does not stop it.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await transitionsSettled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) {
    await page.evaluate(axeSource);
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as AxeResult[])
    .filter((v) => v.impact !== null && BLOCKING.has(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`.slice(0, 400)),
    }));
}

/**
 * Waits until no finite CSS transition or animation is running. A dialog fading out (or
 * in) is drawn at partial opacity, and axe measures its text against the page behind it:
 * a closing modal's white label on a white page measured 1.02:1 on a busy CI machine.
 * Endless animations (a loader's spin) never settle, so they are not waited for.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 15_000 },
  );
}

/** A readable report of findings, for an assertion message. */
export function formatFindings(screen: string, findings: AxeFinding[]): string {
  return findings
    .map((f) => `${screen}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.nodes.join('\n    ')}`)
    .join('\n');
}
