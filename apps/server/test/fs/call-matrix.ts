import { ERRORS, type ErrorKey } from '@pastebox/contract/errors';
import type { ApiClient } from '../support/api-client';
import { fsCall, fsUrl } from './fs-support';

/**
 * Every path-taking call of the fs API as one function of (client, path), for the tests
 * that must hold for all of them (permissions, escapes, inactive mounts): each answers the
 * status and the error key, batch-remove its one failure as the status that key carries.
 */
export type Outcome = [status: number, error: string | undefined];

export type PathCall = (client: ApiClient, path: string) => Promise<Outcome>;

async function outcomeOfRaw(res: Response): Promise<Outcome> {
  const type = res.headers.get('content-type') ?? '';
  if (res.ok || !type.includes('application/json')) {
    await res.arrayBuffer();
    return [res.status, undefined];
  }
  return [res.status, ((await res.json()) as { error?: string }).error];
}

/** An envelope answer's outcome. */
async function outcomeOf(pending: Promise<{ status: number; body: { error?: string } }>) {
  const res = await pending;
  return [res.status, res.body.error] as Outcome;
}

/** The calls that read. */
export const readCalls: Record<string, PathCall> = {
  list: (c, path) => outcomeOf(fsCall.list(c, path)),
  get: (c, path) => outcomeOf(fsCall.get(c, path)),
  download: async (c, path) => outcomeOfRaw(await c.raw(fsUrl(c, 'download', { path }))),
  preview: async (c, path) => outcomeOfRaw(await c.raw(fsUrl(c, 'preview', { path }))),
  'file-link': (c, path) => outcomeOf(fsCall.fileLink(c, path)),
  'download-zip': async (c, path) => outcomeOfRaw(await c.raw(fsUrl(c, 'download-zip', { path }))),
  'download-zip-link': (c, path) => outcomeOf(c.get(fsUrl(c, 'download-zip-link', { path }))),
};

/** The calls that change something; `inside` is a file the caller may rename. */
export function writeCalls(inside: string): Record<string, PathCall> {
  return {
    mkdir: (c, path) => outcomeOf(fsCall.mkdir(c, path)),
    update: (c, path) => outcomeOf(fsCall.update(c, path, 'written')),
    remove: (c, path) => outcomeOf(fsCall.remove(c, path)),
    'rename from': (c, path) => outcomeOf(fsCall.rename(c, path, `${inside}.renamed`)),
    'rename to': (c, path) => outcomeOf(fsCall.rename(c, inside, path)),
    'batch-remove': async (c, path) => {
      const res = await fsCall.batchRemove(c, [path]);
      const failure = res.body.data?.failed[0];
      if (res.status !== 200 || !failure) {
        return [res.status, res.body.error];
      }
      return [ERRORS[failure.error as ErrorKey].status, failure.error];
    },
  };
}

/** Every call: the reads and the writes. */
export function allCalls(inside: string): Record<string, PathCall> {
  return { ...readCalls, ...writeCalls(inside) };
}

/** What each call answers for `path`, called one after the other. */
export async function outcomesOf(
  calls: Record<string, PathCall>,
  client: ApiClient,
  path: string,
): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {};
  for (const [name, call] of Object.entries(calls)) {
    outcomes[name] = await call(client, path);
  }
  return outcomes;
}

/** The same outcome for every call. */
export function everyCall(calls: Record<string, PathCall>, outcome: Outcome) {
  return Object.fromEntries(Object.keys(calls).map((name) => [name, outcome]));
}
