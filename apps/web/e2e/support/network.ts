import type { BrowserContext, Page } from 'playwright-core';

/**
 * The browser sends at most `bytesPerSecond` (DevTools throttling), so an upload's progress
 * can be seen and the upload cancelled midway. Resolves with the undo.
 */
export async function throttleUploads(
  context: BrowserContext,
  page: Page,
  bytesPerSecond: number,
): Promise<() => Promise<unknown>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const conditions = { offline: false, latency: 0, downloadThroughput: -1 };
  await cdp.send('Network.emulateNetworkConditions', {
    ...conditions,
    uploadThroughput: bytesPerSecond,
  });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { ...conditions, uploadThroughput: -1 });
    await cdp.detach();
  };
}
