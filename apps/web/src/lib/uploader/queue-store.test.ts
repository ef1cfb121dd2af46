import type { FileShare } from '@pastebox/contract/schemas/file';
import { describe, expect, it, vi } from 'vitest';
import { UploadError } from './errors';
import { UploadQueueStore } from './queue-store';
import type { UploadOptions, UploadRequest } from './types';

const defaults: UploadOptions = {
  slug: '',
  remark: '',
  password: '',
  expiresIn: 0,
  maxViews: 0,
  storageConfigId: null,
};

/** An upload the test finishes by hand. */
function controllable() {
  const calls: { request: UploadRequest; resolve: (share: FileShare) => void }[] = [];
  const upload = (request: UploadRequest) =>
    new Promise<FileShare>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new UploadError('cancelled')));
      calls.push({ request, resolve });
    });
  return { calls, upload };
}

const files = (...names: string[]) => names.map((name) => new File(['data'], name));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const statuses = (store: UploadQueueStore) => store.getState().items.map((i) => i.status);

describe('UploadQueueStore', () => {
  it('uploads two files at a time and starts the next when one ends', async () => {
    const { calls, upload } = controllable();
    const store = new UploadQueueStore({ upload });
    store.add(files('a', 'b', 'c'), defaults);
    store.start();
    expect(statuses(store)).toEqual(['uploading', 'uploading', 'pending']);
    expect(calls.map((c) => c.request.filename)).toEqual(['a', 'b']);

    calls[0]!.resolve({ slug: 'a' } as FileShare);
    await flush();
    expect(statuses(store)).toEqual(['success', 'uploading', 'uploading']);
    expect(calls[2]?.request.filename).toBe('c');
  });

  it('sends each file with its own options and the driver of its storage', () => {
    const { calls, upload } = controllable();
    const store = new UploadQueueStore({ upload });
    store.configure({ providerTypeOf: (id) => (id === 's3-1' ? 's3' : 'local') });
    const [id] = store.add(files('a'), defaults);
    store.setOptions(id!, { password: 'pw', storageConfigId: 's3-1' });
    store.start([id!]);
    expect(calls[0]?.request.options).toMatchObject({ password: 'pw', storageConfigId: 's3-1' });
    expect(calls[0]?.request.providerType).toBe('s3');
    expect(calls[0]?.request.fingerprint).toMatch(/^a:4:/);
  });

  it('cancels an upload into a retryable error, and a retry uploads again', async () => {
    const { calls, upload } = controllable();
    const store = new UploadQueueStore({ upload });
    const [id] = store.add(files('a'), defaults);
    store.start();
    store.cancel(id!);
    await flush();
    expect(store.getState().items[0]).toMatchObject({ status: 'error' });
    expect(store.getState().items[0]?.error).toMatchObject({ code: 'cancelled' });

    store.retry(id!);
    expect(statuses(store)).toEqual(['uploading']);
    expect(calls).toHaveLength(2);
  });

  it('reports each success once, with the share', async () => {
    const { calls, upload } = controllable();
    const store = new UploadQueueStore({ upload });
    const onUploaded = vi.fn();
    store.configure({ onUploaded });
    store.add(files('a'), defaults);
    store.start();
    calls[0]!.resolve({ slug: 'xyz' } as FileShare);
    await flush();
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(onUploaded.mock.calls[0]?.[1]).toEqual({ slug: 'xyz' });
  });

  it('reports progress with speed and time left, at most every 200 ms per stage', () => {
    let now = 0;
    const requests: UploadRequest[] = [];
    const store = new UploadQueueStore({
      now: () => now,
      upload: (request) => {
        requests.push(request);
        return new Promise(() => undefined);
      },
    });
    store.add(files('a'), defaults);
    store.start();
    const report = (loaded: number, at: number) => {
      now = at;
      requests[0]!.onProgress({ stage: 'uploading', loaded, total: 10_000 });
    };
    report(0, 0);
    report(500, 100); // dropped: too soon
    expect(store.getState().items[0]?.loaded).toBe(0);
    report(2000, 1000);
    expect(store.getState().items[0]).toMatchObject({
      stage: 'uploading',
      loaded: 2000,
      speed: 2000,
      secondsLeft: 4,
    });
  });

  it('unqueues a waiting file instead of failing it', () => {
    const { upload } = controllable();
    const store = new UploadQueueStore({ upload, slots: 1 });
    const ids = store.add(files('a', 'b'), defaults);
    store.start();
    store.cancel(ids[1]!);
    expect(store.getState().items[1]).toMatchObject({ status: 'pending', queued: false });
  });
});
