import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** As Playwright's `networkidle`: no request for this long. */
const NETWORK_QUIET_MS = 500;
/** Animation frames in a row with no finite animation running. */
const STILL_FRAMES = 5;
const SETTLE_TIMEOUT_MS = 15_000;

/**
 * A function that waits until `page` has settled, at any moment and as often as needed
 * (Playwright's `networkidle` only waits for the first load): no request for 500 ms, no
 * loader or skeleton left, and no CSS transition or animation under way. Mantine starts a
 * transition two animation frames after the state that asks for it, so stillness must last
 * a few frames, not one look. Install it before the page navigates.
 */
export function settler(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const finished = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);

  return async () => {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - lastActivity >= NETWORK_QUIET_MS, {
        timeout: SETTLE_TIMEOUT_MS,
      })
      .toBe(true);
    await expect
      .poll(() => page.locator('.mantine-Loader, .mantine-Skeleton').count(), {
        timeout: SETTLE_TIMEOUT_MS,
      })
      .toBe(0);
    const still = await page.evaluate(stillForFrames, {
      frames: STILL_FRAMES,
      timeoutMs: SETTLE_TIMEOUT_MS,
    });
    expect(still, 'CSS transitions or animations kept running').toBe(true);
  };
}

/**
 * Runs in the page: true once `frames` frames in a row had no finite animation running,
 * false when that did not happen within `timeoutMs`.
 */
function stillForFrames({ frames, timeoutMs }: { frames: number; timeoutMs: number }) {
  return new Promise<boolean>((resolve) => {
    const deadline = performance.now() + timeoutMs;
    let still = 0;
    const moving = () =>
      document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        );
    const look = () => {
      still = moving() ? 0 : still + 1;
      if (still >= frames) {
        resolve(true);
      } else if (performance.now() > deadline) {
        resolve(false);
      } else {
        requestAnimationFrame(look);
      }
    };
    requestAnimationFrame(look);
  });
}
