import { open, type FileHandle } from 'node:fs/promises';
import { LIMITS } from '@pastebox/contract/limits';
import { fileShare, type FileShare } from '@pastebox/contract/schemas/file';
import {
  multipartSession,
  partUrlResult,
  type MultipartSession,
} from '@pastebox/contract/schemas/upload';
import { answerError, type PasteboxApi } from '../api';
import { CliError, EXIT } from '../errors';
import { note } from '../output';
import type { ProgressBar } from '../progress';
import type { FileToSend } from './local-file';
import { ResumeStore, type ResumeState } from './resume-state';
import type { FileShareRequest } from './share-request';

/** A part is tried this many times (network errors, 5xx) before the upload stops. */
const PART_ATTEMPTS = 3;

export interface MultipartOutcome {
  share: FileShare;
  /** Parts this run sent. */
  sent: number;
  /** Parts the server held already from an interrupted run. */
  resumed: number;
}

/** The interrupted upload of this file, as the server still holds it; null: start afresh. */
async function resumedSession(
  api: PasteboxApi,
  saved: ResumeState,
  size: number,
): Promise<MultipartSession | null> {
  try {
    const session = await api.get(`/upload/multipart/${saved.file_id}/parts`, multipartSession);
    return session.upload_id === saved.upload_id && session.total_size === size ? session : null;
  } catch (error) {
    // Finished, aborted or swept by the server (404): nothing to resume.
    if (error instanceof CliError && error.exitCode === EXIT.notFound) {
      return null;
    }
    throw error;
  }
}

async function openSession(
  api: PasteboxApi,
  store: ResumeStore,
  file: FileToSend,
  request: FileShareRequest,
): Promise<MultipartSession> {
  const saved = store.load();
  const session = saved ? await resumedSession(api, saved, file.size) : null;
  if (session) {
    return session;
  }
  store.remove();
  return api.post('/upload/multipart/init', multipartSession, {
    ...request,
    filename: file.name,
    mimetype: file.mimetype,
    size: file.size,
  });
}

/** The range of bytes part `partNumber` (from 1) covers. */
function partRange(session: MultipartSession, partNumber: number) {
  const start = (partNumber - 1) * session.part_size;
  return { start, length: Math.min(session.part_size, session.total_size - start) };
}

/** PUTs one part to a fresh signed URL and answers its ETag; retried on transient failures. */
async function sendPart(
  api: PasteboxApi,
  session: MultipartSession,
  handle: FileHandle,
  partNumber: number,
): Promise<{ etag: string; length: number }> {
  const { start, length } = partRange(session, partNumber);
  const body = Buffer.alloc(length);
  await handle.read(body, 0, length, start);
  for (let attempt = 1; ; attempt += 1) {
    const { urls } = await api.post('/upload/multipart/part-url', partUrlResult, {
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_number: partNumber,
    });
    const signed = urls[0];
    if (!signed) {
      throw new CliError(`The server gave no URL for part ${partNumber}`, EXIT.failure);
    }
    let failure: CliError;
    try {
      const response = await api.fetch(signed.url, {
        method: 'PUT',
        headers: signed.headers,
        body,
        signal: AbortSignal.timeout(LIMITS.partTimeoutMs),
      });
      const etag = response.headers.get('etag')?.replace(/^(W\/)?"|"$/g, '');
      if (response.ok && etag) {
        return { etag, length };
      }
      failure = response.ok
        ? new CliError(`Part ${partNumber} was stored without an ETag`, EXIT.failure)
        : await answerError(response);
      if (response.status < 500) {
        throw failure;
      }
    } catch (error) {
      if (!(error instanceof CliError) || error.exitCode !== EXIT.failure) {
        throw error;
      }
      failure = error;
    }
    if (attempt >= PART_ATTEMPTS) {
      throw new CliError(`Part ${partNumber} failed: ${failure.message}`, EXIT.failure);
    }
  }
}

/**
 * A file above one part's size (DESIGN §6 path 3): init, or resume the session a previous
 * run left (the parts the server lists are skipped), parts 3 at a time, complete. Each
 * stored part is written to the resume state at once, so a run killed at any point
 * resumes from what was stored; the state is removed when the share is complete.
 */
export async function multipartUpload(
  api: PasteboxApi,
  file: FileToSend,
  request: FileShareRequest,
  progress: ProgressBar,
): Promise<MultipartOutcome> {
  const store = new ResumeStore(api.baseUrl, file);
  const session = await openSession(api, store, file, request);
  const parts = new Map(session.parts.map((part) => [part.partNumber, part.etag]));
  const resumed = parts.size;
  const count = Math.max(1, Math.ceil(session.total_size / session.part_size));
  if (resumed > 0) {
    note(`Resuming ${file.name}: ${resumed} of ${count} parts are on the server already`);
  }
  const saveState = () =>
    store.save({
      server: api.baseUrl,
      file: file.path,
      size: file.size,
      modified: file.modified,
      file_id: session.file_id,
      upload_id: session.upload_id,
      part_size: session.part_size,
      parts: [...parts].map(([partNumber, etag]) => ({ partNumber, etag })),
    });
  saveState();
  progress.set([...parts.keys()].reduce((sum, n) => sum + partRange(session, n).length, 0));

  const missing = Array.from({ length: count }, (_, index) => index + 1).filter(
    (partNumber) => !parts.has(partNumber),
  );
  const handle = await open(file.path, 'r');
  try {
    const worker = async () => {
      for (let next = missing.shift(); next !== undefined; next = missing.shift()) {
        try {
          const { etag, length } = await sendPart(api, session, handle, next);
          parts.set(next, etag);
          saveState();
          progress.add(length);
        } catch (error) {
          // The other workers stop taking parts: the re-run sends what is missing.
          missing.length = 0;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: LIMITS.uploadConcurrency }, worker));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const code = error instanceof CliError ? error.exitCode : EXIT.failure;
    throw new CliError(`${reason}\nRun the same command again to resume the upload.`, code);
  } finally {
    await handle.close();
  }
  const share = await api.post('/upload/multipart/complete', fileShare, {
    file_id: session.file_id,
    upload_id: session.upload_id,
    parts: [...parts].map(([partNumber, etag]) => ({ partNumber, etag })),
  });
  store.remove();
  return { share, sent: count - resumed, resumed };
}
