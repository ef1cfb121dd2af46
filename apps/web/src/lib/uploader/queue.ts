import type { UploadedShare, UploadOptions, UploadProgress, UploadStage } from './types';

/** SPEC §4 upload file states. */
export type QueueStatus = 'pending' | 'uploading' | 'success' | 'error';

/**
 * One file of a queue. `O` is what the file is uploaded with (a share's options, or the
 * folder of a mount it goes to) and `R` what its upload answers (the share, the written
 * file); the defaults are the share upload's.
 */
export interface QueueItem<O = UploadOptions, R = UploadedShare> {
  id: string;
  file: File;
  options: O;
  status: QueueStatus;
  /** Pending and asked to start: waits for a free slot. */
  queued: boolean;
  stage: UploadStage | null;
  loaded: number;
  total: number;
  /** Bytes per second and seconds left, when known. */
  speed: number | null;
  secondsLeft: number | null;
  result: R | null;
  error: unknown;
  /** The options the failed attempt used: a slug error applies only while the slug is unchanged. */
  failedOptions: O | null;
}

export interface QueueState<O = UploadOptions, R = UploadedShare> {
  items: QueueItem<O, R>[];
}

export type QueueAction<O = UploadOptions, R = UploadedShare> =
  /** A file given its own `options` keeps them; the others start from `defaults`. */
  | { type: 'add'; files: { id: string; file: File; options?: O }[]; defaults: O }
  | { type: 'setOptions'; id: string; patch: Partial<O> }
  | { type: 'applyToAll'; defaults: O }
  | { type: 'enqueue'; ids: string[] }
  | { type: 'unqueue'; id: string }
  | { type: 'start'; id: string }
  | {
      type: 'progress';
      id: string;
      progress: UploadProgress;
      speed: number | null;
      secondsLeft: number | null;
    }
  | { type: 'succeed'; id: string; result: R }
  | { type: 'fail'; id: string; error: unknown }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clearFinished' };

export const EMPTY_QUEUE: QueueState = { items: [] };

/** How a kind of upload fills in options: what the queue's state machine leaves to it. */
export interface OptionsPolicy<O> {
  /** The options a file added with `defaults` starts with. */
  forNewFile: (defaults: O) => O;
  /** What "apply to all" makes of a file's own options. */
  applyDefaults: (own: O, defaults: O) => O;
}

export type QueueReducer<O, R> = (
  state: QueueState<O, R>,
  action: QueueAction<O, R>,
) => QueueState<O, R>;

function fresh<O, R>(id: string, file: File, options: O): QueueItem<O, R> {
  return {
    id,
    file,
    options,
    status: 'pending',
    queued: false,
    stage: null,
    loaded: 0,
    total: file.size,
    speed: null,
    secondsLeft: null,
    result: null,
    error: null,
    failedOptions: null,
  };
}

/** Options may change only before an upload starts (or after it failed, for a retry). */
function editable<O, R>(item: QueueItem<O, R>): boolean {
  return (item.status === 'pending' && !item.queued) || item.status === 'error';
}

function update<O, R>(
  state: QueueState<O, R>,
  id: string,
  change: (item: QueueItem<O, R>) => QueueItem<O, R>,
): QueueState<O, R> {
  return { items: state.items.map((item) => (item.id === id ? change(item) : item)) };
}

/**
 * The upload queue's state machine: pending → uploading → success | error, with retry
 * (error → pending, queued) and removal. Side effects (the uploads themselves) live in the
 * store that drives it; this stays pure so every transition can be tested.
 */
export function createQueueReducer<O, R>(policy: OptionsPolicy<O>): QueueReducer<O, R> {
  return (state, action) => reduce(policy, state, action);
}

function reduce<O, R>(
  policy: OptionsPolicy<O>,
  state: QueueState<O, R>,
  action: QueueAction<O, R>,
): QueueState<O, R> {
  switch (action.type) {
    case 'add':
      return {
        items: [
          ...state.items,
          ...action.files.map(({ id, file, options }) =>
            fresh<O, R>(id, file, options ?? policy.forNewFile(action.defaults)),
          ),
        ],
      };
    case 'setOptions':
      return update(state, action.id, (item) =>
        editable(item) ? { ...item, options: { ...item.options, ...action.patch } } : item,
      );
    case 'applyToAll':
      return {
        items: state.items.map((item) =>
          editable(item)
            ? { ...item, options: policy.applyDefaults(item.options, action.defaults) }
            : item,
        ),
      };
    case 'enqueue':
      return {
        items: state.items.map((item) =>
          action.ids.includes(item.id) && item.status === 'pending'
            ? { ...item, queued: true }
            : item,
        ),
      };
    case 'unqueue':
      return update(state, action.id, (item) =>
        item.status === 'pending' ? { ...item, queued: false } : item,
      );
    case 'start':
      return update(state, action.id, (item) => ({
        ...item,
        status: 'uploading',
        queued: false,
        stage: 'starting',
        loaded: 0,
        speed: null,
        secondsLeft: null,
        error: null,
      }));
    case 'progress':
      return update(state, action.id, (item) =>
        item.status === 'uploading'
          ? {
              ...item,
              stage: action.progress.stage,
              loaded: action.progress.loaded,
              total: action.progress.total,
              speed: action.speed,
              secondsLeft: action.secondsLeft,
            }
          : item,
      );
    case 'succeed':
      return update(state, action.id, (item) => ({
        ...item,
        status: 'success',
        stage: 'completed',
        loaded: item.total,
        secondsLeft: 0,
        result: action.result,
      }));
    case 'fail':
      return update(state, action.id, (item) => ({
        ...item,
        status: 'error',
        queued: false,
        speed: null,
        secondsLeft: null,
        error: action.error,
        failedOptions: item.options,
      }));
    case 'retry':
      return update(state, action.id, (item) =>
        item.status === 'error'
          ? { ...fresh<O, R>(item.id, item.file, item.options), queued: true }
          : item,
      );
    case 'remove':
      return { items: state.items.filter((item) => item.id !== action.id) };
    case 'clearFinished':
      return { items: state.items.filter((item) => item.status !== 'success') };
  }
}

/**
 * A share's options: a new file gets no link suffix of its own, and keeps its own when the
 * defaults are applied to all, because a suffix is unique per share.
 */
export const queueReducer = createQueueReducer<UploadOptions, UploadedShare>({
  forNewFile: (defaults) => ({ ...defaults, slug: '' }),
  applyDefaults: (own, defaults) => ({ ...defaults, slug: own.slug }),
});

/** Items to start now so that at most `slots` upload at once, oldest first. */
export function itemsToStart<O, R>(state: QueueState<O, R>, slots: number): QueueItem<O, R>[] {
  const active = state.items.filter((item) => item.status === 'uploading').length;
  const free = Math.max(0, slots - active);
  return state.items.filter((item) => item.status === 'pending' && item.queued).slice(0, free);
}

/** Overall progress of the queue: bytes sent of all files that are not pending. */
export function queueSummary<O, R>(state: QueueState<O, R>) {
  const count = (status: QueueStatus) => state.items.filter((i) => i.status === status).length;
  return {
    pending: count('pending'),
    uploading: count('uploading'),
    success: count('success'),
    error: count('error'),
  };
}
