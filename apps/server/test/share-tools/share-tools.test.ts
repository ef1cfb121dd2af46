import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { shortcutRecipes } from '@pastebox/contract/share-tools/ios-shortcut';
import { sharexFiles, type SharexUploader } from '@pastebox/contract/share-tools/sharex';
import { FLAMESHOT_CAPTURE, shellCommands } from '@pastebox/contract/share-tools/shell';
import type { ShareToolTarget } from '@pastebox/contract/share-tools/target';
import type { PasteView } from '@pastebox/contract/schemas/paste';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../api-keys/builders';
import { startTestServer, type TestServer } from '../support/test-server';
import { absolute, openShare } from '../uploads/builders';
import { sharexResult, uploadFileLikeSharex, uploadTextLikeSharex } from './sharex-client';

const run = promisify(execFile);

/** A real 1×1 PNG, then bytes that make it unlike any other test's. */
const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.from(`pastebox share tools ${Date.now()}`),
]);

describe('screenshot and share tools against a real server (issue 36)', () => {
  let server: TestServer;
  let target: ShareToolTarget;
  let workDir: string;

  beforeAll(async () => {
    server = await startTestServer();
    const key = await createKey(await server.admin(), {
      file_permission: true,
      text_permission: true,
    });
    target = {
      apiBase: server.baseUrl,
      appBase: server.baseUrl,
      key: key.key,
      keyName: key.name,
      permissions: { file: true, text: true },
    };
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-share-tools-'));
  });

  afterAll(async () => {
    fs.rmSync(workDir, { recursive: true, force: true });
    await server?.close();
  });

  /** The uploaders as the downloaded .sxcu files hold them: file first, then text. */
  function downloadedUploaders(): SharexUploader[] {
    return sharexFiles(target).map((file) => JSON.parse(file.content) as SharexUploader);
  }

  /** A file share link opened as its page does: the share, then its download. */
  async function openFileLink(link: string): Promise<{ bytes: Buffer; type: string | null }> {
    const slug = new RegExp(`^${server.baseUrl}/file/([A-Za-z0-9_-]+)$`).exec(link)?.[1];
    expect(slug, link).toBeDefined();
    const opened = await openShare(server, slug ?? '');
    expect(opened.status).toBe(200);
    const download = await fetch(absolute(server, opened.body.data.downloadUrl ?? ''));
    expect(download.status).toBe(200);
    return {
      bytes: Buffer.from(await download.arrayBuffer()),
      type: download.headers.get('content-type'),
    };
  }

  /** A text share link opened as its page does. */
  async function openPasteLink(link: string): Promise<PasteView> {
    const slug = new RegExp(`^${server.baseUrl}/paste/([A-Za-z0-9_-]+)$`).exec(link)?.[1];
    expect(slug, link).toBeDefined();
    const opened = await server.anon.get<PasteView>(`/api/paste/${slug ?? ''}`);
    expect(opened.status).toBe(200);
    return opened.body.data;
  }

  it('ShareX uploads a screenshot as ShareX sends it, and its link opens the bytes', async () => {
    const [fileUploader] = downloadedUploaders();
    const answer = await uploadFileLikeSharex(fileUploader!, {
      name: 'chrome_Xk3LqP9aZt.png',
      bytes: PNG,
    });
    expect(answer.status).toBe(201);
    const { url } = sharexResult(fileUploader!, answer);
    const opened = await openFileLink(url ?? '');
    expect(opened.bytes.equals(PNG)).toBe(true);
    expect(opened.type).toContain('image/png');
  });

  it("applies the uploader's Arguments as share options once the user fills them", async () => {
    const [fileUploader] = downloadedUploaders();
    const edited = { ...fileUploader!, Arguments: { expires_in: '24', max_views: '3' } };
    const answer = await uploadFileLikeSharex(edited, { name: 'shot.png', bytes: PNG });
    expect(answer.status).toBe(201);
    const share = (JSON.parse(answer.text) as { data: { max_views: number; expires_at: string } })
      .data;
    expect(share.max_views).toBe(3);
    expect(share.expires_at).not.toBeNull();
  });

  it('ShareX uploads text to a plain-text share, escaped as ShareX escapes {input}', async () => {
    const [, textUploader] = downloadedUploaders();
    const text = 'He said "hi"\n\t{json:message} 100% \\ 中文 🙂';
    const answer = await uploadTextLikeSharex(textUploader!, text);
    expect(answer.status).toBe(201);
    const paste = await openPasteLink(sharexResult(textUploader!, answer).url ?? '');
    expect(paste).toMatchObject({ content: text, format: 'text' });
  });

  it("shows the server's message as ShareX's error when the key is refused", async () => {
    const [fileUploader] = sharexFiles({ ...target, key: 'not-a-key' }).map(
      (file) => JSON.parse(file.content) as SharexUploader,
    );
    const answer = await uploadFileLikeSharex(fileUploader!, { name: 'shot.png', bytes: PNG });
    expect(answer.status).toBe(401);
    expect(sharexResult(fileUploader!, answer).error).toMatch(/\S/);
  });

  it('the Flameshot and curl one-liners print links that open what was sent', async () => {
    fs.writeFileSync(path.join(workDir, 'screenshot.png'), PNG);
    const commands = new Map(shellCommands(target).map((entry) => [entry.id, entry.command]));
    const shell = (command: string) => run('sh', ['-c', command], { cwd: workDir });

    // Flameshot's capture is the one part replaced: the PNG comes from a file instead.
    const flameshot = commands.get('flameshot')?.replace(FLAMESHOT_CAPTURE, 'cat screenshot.png');
    const fromFlameshot = await shell(flameshot ?? 'false');
    expect((await openFileLink(fromFlameshot.stdout.trim())).bytes.equals(PNG)).toBe(true);

    const fromCurl = await shell(commands.get('curl-file') ?? 'false');
    expect((await openFileLink(fromCurl.stdout.trim())).bytes.equals(PNG)).toBe(true);

    const text = 'it\'s a "quoted" line\nand 中文\n';
    fs.writeFileSync(path.join(workDir, 'note.txt'), text);
    const fromText = await shell(`cat note.txt | ${commands.get('curl-text') ?? 'false'}`);
    expect((await openPasteLink(fromText.stdout.trim())).content).toBe(text);
  });

  it("the iOS Shortcut recipe's request and dictionary keys lead to the link", async () => {
    const [fileRecipe] = shortcutRecipes(target);
    const call = fileRecipe!.get_contents_of_url;
    const form = new FormData();
    for (const field of call.fields) {
      form.append(field.key, new Blob([PNG], { type: 'image/png' }), 'IMG_0001.png');
    }
    const response = await fetch(call.url, {
      method: call.method,
      headers: { ...call.headers, 'User-Agent': 'Shortcuts/1 CFNetwork Darwin' },
      body: form,
    });
    expect(response.status).toBe(201);
    let value: unknown = await response.json();
    for (const key of fileRecipe!.get_dictionary_value) {
      value = (value as Record<string, unknown>)[key];
    }
    const link = fileRecipe!.text.replace('{slug}', String(value));
    expect((await openFileLink(link)).bytes.equals(PNG)).toBe(true);
  });
});
