import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadNotFoundError } from '@/storage/driver';
import { LocalMultipart } from '@/storage/local-multipart';

/**
 * Cancelling a browser upload aborts it while its parts are still streaming in. The abort
 * must succeed and leave nothing, however the part writers interleave with it: a failed
 * abort keeps the pending record and answers 503 (the CI failure of the files journey).
 */
describe('aborting a local multipart upload while parts stream in', () => {
  let root: string;
  let multipart: LocalMultipart;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-abort-'));
    multipart = new LocalMultipart(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A part body that has sent some bytes and waits for more. */
  function openBody(): Readable {
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(64 * 1024, 'p'));
    return body;
  }

  it('succeeds, fails every writer still going, and leaves no folder behind', async () => {
    const key = 'big/cancelled.bin';
    const { uploadId } = await multipart.create(key);
    await multipart.uploadPart(key, uploadId, 1, Readable.from([Buffer.from('stored')]));
    const bodies = Array.from({ length: 12 }, () => openBody());
    const writers = bodies.map((body, index) =>
      multipart.uploadPart(key, uploadId, index + 2, body).then(
        () => 'stored',
        () => 'failed',
      ),
    );
    // Parts keep arriving — new temp files — while the abort runs.
    const late = Array.from({ length: 12 }, (_, index) =>
      multipart.uploadPart(key, uploadId, index + 20, Readable.from([Buffer.from('late')])).then(
        () => 'stored',
        () => 'failed',
      ),
    );
    await multipart.abort(uploadId);
    for (const body of bodies) {
      body.push(Buffer.from('the rest'));
      body.push(null);
    }
    expect(await Promise.all(writers)).toEqual(bodies.map(() => 'failed'));
    await Promise.all(late);
    await expect(multipart.listParts(key, uploadId)).rejects.toBeInstanceOf(UploadNotFoundError);
    expect(fs.readdirSync(path.join(root, '.multipart'))).toEqual([]);
    // Aborting again, or an upload never made, is no error.
    await multipart.abort(uploadId);
    await multipart.abort('0'.repeat(32));
  });
});
