import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsCall, bytes } from '../fs/fs-support';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { eachStorage, mountOn, type TestMount } from '../vfs/support';
import { davFetch, propfind } from './dav-support';

const DAY = 24 * 60 * 60 * 1000;

/** Each <D:response> of a multistatus, by its decoded href. */
function responsesOf(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of xml.matchAll(/<D:response>([\s\S]*?)<\/D:response>/g)) {
    const body = match[1] ?? '';
    const href = /<D:href>([^<]*)<\/D:href>/.exec(body)?.[1] ?? '';
    out.set(decodeURIComponent(href), body);
  }
  return out;
}

/** The getlastmodified of one response as an instant, or null when it has none. */
function lastModifiedOf(response: string | undefined): number | null {
  const value = /<D:getlastmodified>([^<]*)<\/D:getlastmodified>/.exec(response ?? '')?.[1];
  return value === undefined ? null : Date.parse(value);
}

/** A real date: within a day of the machine's clock (storage dates are its own, not the test clock's). */
function expectRecent(instant: number | null): void {
  expect(instant).not.toBeNull();
  expect(Math.abs((instant as number) - Date.now())).toBeLessThan(DAY);
}

/**
 * Folders carry the date storage keeps for them (issue 30): a local directory's mtime, an
 * S3 folder marker's LastModified. Where storage keeps none (an S3 folder made only of its
 * files, an S3 root) the date is absent, never 1970: allprop leaves getlastmodified out and
 * a named PROPFIND answers it 404, as RFC 4918 §9.1 allows; the fs API answers null.
 */
eachStorage((target) => {
  describe(`folder dates [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      mount = await mountOn(server, admin, target);
      expect((await davFetch(server, 'MKCOL', `${mount.mountPath}/made`)).status).toBe(201);
      // A folder that exists only through a file in it: S3 keeps no date for it.
      await mount.driver.put('implied/inside.txt', bytes('inside'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    const s3 = target.name !== 'local';

    it('PROPFIND dates every collection storage dates, and no other', async () => {
      const listed = await propfind(server, `${mount.mountPath}/`, '1');
      expect(listed.status).toBe(207);
      expect(listed.text).not.toContain('1970');
      const responses = responsesOf(listed.text);
      expectRecent(lastModifiedOf(responses.get(`/dav${mount.mountPath}/made/`)));
      const implied = lastModifiedOf(responses.get(`/dav${mount.mountPath}/implied/`));
      const root = lastModifiedOf(responses.get(`/dav${mount.mountPath}/`));
      if (s3) {
        expect(implied).toBeNull();
        expect(root).toBeNull();
      } else {
        expectRecent(implied);
        expectRecent(root);
      }

      const alone = await propfind(server, `${mount.mountPath}/made/`, '0');
      expectRecent(lastModifiedOf(alone.text));
    });

    it('answers a named getlastmodified it has not with 404 in its own propstat', async () => {
      const body =
        '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getlastmodified/>' +
        '<D:resourcetype/></D:prop></D:propfind>';
      const implied = await propfind(server, `${mount.mountPath}/implied/`, '0', body);
      expect(implied.status).toBe(207);
      if (s3) {
        expect(implied.text).toMatch(
          /<D:propstat><D:prop><D:getlastmodified\/><\/D:prop><D:status>HTTP\/1.1 404/,
        );
      } else {
        expectRecent(lastModifiedOf(implied.text));
      }
    });

    it('the fs API dates folders the same way, null where storage keeps nothing', async () => {
      const res = await fsCall.list(admin, mount.mountPath);
      expect(res.status).toBe(200);
      const byName = new Map(res.body.data.items.map((item) => [item.name, item.modified]));
      expectRecent(Date.parse(byName.get('made') ?? ''));
      if (s3) {
        expect(byName.get('implied')).toBeNull();
      } else {
        expectRecent(Date.parse(byName.get('implied') ?? ''));
      }
    });
  });
});
