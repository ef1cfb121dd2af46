import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DavPropsRepo } from '@/modules/webdav/props/repo';
import type { LocalDriver } from '@/storage/local';
import { storageTargets } from '../support/storage-targets';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn } from '../vfs/support';
import { davFetch, hrefsOf } from './dav-support';
import { put } from './locks-support';
import { strictXmlProblem } from './strict-xml';

/**
 * Issue 29: a name or a dead property holding a character XML 1.0 cannot carry made every
 * later PROPFIND of its folder ill-formed, so rclone and Finder could no longer list it.
 * Such names are refused on every WebDAV write, such values by PROPPATCH, and whatever is
 * already in a storage (made outside the product) is shown in well-formed XML: the href
 * percent-encoded, the displayname with U+FFFD in place of the character.
 */

/** Each character XML cannot carry, percent-encoded as a client would put it in a URI. */
const BAD_SEGMENTS: [label: string, encoded: string][] = [
  ['U+0001', '%01'],
  ['U+001F', '%1F'],
  ['U+FFFE', '%EF%BF%BE'],
  ['U+FFFF', '%EF%BF%BF'],
  ['a lone surrogate', '%ED%A0%80'],
];

/** PROPPATCH values that hold one, literally or as a character reference. */
const BAD_VALUES: [label: string, xml: string][] = [
  ['a literal U+0001', 'a\u0001b'],
  ['a literal U+FFFE', 'a\uFFFEb'],
  ['&#1;', 'a&#1;b'],
  ['&#x1F;', 'a&#x1F;b'],
  ['&#xFFFE;', 'a&#xFFFE;b'],
  ['&#65535;', 'a&#65535;b'],
  ['&#xD800;', 'a&#xD800;b'],
  ['&#0;', 'a&#0;b'],
  ['an attribute &#2;', '<x:v x:a="&#2;"/>'],
];

function proppatchBody(valueXml: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<D:propertyupdate xmlns:D="DAV:" xmlns:x="urn:x"><D:set><D:prop>' +
    `<x:note>${valueXml}</x:note>` +
    '</D:prop></D:set></D:propertyupdate>'
  );
}

describe('names and values XML cannot carry, over WebDAV [local]', () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    const local = storageTargets().find((target) => target.name === 'local');
    if (!local) {
      throw new Error('the local target is expected');
    }
    server = await startTestServer();
    const mount = await mountOn(server, await server.admin(), local, { mountPath: '/docs' });
    root = (mount.driver as LocalDriver).root;
    expect(await put(server, '/docs/good.txt', 'good')).toBe(201);
    expect((await davFetch(server, 'MKCOL', '/docs/folder')).status).toBe(201);
  });
  afterAll(() => server.close());

  /** A Depth 1 PROPFIND of `folder` (allprop), asserting it is well-formed to expat. */
  async function wellFormedListing(folder: string, body = ''): Promise<string> {
    const res = await davFetch(server, 'PROPFIND', folder, { headers: { Depth: '1' }, body });
    expect(res.status).toBe(207);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await strictXmlProblem(bytes)).toBeNull();
    return new TextDecoder().decode(bytes);
  }

  it('refuses every such name with 400 on PUT, MKCOL, MOVE and COPY, and creates nothing', async () => {
    for (const [label, encoded] of BAD_SEGMENTS) {
      const name = `bad${encoded}name`;
      expect(
        (await davFetch(server, 'PUT', `/docs/${name}.txt`, { body: 'x' })).status,
        label,
      ).toBe(400);
      expect((await davFetch(server, 'MKCOL', `/docs/${name}`)).status, label).toBe(400);
      for (const method of ['MOVE', 'COPY']) {
        const res = await davFetch(server, method, '/docs/good.txt', {
          headers: { Destination: `${server.baseUrl}/dav/docs/folder/${name}.txt` },
        });
        expect(res.status, `${method} ${label}`).toBe(400);
      }
    }
    const listing = await wellFormedListing('/docs/');
    expect(hrefsOf(listing)).toEqual(['/dav/docs/', '/dav/docs/folder/', '/dav/docs/good.txt']);
    expect(hrefsOf(await wellFormedListing('/docs/folder/'))).toEqual(['/dav/docs/folder/']);
  });

  it('refuses a PROPPATCH whose value holds one with 400 and stores nothing', async () => {
    const ok = await davFetch(server, 'PROPPATCH', '/docs/good.txt', {
      body: proppatchBody('kept'),
    });
    expect(ok.status).toBe(207);
    for (const [label, valueXml] of BAD_VALUES) {
      const res = await davFetch(server, 'PROPPATCH', '/docs/good.txt', {
        body: proppatchBody(valueXml),
      });
      expect(res.status, label).toBe(400);
    }
    const listing = await wellFormedListing('/docs/');
    expect(listing).toContain('<x:note xmlns:x="urn:x">kept</x:note>');
  });

  it('refuses such a character in a PROPFIND or LOCK body too', async () => {
    const propfind = await davFetch(server, 'PROPFIND', '/docs/good.txt', {
      headers: { Depth: '0' },
      body: '<D:propfind xmlns:D="DAV:"><D:prop><D:getetag/>&#1;</D:prop></D:propfind>',
    });
    expect(propfind.status).toBe(400);
    const lock = await davFetch(server, 'LOCK', '/docs/good.txt', {
      body:
        '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
        '<D:locktype><D:write/></D:locktype><D:owner>me&#xFFFF;</D:owner></D:lockinfo>',
    });
    expect(lock.status).toBe(400);
    // Nothing was locked by it.
    expect(await put(server, '/docs/good.txt', 'still writable')).toBe(204);
  });

  it('lists names made outside the product in well-formed XML, hrefs percent-encoded', async () => {
    fs.mkdirSync(path.join(root, 'outside'));
    fs.writeFileSync(path.join(root, 'outside', 'ctl\u0001name.txt'), 'one');
    fs.writeFileSync(path.join(root, 'outside', 'non\uFFFEchar.txt'), 'two');
    fs.mkdirSync(path.join(root, 'outside', 'dir\uFFFF'));
    const listing = await wellFormedListing('/docs/outside/');
    expect(listing).toContain('<D:href>/dav/docs/outside/ctl%01name.txt</D:href>');
    expect(listing).toContain('<D:href>/dav/docs/outside/non%EF%BF%BEchar.txt</D:href>');
    expect(listing).toContain('<D:href>/dav/docs/outside/dir%EF%BF%BF/</D:href>');
    expect(listing).toContain('<D:displayname>ctl\uFFFDname.txt</D:displayname>');
    expect(listing).toContain('<D:displayname>non\uFFFDchar.txt</D:displayname>');
    // A named PROPFIND and propname write the same entries well-formed too.
    await wellFormedListing(
      '/docs/outside/',
      '<D:propfind xmlns:D="DAV:"><D:prop><D:displayname/></D:prop></D:propfind>',
    );
    await wellFormedListing(
      '/docs/outside/',
      '<D:propfind xmlns:D="DAV:"><D:propname/></D:propfind>',
    );
  });

  it('writes a dead property stored before such values were refused well-formed', async () => {
    await new DavPropsRepo(server.deps.db).upsert({
      path: '/docs/good.txt',
      namespace: 'urn:old',
      name: 'legacy',
      value_xml: 'from\u0001before\uFFFE',
    });
    const listing = await wellFormedListing('/docs/');
    expect(listing).toContain('<x:legacy xmlns:x="urn:old">from\uFFFDbefore\uFFFD</x:legacy>');
  });
});
