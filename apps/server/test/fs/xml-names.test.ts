import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidKeyError } from '@/storage/keys';
import type { ApiClient } from '../support/api-client';
import { SWIFT_HOOK_TIMEOUT_MS } from '../support/swift';
import { startTestServer, type TestServer } from '../support/test-server';
import { mountOn, type TestMount } from '../vfs/support';
import { davFetch, hrefsOf } from '../webdav/dav-support';
import { strictXmlProblem } from '../webdav/strict-xml';
import { bytes, errorOf, fsCall, listedNames } from './fs-support';
import { eachStorage, fsBase, postFsForm } from './uploads-support';

/**
 * Issue 29: a name holding a character XML 1.0 cannot carry made every later PROPFIND of
 * its folder ill-formed. Every write path of the fs API refuses such a name with
 * 400 PATH_INVALID before anything is written, so WebDAV keeps listing the folder.
 */

const INVALID: [number, string] = [400, 'PATH_INVALID'];

/**
 * Characters XML cannot carry, and what the API answers to a path holding one. JSON carries
 * each of them; a lone surrogate is refused before any path rule, as no text an API takes
 * may hold one (lib/input-rules.ts).
 */
const BAD_CHARACTERS: [label: string, char: string, refusal: [number, string]][] = [
  ['U+0001', '\u0001', INVALID],
  ['U+001F', '\u001f', INVALID],
  ['U+FFFE', '\uFFFE', INVALID],
  ['U+FFFF', '\uFFFF', INVALID],
  ['a lone high surrogate', '\uD800', [400, 'VALIDATION_FAILED']],
  ['a lone low surrogate', '\uDC00', [400, 'VALIDATION_FAILED']],
];

/**
 * Those a multipart form carries as they are: a form field is a USVString, so a lone
 * surrogate arrives as U+FFFD, which is a plain character.
 */
const FORM_CHARACTERS = BAD_CHARACTERS.filter(([, char]) => !/[\uD800-\uDFFF]/.test(char));

eachStorage((target) => {
  describe(`fs API names XML cannot carry [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let docs: TestMount;
    beforeAll(async () => {
      server = await startTestServer();
      admin = await server.admin();
      docs = await mountOn(server, admin, target, { mountPath: '/docs' });
      await docs.driver.put('n/good.txt', bytes('good'));
    }, SWIFT_HOOK_TIMEOUT_MS);
    afterAll(() => server.close());

    it('refuses them in mkdir, update, rename, upload paths and copy targets', async () => {
      for (const [label, char, refusal] of BAD_CHARACTERS) {
        const bad = `/docs/n/bad${char}name`;
        expect(errorOf(await fsCall.mkdir(admin, bad)), `mkdir ${label}`).toEqual(refusal);
        expect(errorOf(await fsCall.update(admin, `${bad}.txt`, 'x')), `update ${label}`).toEqual(
          refusal,
        );
        expect(
          errorOf(await fsCall.rename(admin, '/docs/n/good.txt', `${bad}.txt`)),
          `rename ${label}`,
        ).toEqual(refusal);
        const init = await admin.post(`${fsBase(admin)}/multipart/init`, {
          path: `${bad}.bin`,
          contentType: 'application/octet-stream',
          fileSize: 1,
        });
        expect(errorOf(init), `multipart ${label}`).toEqual(refusal);
        const presign = await admin.post(`${fsBase(admin)}/presign`, {
          path: `${bad}.bin`,
          fileName: 'x.bin',
          fileSize: 1,
        });
        expect(errorOf(presign), `presign ${label}`).toEqual(refusal);
        const copy = await admin.post(`${fsBase(admin)}/batch-copy`, {
          items: [{ sourcePath: '/docs/n/good.txt', targetPath: `${bad}.txt` }],
        });
        expect(errorOf(copy), `copy ${label}`).toEqual(refusal);
        const copyInto = await admin.post(`${fsBase(admin)}/batch-copy`, {
          items: [{ sourcePath: '/docs/n/good.txt', targetPath: `${bad}/` }],
        });
        expect(errorOf(copyInto), `copy into ${label}`).toEqual(refusal);
      }
      for (const [label, char] of FORM_CHARACTERS) {
        const res = await postFsForm(admin, { path: `/docs/n/form${char}.txt` });
        expect(errorOf(res), `fs/upload ${label}`).toEqual(INVALID);
      }
      expect(await listedNames(admin, '/docs/n')).toEqual(['good.txt']);
    });

    it('cleans them out of the file name of an upload into a folder', async () => {
      const res = await postFsForm(admin, {
        path: '/docs/n/',
        filename: 'up\uFFFEload\uFFFF.txt',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await listedNames(admin, '/docs/n')).toEqual(['good.txt', 'upload.txt']);
    });

    it('refuses them as object keys on the storage itself', async () => {
      for (const [label, char] of BAD_CHARACTERS) {
        await expect(docs.driver.put(`n/key${char}.txt`, bytes('x')), label).rejects.toThrow(
          InvalidKeyError,
        );
      }
    });

    it('leaves the folder listable by WebDAV in well-formed XML', async () => {
      const res = await davFetch(server, 'PROPFIND', '/docs/n/', { headers: { Depth: '1' } });
      expect(res.status).toBe(207);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(await strictXmlProblem(body)).toBeNull();
      expect(hrefsOf(new TextDecoder().decode(body))).toEqual([
        '/dav/docs/n/',
        '/dav/docs/n/good.txt',
        '/dav/docs/n/upload.txt',
      ]);
    });
  });
});
