import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { setMaxUploadMb, testBytes } from '../uploads/builders';
import {
  eachStorage,
  fsBase,
  MIB,
  postFsForm,
  storedBytes,
  serverWithMount,
  type MountedStorage,
} from './uploads-support';

/**
 * Issue 29: SPEC lists fs/upload's fields as file, path, use_multipart, and clients send
 * them in that order. A file part before its `path` waits in a temp file in DATA_DIR/tmp
 * (never in memory), is placed once the form is read, and the temp file always goes.
 */

interface FileFirstForm {
  fileBytes: number;
  /** Sent after the file part; omitted: a form without a path. */
  path?: string;
  /** The body stops after this many file bytes until `resume` is called. */
  pauseAfter?: number;
}

/** A hand-written form, file part first, sent chunked; it may pause mid-file. */
function postFileFirst(client: ApiClient, form: FileFirstForm, signal?: AbortSignal) {
  const boundary = `----pastebox${randomBytes(8).toString('hex')}`;
  const encoder = new TextEncoder();
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const pathPart =
    form.path === undefined
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${form.path}\r\n`;
  const tail = `\r\n${pathPart}--${boundary}\r\nContent-Disposition: form-data; name="use_multipart"\r\n\r\nfalse\r\n--${boundary}--\r\n`;
  let resume: () => void = () => undefined;
  const paused = new Promise<void>((resolve) => {
    resume = resolve;
  });
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent < 0) {
        sent = 0;
        controller.enqueue(encoder.encode(head));
        return;
      }
      if (form.pauseAfter !== undefined && sent >= form.pauseAfter) {
        await paused;
      }
      if (sent < form.fileBytes) {
        const size = Math.min(256 * 1024, form.fileBytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(9));
      } else {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      }
    },
  });
  const response = client.raw(`${fsBase(client)}/upload`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
    ...(signal ? { signal } : {}),
  });
  return { response, resume };
}

/** The temp files waiting in DATA_DIR/tmp, with their sizes. */
function spooled(server: TestServer): { name: string; size: number }[] {
  const folder = path.join(server.dataDir, 'tmp');
  if (!fs.existsSync(folder)) {
    return [];
  }
  return fs
    .readdirSync(folder)
    .map((name) => ({ name, size: fs.statSync(path.join(folder, name)).size }));
}

eachStorage((target) => {
  describe(`POST fs/upload, the file part before path [${target.name}]`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let mount: MountedStorage;
    serverWithMount(target, (opened) => ({ server, admin, mount } = opened));

    it('stores a file sent before its path, as SPEC orders the fields; no temp file stays', async () => {
      const content = testBytes(700_000, 3);
      const res = await postFsForm(admin, {
        path: `${mount.mountPath}/spec-order.bin`,
        content,
        pathAfterFile: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        path: `${mount.mountPath}/spec-order.bin`,
        size: 700_000,
      });
      expect((await storedBytes(mount.driver, 'spec-order.bin')).equals(content)).toBe(true);
      // A folder path names where the file goes under its own name, in this order too.
      const folder = await postFsForm(admin, {
        path: `${mount.mountPath}/later/`,
        filename: 'own-name.txt',
        content: 'named by the file part',
        pathAfterFile: true,
      });
      expect(folder.status, JSON.stringify(folder.body)).toBe(200);
      expect(folder.body.data.path).toBe(`${mount.mountPath}/later/own-name.txt`);
      // Path first still works.
      const usual = await postFsForm(admin, { path: `${mount.mountPath}/usual.txt` });
      expect(usual.status, JSON.stringify(usual.body)).toBe(200);
      expect(spooled(server)).toEqual([]);
    });

    it('streams a file-first part to disk, not memory, and removes it when the client goes', async () => {
      const abort = new AbortController();
      const upload = postFileFirst(
        admin,
        { fileBytes: 20 * MIB, pauseAfter: 12 * MIB, path: `${mount.mountPath}/gone.bin` },
        abort.signal,
      );
      const failed = upload.response.catch((error: unknown) => error);
      // The bytes sent so far are on disk while the form is still open.
      await expect
        .poll(() => spooled(server).reduce((sum, file) => sum + file.size, 0), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(10 * MIB);
      expect(spooled(server)).toHaveLength(1);
      abort.abort();
      await failed;
      await expect.poll(() => spooled(server), { timeout: 10_000 }).toEqual([]);
      expect(await mount.driver.stat('gone.bin')).toBeNull();
    });

    it('holds the max upload size while spooling: 413, no temp file, no object', async () => {
      await setMaxUploadMb(server, 1);
      try {
        const { response } = postFileFirst(admin, {
          fileBytes: 3 * MIB,
          path: `${mount.mountPath}/too-big.bin`,
        });
        const res = await response;
        expect(res.status).toBe(413);
        expect(((await res.json()) as { error: string }).error).toBe('FILE_TOO_LARGE');
        await expect.poll(() => spooled(server), { timeout: 10_000 }).toEqual([]);
        expect(await mount.driver.stat('too-big.bin')).toBeNull();
      } finally {
        await setMaxUploadMb(server, 100);
      }
    });

    it('refuses a form whose path never comes (400) and refused paths, leaving no temp file', async () => {
      const { response } = postFileFirst(admin, { fileBytes: 300_000 });
      const res = await response;
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('VALIDATION_FAILED');
      const escaping = await postFsForm(admin, {
        path: `${mount.mountPath}/../escape.txt`,
        pathAfterFile: true,
      });
      expect([escaping.status, escaping.body.error]).toEqual([400, 'PATH_INVALID']);
      expect(spooled(server)).toEqual([]);
    });
  });
});
