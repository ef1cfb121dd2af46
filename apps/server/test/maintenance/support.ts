import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createMember, signIn } from '../accounts/builders';
import { createKey } from '../api-keys/builders';
import { downloaded, fsCall, listedNames } from '../fs/fs-support';
import { createMount } from '../mounts/support';
import { createPaste } from '../pastes/builders';
import type { ApiClient } from '../support/api-client';
import { storageTargets } from '../support/storage-targets';
import type { TestServer } from '../support/test-server';
import { absolute, openShare, testBytes, uploadShare } from '../uploads/builders';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `src/maintenance/main.ts <args>` (what `npm run backup|restore|migrate-db` runs,
 * from source) as a process of its own, with only `env` and PATH in its environment.
 */
export function runMaintenance(
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('src', 'maintenance', 'main.ts'), ...args],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** What a test made on the source server, to be found again on the restored one. */
export interface Seeded {
  protectedPaste: { slug: string; password: string; content: string };
  limitedPaste: { slug: string; content: string };
  localFile: { slug: string; bytes: Buffer };
  swiftFile?: { slug: string; bytes: Buffer };
  key: string;
  mount: { path: string; file: string; content: string };
  member: { username: string; password: string };
}

/**
 * One of each kind of object through the API: a paste with a password, a view-limited
 * paste, a file on local storage (and on Swift S3 unless `swift` is false), an API key, a
 * mount with a file in it, a member account.
 */
export async function seedEverything(admin: ApiClient, swift = true): Promise<Seeded> {
  const [local, s3] = storageTargets();
  const localConfig = await local!.createConfig(admin);
  const protectedPaste = { password: 'restore-pw-1', content: 'guarded words' };
  const pasted = await createPaste(admin, protectedPaste);
  const limited = await createPaste(admin, { content: 'three views only', max_views: 3 });
  const localBytes = testBytes(300_000, 7);
  const localFile = await uploadShare(admin, {
    content: localBytes,
    fields: { s3_config_id: localConfig.id },
  });
  let swiftFile: Seeded['swiftFile'];
  if (swift) {
    const swiftConfig = await s3!.createConfig(admin);
    const swiftBytes = testBytes(5_000, 9);
    const uploaded = await uploadShare(admin, {
      content: swiftBytes,
      fields: { s3_config_id: swiftConfig.id },
    });
    swiftFile = { slug: uploaded.slug, bytes: swiftBytes };
  }
  const key = await createKey(admin, { text_permission: true, mount_permission: true });
  const mount = await createMount(admin, localConfig.id);
  const mountFile = `${mount.mount_path}/notes.txt`;
  expect((await fsCall.update(admin, mountFile, 'in the mount')).status).toBe(200);
  const member = await createMember(admin);
  return {
    protectedPaste: { slug: pasted.slug, ...protectedPaste },
    limitedPaste: { slug: limited.slug, content: 'three views only' },
    localFile: { slug: localFile.slug, bytes: localBytes },
    ...(swiftFile ? { swiftFile } : {}),
    key: key.key,
    mount: { path: mount.mount_path, file: mountFile, content: 'in the mount' },
    member: { username: member.username, password: member.password },
  };
}

async function fileBytes(server: TestServer, slug: string): Promise<Buffer> {
  const opened = await openShare(server, slug);
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const res = await fetch(absolute(server, opened.body.data.downloadUrl ?? ''));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Every seeded object opens on `server` as it did on the server it was made on. */
export async function expectEverythingOpens(server: TestServer, seeded: Seeded): Promise<void> {
  const { protectedPaste, limitedPaste } = seeded;
  const wrong = await server.anon.post(`/api/paste/${protectedPaste.slug}`, { password: 'nope' });
  expect(wrong.status).not.toBe(200);
  const right = await server.anon.post<{ content: string }>(`/api/paste/${protectedPaste.slug}`, {
    password: protectedPaste.password,
  });
  expect(right.status, JSON.stringify(right.body)).toBe(200);
  expect(right.body.data.content).toBe(protectedPaste.content);
  const limited = await server.anon.get<{ content: string }>(`/api/paste/${limitedPaste.slug}`);
  expect(limited.body.data.content).toBe(limitedPaste.content);

  expect((await fileBytes(server, seeded.localFile.slug)).equals(seeded.localFile.bytes)).toBe(
    true,
  );
  if (seeded.swiftFile) {
    // The S3 keys are sealed with the secret key: they open only if it came along.
    expect((await fileBytes(server, seeded.swiftFile.slug)).equals(seeded.swiftFile.bytes)).toBe(
      true,
    );
  }

  const keyClient = server.anon.withApiKey(seeded.key);
  expect(await listedNames(keyClient, seeded.mount.path)).toContain('notes.txt');
  expect((await downloaded(keyClient, seeded.mount.file)).toString('utf8')).toBe(
    seeded.mount.content,
  );
  await signIn(server.anon, seeded.member.username, seeded.member.password);
}
