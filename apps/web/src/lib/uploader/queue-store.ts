import type { FileShare } from '@pastebox/contract/schemas/file';
import { EMPTY_QUEUE, itemsToStart, queueReducer, type QueueAction, type QueueItem } from './queue';
import { fileFingerprint } from './resume-store';
import { SpeedMeter } from './speed';
import type { UploadOptions, UploadRequest } from './types';

/** Files uploading at once; each multipart file has its own 3 parts in flight. */
export const FILE_SLOTS = 2;
/** Progress redraws at most this often per file; stage changes always redraw. */
const PROGRESS_INTERVAL_MS = 200;

export interface QueueStoreDeps {
  upload: (request: UploadRequest) => Promise<FileShare>;
  now?: () => number;
  slots?: number;
}

let idCounter = 0;
/** Unique enough for one page; crypto.randomUUID is missing on plain-HTTP origins. */
function nextId(): string {
  idCounter += 1;
  return `f${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The upload queue outside React: state (see queueReducer), the uploads it runs with at
 * most FILE_SLOTS at once, cancel and retry. Components read it with useSyncExternalStore.
 */
export class UploadQueueStore {
  private state = EMPTY_QUEUE;
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly now: () => number;
  private readonly slots: number;
  private providerTypeOf: (configId: string | null) => string | null = () => null;
  private onUploaded: (item: QueueItem, share: FileShare) => void = () => undefined;

  constructor(private readonly deps: QueueStoreDeps) {
    this.now = deps.now ?? Date.now;
    this.slots = deps.slots ?? FILE_SLOTS;
  }

  /**
   * Tells the store the driver of each storage config (`local`, `s3`; null when unknown)
   * and what to do with each finished share.
   */
  configure(settings: {
    providerTypeOf?: (configId: string | null) => string | null;
    onUploaded?: (item: QueueItem, share: FileShare) => void;
  }): void {
    this.providerTypeOf = settings.providerTypeOf ?? this.providerTypeOf;
    this.onUploaded = settings.onUploaded ?? this.onUploaded;
  }

  getState = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private dispatch(action: QueueAction): void {
    this.state = queueReducer(this.state, action);
    this.listeners.forEach((listener) => listener());
  }

  /** Adds files with the default options; answers their ids. */
  add(files: File[], defaults: UploadOptions): string[] {
    const added = files.map((file) => ({ id: nextId(), file }));
    this.dispatch({ type: 'add', files: added, defaults });
    return added.map((entry) => entry.id);
  }

  setOptions(id: string, patch: Partial<UploadOptions>): void {
    this.dispatch({ type: 'setOptions', id, patch });
  }

  applyToAll(defaults: UploadOptions): void {
    this.dispatch({ type: 'applyToAll', defaults });
  }

  /** Queues the given files (all pending ones when none given) and starts what fits. */
  start(ids?: string[]): void {
    const pending = this.state.items.filter((item) => item.status === 'pending');
    this.dispatch({ type: 'enqueue', ids: ids ?? pending.map((item) => item.id) });
    this.pump();
  }

  retry(id: string): void {
    this.dispatch({ type: 'retry', id });
    this.pump();
  }

  /** Stops an upload (it ends as "upload cancelled", retryable) or unqueues a waiting file. */
  cancel(id: string): void {
    const controller = this.controllers.get(id);
    if (controller) {
      controller.abort();
      return;
    }
    this.dispatch({ type: 'unqueue', id });
  }

  remove(id: string): void {
    this.controllers.get(id)?.abort();
    this.dispatch({ type: 'remove', id });
  }

  clearFinished(): void {
    this.dispatch({ type: 'clearFinished' });
  }

  /** Cancels every running upload (the page is going away). */
  dispose(): void {
    this.controllers.forEach((controller) => controller.abort());
  }

  private pump(): void {
    for (const item of itemsToStart(this.state, this.slots)) {
      this.dispatch({ type: 'start', id: item.id });
      void this.run(item);
    }
  }

  private async run(item: QueueItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    const meter = new SpeedMeter();
    let lastStage: string | null = null;
    let lastReport = 0;
    try {
      const share = await this.deps.upload({
        file: item.file,
        filename: item.file.name,
        mimetype: item.file.type,
        options: item.options,
        providerType: this.providerTypeOf(item.options.storageConfigId),
        fingerprint: fileFingerprint(item.file),
        signal: controller.signal,
        onProgress: (progress) => {
          const at = this.now();
          meter.add(progress.loaded, at);
          if (progress.stage === lastStage && at - lastReport < PROGRESS_INTERVAL_MS) {
            return;
          }
          lastStage = progress.stage;
          lastReport = at;
          this.dispatch({
            type: 'progress',
            id: item.id,
            progress,
            speed: progress.stage === 'uploading' ? meter.speed() : null,
            secondsLeft: progress.stage === 'uploading' ? meter.secondsLeft(progress.total) : null,
          });
        },
      });
      this.dispatch({ type: 'succeed', id: item.id, result: share });
      this.onUploaded(item, share);
    } catch (error) {
      this.dispatch({ type: 'fail', id: item.id, error });
    } finally {
      this.controllers.delete(item.id);
      this.pump();
    }
  }
}
