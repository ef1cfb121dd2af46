import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { InvalidPartError, UploadNotFoundError, type CompletedPart } from './driver';
import { isMissing, publishTempFile, streamToTempFile, type TempFile } from './local-files';
import { RESERVED_ROOT_FOLDER } from './keys';
import { assertConfined } from './local-confine';

/** S3's bounds on part numbers. */
const MAX_PART_NUMBER = 10_000;
const PART_FILE = /^part-(\d{5})-([0-9a-f]{32})$/;

interface UploadMeta {
  key: string;
  contentType: string | null;
}

/**
 * Multipart uploads of the local driver, kept under `<root>/.multipart/<uploadId>/`:
 * `meta.json` (the key it is for) and one file per part named `part-NNNNN-<md5>`, so the
 * part's ETag (the MD5 of its bytes, as S3 answers) is known without reading it again.
 * A `.multipart` or upload folder that is a symbolic link is refused, never followed.
 */
export class LocalMultipart {
  private readonly base: string;

  constructor(private readonly root: string) {
    this.base = path.join(root, RESERVED_ROOT_FOLDER);
  }

  async create(key: string, contentType?: string): Promise<{ uploadId: string }> {
    const uploadId = randomBytes(16).toString('hex');
    const dir = path.join(this.base, uploadId);
    await assertConfined(this.root, dir, key);
    await fsp.mkdir(dir, { recursive: true });
    const meta: UploadMeta = { key, contentType: contentType ?? null };
    await fsp.writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta));
    return { uploadId };
  }

  /** Streams one part into its file; a re-sent part replaces the earlier one. */
  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    options: { size?: number; max?: number } = {},
  ): Promise<{ etag: string; size: number }> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw new InvalidPartError(partNumber);
    }
    const dir = await this.uploadDir(key, uploadId);
    try {
      // Never re-creates the folder: an abort that removed it meanwhile must stay whole,
      // not leave a nameless folder of parts behind.
      const temp = await streamToTempFile(dir, body, {
        md5: true,
        createDir: false,
        ...(options.size !== undefined ? { declaredSize: options.size } : {}),
        ...(options.max !== undefined ? { max: options.max } : {}),
      });
      const etag = temp.md5 ?? '';
      const prefix = `part-${String(partNumber).padStart(5, '0')}-`;
      await publishTempFile(temp, path.join(dir, `${prefix}${etag}`));
      for (const name of await fsp.readdir(dir)) {
        if (name.startsWith(prefix) && name !== `${prefix}${etag}`) {
          await fsp.rm(path.join(dir, name), { force: true });
        }
      }
      return { etag, size: temp.bytes };
    } catch (error) {
      // The folder went while the part streamed in: the upload was aborted.
      throw isMissing(error) ? new UploadNotFoundError(uploadId) : error;
    }
  }

  async listParts(key: string, uploadId: string): Promise<CompletedPart[]> {
    const dir = await this.uploadDir(key, uploadId);
    const parts: CompletedPart[] = [];
    for (const name of await fsp.readdir(dir)) {
      const match = PART_FILE.exec(name);
      if (match?.[1] && match[2]) {
        // lstat: a part that is a link is not a part (never read through).
        const stats = await fsp.lstat(path.join(dir, name));
        if (stats.isFile()) {
          parts.push({ partNumber: Number(match[1]), etag: match[2], size: stats.size });
        }
      }
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /**
   * Checks the parts against what is stored, then streams them, in order, into a temp
   * file beside the final object and renames it into place; the upload folder goes.
   */
  async complete(
    key: string,
    uploadId: string,
    parts: CompletedPart[],
    finalDir: string,
  ): Promise<TempFile> {
    const dir = await this.uploadDir(key, uploadId);
    const stored = new Map((await this.listParts(key, uploadId)).map((p) => [p.partNumber, p]));
    if (parts.length === 0) {
      throw new InvalidPartError(0);
    }
    let previous = 0;
    const files: string[] = [];
    for (const part of parts) {
      const match = stored.get(part.partNumber);
      if (part.partNumber <= previous || !match || match.etag !== part.etag.replace(/"/g, '')) {
        throw new InvalidPartError(part.partNumber);
      }
      previous = part.partNumber;
      files.push(path.join(dir, `part-${String(part.partNumber).padStart(5, '0')}-${match.etag}`));
    }
    return streamToTempFile(finalDir, Readable.from(concatenate(files)));
  }

  /**
   * Removes the upload's folder; an unknown upload is not an error. The folder is first
   * renamed out of reach, in one step: a part still streaming in (a cancelled browser
   * upload) writes its temp file by the old path, so it can no longer add an entry while
   * the folder is being emptied — which made a plain recursive removal fail with ENOTEMPTY.
   */
  async abort(uploadId: string): Promise<void> {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) {
      return;
    }
    const dir = path.join(this.base, uploadId);
    await assertConfined(this.root, dir, RESERVED_ROOT_FOLDER);
    const doomed = `${dir}.aborted-${randomBytes(4).toString('hex')}`;
    try {
      await fsp.rename(dir, doomed);
    } catch (error) {
      if (isMissing(error)) {
        return;
      }
      throw error;
    }
    await fsp.rm(doomed, { recursive: true, force: true });
  }

  private async uploadDir(key: string, uploadId: string): Promise<string> {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) {
      throw new UploadNotFoundError(uploadId);
    }
    const dir = path.join(this.base, uploadId);
    await assertConfined(this.root, dir, key);
    let meta: UploadMeta;
    try {
      meta = JSON.parse(await fsp.readFile(path.join(dir, 'meta.json'), 'utf8')) as UploadMeta;
    } catch (error) {
      if (isMissing(error)) {
        throw new UploadNotFoundError(uploadId);
      }
      throw error;
    }
    if (meta.key !== key) {
      throw new UploadNotFoundError(uploadId);
    }
    return dir;
  }
}

async function* concatenate(files: string[]): AsyncGenerator<Buffer> {
  for (const file of files) {
    for await (const chunk of fs.createReadStream(file)) {
      yield chunk as Buffer;
    }
  }
}
