import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';

const CLI_DIR = fileURLToPath(new URL('../../../../packages/cli/', import.meta.url));

/**
 * The CLI bundled from its source (packages/cli/src) once per test file, the way its tsup
 * build does, into packages/cli/.tmp (git-ignored; there commander and zod resolve):
 * the tests need no `npm run build`, and each run starts as plain `node`, without
 * compiling TypeScript again per process. Answers the entry and a cleanup.
 */
export async function bundleCli(): Promise<{ entry: string; remove: () => void }> {
  const scratch = path.join(CLI_DIR, '.tmp');
  fs.mkdirSync(scratch, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(scratch, 'test-'));
  await build({
    config: false,
    entry: { main: path.join(CLI_DIR, 'src/main.ts') },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir,
    silent: true,
    // As packages/cli/tsup.config.ts: the contract and zod inside, commander outside (tsup
    // would take the server's package.json for which dependencies stay outside).
    noExternal: [/^@pastebox\//, 'zod'],
    external: ['commander'],
  });
  return {
    entry: path.join(outDir, 'main.js'),
    remove: () => fs.rmSync(outDir, { recursive: true, force: true }),
  };
}

/**
 * A test here runs a few CLI processes one after another, each a Node start (about 0.35
 * CPU-seconds): on a 2-core box busy with other files that can pass the suite's 30 s.
 */
export const CLI_TEST_TIMEOUT_MS = 90_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  result: Promise<CliResult>;
}

/**
 * A person at a terminal without one: their own HOME and XDG_CONFIG_HOME (so the config
 * folder is fresh), a working folder downloads land in, and nothing of the test's own
 * environment but PATH. stdin is a pipe (given `input`, or closed at once).
 */
export class CliUser {
  readonly home = fs.mkdtempSync(path.join(os.tmpdir(), 'pastebox-cli-'));
  readonly workDir = path.join(this.home, 'work');
  readonly configDir = path.join(this.home, 'xdg', 'pastebox');

  constructor(
    private readonly entry: string,
    private readonly env: Record<string, string> = {},
  ) {
    fs.mkdirSync(this.workDir);
  }

  start(
    args: string[],
    options: { input?: string | Buffer; env?: Record<string, string> } = {},
  ): RunningCli {
    const child = spawn(process.execPath, [this.entry, ...args], {
      cwd: this.workDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: this.home,
        XDG_CONFIG_HOME: path.join(this.home, 'xdg'),
        ...this.env,
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(options.input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const result = new Promise<CliResult>((resolve) =>
      child.once('close', (code) => resolve({ code, stdout, stderr })),
    );
    return { child, result };
  }

  run(
    args: string[],
    options: { input?: string | Buffer; env?: Record<string, string> } = {},
  ): Promise<CliResult> {
    return this.start(args, options).result;
  }

  /** A path in the working folder. */
  file(name: string): string {
    return path.join(this.workDir, name);
  }

  remove(): void {
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

/** The result's first stdout line: the link a command printed. */
export function printedLine(result: CliResult): string {
  return result.stdout.trim().split('\n')[0] ?? '';
}
