import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absoluteUrl, storageTargets } from '../support/storage-targets';
import { driverFixture, FIXTURE_TIMEOUT_MS, streamOf, type DriverFixture } from './helpers';

/**
 * DESIGN §5 on the storage's own download links: the local driver's signed GET (served by
 * this app, on its origin) and an S3 presigned GET never answer with a script type.
 */
describe.each(storageTargets())('presigned GETs never answer a script type, on $name', (target) => {
  let fx: DriverFixture;
  const url = (relativeOrAbsolute: string) => absoluteUrl(fx.server, relativeOrAbsolute);
  const script = 'alert(document.domain)';

  beforeAll(async () => {
    fx = await driverFixture(target);
    await fx.driver.put('scripts/evil.mjs', streamOf(script), {
      size: script.length,
      contentType: 'text/javascript',
    });
  }, FIXTURE_TIMEOUT_MS);
  afterAll(() => fx?.server.close());

  async function typeOf(options: { disposition?: string; contentType?: string }) {
    const request = await fx.driver.presignGet('scripts/evil.mjs', {
      expiresInSeconds: 300,
      ...options,
    });
    const res = await fetch(url(request.url));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(script);
    return res.headers.get('content-type');
  }

  it('a script type asked for: plain text inline, octet-stream as an attachment', async () => {
    for (const contentType of ['text/javascript', 'application/javascript', 'application/wasm']) {
      expect(await typeOf({ contentType })).toBe('text/plain; charset=utf-8');
      expect(await typeOf({ contentType, disposition: 'inline; filename="evil.mjs"' })).toBe(
        'text/plain; charset=utf-8',
      );
      expect(await typeOf({ contentType, disposition: 'attachment; filename="evil.mjs"' })).toBe(
        'application/octet-stream',
      );
    }
    // Only script types are touched.
    expect(await typeOf({ contentType: 'image/png' })).toBe('image/png');
  });

  it('no type asked for: a script type stored with the object is not sent', async () => {
    const inline = await typeOf({});
    const attached = await typeOf({ disposition: 'attachment; filename="evil.mjs"' });
    expect(inline).not.toMatch(/javascript/);
    expect(attached).toBe('application/octet-stream');
  });
});
