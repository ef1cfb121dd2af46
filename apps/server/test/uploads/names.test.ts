import { hasUnsafeCharacters } from '@pastebox/contract/rules/file-name';
import type { FileShare } from '@pastebox/contract/schemas/file';
import type { MultipartSession, PresignResult } from '@pastebox/contract/schemas/upload';
import { expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestServer } from '../support/test-server';
import { absolute, openShare, postForm, putTo, uploadShare } from './builders';
import { forEachTarget, serverOnTarget } from './targets';

/**
 * DESIGN §5: a name that reaches users is cleaned where it enters — bidi and control
 * characters stripped, cut to the file system's 255 bytes with its extension kept — on
 * every upload path, and the download is named with the cleaned name.
 */

/**
 * Sent → stored. C1 controls, as a form's plain `filename` can carry them (C0 ones make a
 * malformed part header, see the filename* test). 'é' is 2 bytes: 148 of them and '.pdf'
 * make 300 bytes in 152 characters.
 */
const NAMES: [string, string][] = [
  ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['c1\u0085\u009B\u200F.txt', 'c1.txt'],
  [`${'é'.repeat(148)}.pdf`, `${'é'.repeat(125)}.pdf`],
];

/** JSON bodies carry any character: a C0 control too. */
const JSON_NAMES: [string, string][] = [...NAMES, ['bell\u0007.txt', 'bell.txt']];

/** A one-file form whose name comes as RFC 5987 `filename*`, which may encode anything. */
function formWithExtendedName(configId: string, encodedName: string) {
  const boundary = 'pastebox-names-boundary';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="s3_config_id"',
    '',
    configId,
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename*=UTF-8''${encodedName}`,
    'Content-Type: text/plain',
    '',
    'named by filename*',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  };
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

forEachTarget('file names are cleaned on every upload path', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let configId: string;
  serverOnTarget(target, (opened) => ({ server, admin, configId } = opened));

  /** The stored row, the answer and the download all carry the cleaned name. */
  async function expectCleaned(share: FileShare, expected: string) {
    expect(share.filename).toBe(expected);
    const row = await server.deps.db
      .selectFrom('files')
      .select(['filename', 'storage_path'])
      .where('id', '=', share.id)
      .executeTakeFirstOrThrow();
    expect(row.filename).toBe(expected);
    const keyName = row.storage_path.split('/').pop() ?? '';
    expect(bytes(keyName)).toBeLessThanOrEqual(255);
    expect(hasUnsafeCharacters(keyName)).toBe(false);

    const opened = await openShare(server, share.slug);
    expect(opened.body.data.filename).toBe(expected);
    const download = await fetch(absolute(server, opened.body.data.downloadUrl ?? ''));
    await download.arrayBuffer();
    expect(download.status).toBe(200);
    // The expected names hold letters and dots only: encodeURIComponent encodes as RFC 8187.
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(expected)}`,
    );
  }

  it('form upload (POST /api/upload)', async () => {
    for (const [sent, expected] of NAMES) {
      const share = await uploadShare(admin, {
        filename: sent,
        fields: { s3_config_id: configId },
      });
      await expectCleaned(share, expected);
    }
  });

  it('form upload with C0 controls and a bidi override in filename*', async () => {
    const res = await admin.raw(
      '/api/upload',
      formWithExtendedName(configId, 'bell%07%1B%E2%80%AEfdp.exe'),
    );
    const body = (await res.json()) as { data: FileShare };
    expect(res.status, JSON.stringify(body)).toBe(201);
    await expectCleaned(body.data, 'bellfdp.exe');
  });

  /** presign → PUT → commit; the name given at presign, or at commit instead. */
  async function presignedShare(atPresign: string, atCommit?: string) {
    const content = Buffer.from('presigned bytes');
    const presign = await admin.post<PresignResult>('/api/s3/presign', {
      s3_config_id: configId,
      filename: atPresign,
      mimetype: 'application/octet-stream',
      size: content.length,
    });
    expect(presign.status, JSON.stringify(presign.body)).toBe(200);
    const { upload_url, headers, file_id } = presign.body.data;
    expect((await putTo(server, { url: upload_url, headers }, content)).status).toBe(200);
    const commit = await admin.post<FileShare>('/api/s3/commit', {
      file_id,
      size: content.length,
      ...(atCommit ? { filename: atCommit } : {}),
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    return commit.body.data;
  }

  it('presign, PUT and commit: the name given at presign', async () => {
    for (const [sent, expected] of JSON_NAMES) {
      await expectCleaned(await presignedShare(sent), expected);
    }
  });

  it('presign, PUT and commit: the name replaced at commit', async () => {
    for (const [sent, expected] of JSON_NAMES) {
      await expectCleaned(await presignedShare('plain.bin', sent), expected);
    }
  });

  it('multipart init names the share and its key', async () => {
    for (const [sent, expected] of JSON_NAMES) {
      const init = await admin.post<MultipartSession>('/api/upload/multipart/init', {
        s3_config_id: configId,
        filename: sent,
        mimetype: 'application/octet-stream',
        size: 1,
      });
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      const row = await server.deps.db
        .selectFrom('files')
        .select(['filename', 'storage_path'])
        .where('id', '=', init.body.data.file_id)
        .executeTakeFirstOrThrow();
      expect(row.filename).toBe(expected);
      expect(bytes(init.body.data.key.split('/').pop() ?? '')).toBeLessThanOrEqual(255);
      await admin.post('/api/upload/multipart/abort', {
        file_id: init.body.data.file_id,
        upload_id: init.body.data.upload_id,
      });
    }
  });

  it('a name with nothing left becomes "file"; a folder with a bidi control is refused', async () => {
    const share = await uploadShare(admin, {
      filename: '\u202E\u0085',
      fields: { s3_config_id: configId },
    });
    expect(share.filename).toBe('file');
    const refused = await postForm(admin, {
      fields: { s3_config_id: configId, path: '/docs\u202Etxt.exe' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0]?.path).toBe('path');
  });
});
