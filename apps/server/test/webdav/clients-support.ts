import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MountItem } from '@pastebox/contract/schemas/mount';
import { createKey } from '../api-keys/builders';
import { createMount } from '../mounts/support';
import type { ApiClient } from '../support/api-client';
import type { StorageTarget } from '../support/storage-targets';

/**
 * Builders for the tests that point real WebDAV clients (litmus, rclone) at the running
 * server: the binaries, a mount made through the API, a key to log in with, a child
 * process run to its end with a time limit.
 */

/** Fails with the command that installs `binary` when it is not on this machine. */
export function requireBinary(binary: string, aptPackage: string): void {
  if (!fs.existsSync(binary)) {
    throw new Error(
      `The WebDAV client tests need ${binary}. Install it with: ` +
        `apt-get install -y --no-install-recommends ${aptPackage}`,
    );
  }
}

/** A mount at `mountPath` on a fresh config of `target`, made through POST /api/admin/mounts. */
export async function davMount(
  admin: ApiClient,
  target: StorageTarget,
  mountPath: string,
): Promise<MountItem> {
  const config = await target.createConfig(admin);
  // A long listing cache: what one front door writes must still show in the other at once.
  return createMount(admin, config.id, {
    name: mountPath.slice(1),
    mount_path: mountPath,
    cache_ttl: 300,
  });
}

/** A new API key with mount permission confined to `basicPath`; the key itself. */
export async function davKey(admin: ApiClient, basicPath: string): Promise<string> {
  const key = await createKey(admin, {
    text_permission: false,
    file_permission: false,
    mount_permission: true,
    basic_path: basicPath,
  });
  return key.key;
}

export interface ProcessResult {
  code: number | null;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  timedOut: boolean;
}

/** Runs a program to its end (killed after `timeoutMs`), collecting what it prints. */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output: Buffer.concat(chunks).toString('utf8'), timedOut });
    });
  });
}

export const RCLONE_BIN = '/usr/bin/rclone';
const RCLONE_TIMEOUT_MS = 300_000;

/**
 * rclone with an on-the-fly `pb:` webdav remote (vendor other) on `davUrl`, isolated from
 * any rclone setup of the machine: no config file, its own HOME and cache.
 */
export async function rcloneRemote(
  davUrl: string,
  credentials: { user: string; pass: string },
  workDir: string,
): Promise<(...args: string[]) => Promise<ProcessResult>> {
  requireBinary(RCLONE_BIN, 'rclone');
  const obscured = await runProcess(RCLONE_BIN, ['obscure', credentials.pass], {
    timeoutMs: 30_000,
  });
  if (obscured.code !== 0) {
    throw new Error(`rclone obscure failed: ${obscured.output}`);
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: workDir,
    RCLONE_CONFIG_PB_TYPE: 'webdav',
    RCLONE_CONFIG_PB_URL: davUrl,
    RCLONE_CONFIG_PB_VENDOR: 'other',
    RCLONE_CONFIG_PB_USER: credentials.user,
    RCLONE_CONFIG_PB_PASS: obscured.output.trim(),
  };
  const common = ['--config', '/dev/null', '--cache-dir', `${workDir}/cache`];
  // Retries would hide a server error behind a later success.
  const once = ['--retries', '1', '--low-level-retries', '1'];
  return (...args) =>
    runProcess(RCLONE_BIN, [...common, ...once, ...args], { env, timeoutMs: RCLONE_TIMEOUT_MS });
}

/** Writes `files` (relative path → content) under `root`, making the folders. */
export function writeTree(root: string, files: Record<string, Buffer>): void {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** Every file under `root` as relative path → `size:sha256`, to compare trees byte for byte. */
export function treeDigest(root: string): Record<string, string> {
  const digest: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      digest[path.relative(root, file)] = contentDigest(fs.readFileSync(file));
    }
  }
  return digest;
}

export function contentDigest(content: Buffer): string {
  return `${content.length}:${createHash('sha256').update(content).digest('hex')}`;
}
