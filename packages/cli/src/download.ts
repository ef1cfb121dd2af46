import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { answerError, type PasteboxApi } from './api';
import { CliError, EXIT } from './errors';
import { ProgressBar } from './progress';

/** Where a download goes: `-o FILE`, `-o -` for stdout, else the name the server gave. */
export function downloadTarget(output: string | undefined, serverName: string): string {
  if (output) {
    return output;
  }
  // Only the base name: a name from the server never picks the folder it is written to.
  const name = path.basename(serverName.replaceAll('\\', '/'));
  return name && name !== '.' && name !== '..' ? name : 'download';
}

/**
 * Opens the file a download writes, before anything is fetched: an existing file is kept
 * unless `overwrite` (a download never clobbers by surprise), and no view is spent on a
 * download that could not be written.
 */
function openTarget(target: string, overwrite: boolean): number {
  try {
    return fs.openSync(target, overwrite ? 'w' : 'wx', 0o644);
  } catch (error) {
    const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
    throw new CliError(
      exists ? `${target} exists: give -o another name, or --force` : `Cannot write ${target}`,
      EXIT.usage,
    );
  }
}

/** Writes a paste's text to a new file (or over one, with `overwrite`). */
export function writeTextFile(target: string, content: string, overwrite: boolean): void {
  const fd = openTarget(target, overwrite);
  try {
    fs.writeFileSync(fd, content);
  } finally {
    fs.closeSync(fd);
  }
}

async function fetchBody(api: PasteboxApi, url: string) {
  const response = await api.fetch(url);
  if (!response.ok || !response.body) {
    throw await answerError(response);
  }
  return {
    body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
    length: Number(response.headers.get('content-length') ?? 0),
  };
}

/**
 * Streams a delivery URL to `target` (stdout for `-`), with a progress bar on a terminal.
 * A download that fails leaves no file behind: half a file looks whole to the next script.
 */
export async function download(
  api: PasteboxApi,
  url: string,
  target: string,
  options: { size?: number; overwrite?: boolean } = {},
): Promise<void> {
  if (target === '-') {
    const { body } = await fetchBody(api, url);
    await pipeline(body, process.stdout);
    return;
  }
  const out = fs.createWriteStream(target, { fd: openTarget(target, options.overwrite === true) });
  let progress: ProgressBar | null = null;
  try {
    const { body, length } = await fetchBody(api, url);
    const bar = new ProgressBar(path.basename(target), options.size ?? length);
    progress = bar;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bar.add(chunk.length);
        done(null, chunk);
      },
    });
    await pipeline(body, counter, out);
  } catch (error) {
    out.destroy();
    fs.rmSync(target, { force: true });
    if (error instanceof CliError) {
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`The download of ${target} broke off: ${reason}`, EXIT.failure);
  } finally {
    progress?.finish();
  }
}
