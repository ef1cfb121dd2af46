import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { configDir, writePrivateFile } from '../config';

/**
 * What a multipart upload leaves in the config folder while it runs, so that a re-run of
 * `pastebox put` after Ctrl-C or a dropped connection resumes it: the session and the
 * parts this client saw stored. The server's list of parts stays the truth on resume
 * (GET /api/upload/multipart/{file_id}/parts); this file only finds the session again.
 */
const resumeState = z.object({
  server: z.string(),
  file: z.string().describe('Absolute path of the local file'),
  size: z.number().int(),
  modified: z.number().describe('mtimeMs: a changed file starts afresh'),
  file_id: z.string(),
  upload_id: z.string(),
  part_size: z.number().int(),
  parts: z.array(z.object({ partNumber: z.number().int(), etag: z.string() })),
});
export type ResumeState = z.infer<typeof resumeState>;

/** The local file an upload sends, as identified across runs. */
export interface LocalFile {
  path: string;
  size: number;
  modified: number;
}

export function uploadsDir(): string {
  return path.join(configDir(), 'uploads');
}

/** One state file per server and file version: the same file sent twice shares it. */
function stateFile(server: string, file: LocalFile): string {
  const id = createHash('sha256')
    .update([server, file.path, file.size, file.modified].join('\n'))
    .digest('hex')
    .slice(0, 32);
  return path.join(uploadsDir(), `${id}.json`);
}

export class ResumeStore {
  private readonly file: string;

  constructor(
    private readonly server: string,
    private readonly local: LocalFile,
  ) {
    this.file = stateFile(server, local);
  }

  /** The saved state of this file's interrupted upload, if there is one that fits. */
  load(): ResumeState | null {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return null;
    }
    const parsed = resumeState.safeParse(JSON.parse(text));
    const state = parsed.success ? parsed.data : null;
    const fits =
      state?.server === this.server &&
      state.file === this.local.path &&
      state.size === this.local.size &&
      state.modified === this.local.modified;
    return fits ? state : null;
  }

  save(state: ResumeState): void {
    writePrivateFile(this.file, `${JSON.stringify(state)}\n`);
  }

  remove(): void {
    fs.rmSync(this.file, { force: true });
  }
}
