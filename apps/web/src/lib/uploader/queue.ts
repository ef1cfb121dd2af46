import type { FileShare } from '@pastebox/contract/schemas/file';
import type { UploadOptions, UploadProgress, UploadStage } from './types';

/** SPEC §4 upload file states. */
export type QueueStatus = 'pending' | 'uploading' | 'success' | 'error';

export interface QueueItem {
  id: string;
  file: File;
  options: UploadOptions;
  status: QueueStatus;
  /** Pending and asked to start: waits for a free slot. */
  queued: boolean;
  stage: UploadStage | null;
  loaded: number;
  total: number;
  /** Bytes per second and seconds left, when known. */
  speed: number | null;
  secondsLeft: number | null;
  result: FileShare | null;
  error: unknown;
  /** The options the failed attempt used: a slug error applies only while the slug is unchanged. */
  failedOptions: UploadOptions | null;
}

export interface QueueState {
  items: QueueItem[];
}

export type QueueAction =
  | { type: 'add'; files: { id: string; file: File }[]; defaults: UploadOptions }
  | { type: 'setOptions'; id: string; patch: Partial<UploadOptions> }
  | { type: 'applyToAll'; defaults: UploadOptions }
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
  | { type: 'succeed'; id: string; result: FileShare }
  | { type: 'fail'; id: string; error: unknown }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clearFinished' };

export const EMPTY_QUEUE: QueueState = { items: [] };

function fresh(id: string, file: File, options: UploadOptions): QueueItem {
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
function editable(item: QueueItem): boolean {
  return (item.status === 'pending' && !item.queued) || item.status === 'error';
}

function update(state: QueueState, id: string, change: (item: QueueItem) => QueueItem) {
  return { items: state.items.map((item) => (item.id === id ? change(item) : item)) };
}

/**
 * The upload queue's state machine: pending → uploading → success | error, with retry
 * (error → pending, queued) and removal. Side effects (the uploads themselves) live in the
 * hook that drives it; this stays pure so every transition can be tested.
 */
export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case 'add':
      return {
        items: [
          ...state.items,
          ...action.files.map(({ id, file }) => fresh(id, file, { ...action.defaults, slug: '' })),
        ],
      };
    case 'setOptions':
      return update(state, action.id, (item) =>
        editable(item) ? { ...item, options: { ...item.options, ...action.patch } } : item,
      );
    case 'applyToAll':
      // A link suffix is unique per share, so each file keeps its own.
      return {
        items: state.items.map((item) =>
          editable(item)
            ? { ...item, options: { ...action.defaults, slug: item.options.slug } }
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
          ? { ...fresh(item.id, item.file, item.options), queued: true }
          : item,
      );
    case 'remove':
      return { items: state.items.filter((item) => item.id !== action.id) };
    case 'clearFinished':
      return { items: state.items.filter((item) => item.status !== 'success') };
  }
}

/** Items to start now so that at most `slots` upload at once, oldest first. */
export function itemsToStart(state: QueueState, slots: number): QueueItem[] {
  const active = state.items.filter((item) => item.status === 'uploading').length;
  const free = Math.max(0, slots - active);
  return state.items.filter((item) => item.status === 'pending' && item.queued).slice(0, free);
}

/** Overall progress of the queue: bytes sent of all files that are not pending. */
export function queueSummary(state: QueueState) {
  const count = (status: QueueStatus) => state.items.filter((i) => i.status === status).length;
  return {
    pending: count('pending'),
    uploading: count('uploading'),
    success: count('success'),
    error: count('error'),
  };
}
