import {
  itemsToStart,
  queueReducer,
  type QueueAction,
  type QueueItem,
  type QueueReducer,
  type QueueState,
} from './queue';
import { fileFingerprint } from './resume-store';
import { SpeedMeter } from './speed';
import type { UploadedShare, UploadOptions, UploadRequest } from './types';

/** Files uploading at once; each multipart file has its own 3 parts in flight. */
export const FILE_SLOTS = 2;
/** Progress redraws at most this often per file; stage changes always redraw. */
const PROGRESS_INTERVAL_MS = 200;

export interface QueueStoreDeps<O = UploadOptions, R = UploadedShare> {
  upload: (request: UploadRequest<O>) => Promise<R>;
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
 * An upload queue outside React: state (see createQueueReducer), the uploads it runs with
 * at most FILE_SLOTS at once, cancel and retry. Components read it with
 * useSyncExternalStore. `O` and `R` are the kind of upload's options and answer.
 */
export class QueueStore<O, R> {
  private state: QueueState<O, R> = { items: [] };
  private readonly listeners = new Set<() => void>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly now: () => number;
  private readonly slots: number;
  private onUploaded: (item: QueueItem<O, R>, result: R) => void = () => undefined;

  constructor(
    private readonly deps: QueueStoreDeps<O, R>,
    private readonly reducer: QueueReducer<O, R>,
  ) {
    this.now = deps.now ?? Date.now;
    this.slots = deps.slots ?? FILE_SLOTS;
  }

  /** What to do with each finished upload's answer. */
  configure(settings: { onUploaded?: (item: QueueItem<O, R>, result: R) => void }): void {
    this.onUploaded = settings.onUploaded ?? this.onUploaded;
  }

  /** The storage driver an upload with these options goes to, when known. */
  protected providerTypeFor(options: O): string | null {
    void options;
    return null;
  }

  getState = (): QueueState<O, R> => this.state;

  /** Some file is being sent right now (the page should not be closed). */
  isUploading(): boolean {
    return this.state.items.some((item) => item.status === 'uploading');
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private dispatch(action: QueueAction<O, R>): void {
    this.state = this.reducer(this.state, action);
    this.listeners.forEach((listener) => listener());
  }

  /** Adds files with the default options; answers their ids. */
  add(files: File[], defaults: O): string[] {
    const added = files.map((file) => ({ id: nextId(), file }));
    this.dispatch({ type: 'add', files: added, defaults });
    return added.map((entry) => entry.id);
  }

  /** Adds files each with options of its own (one update for the lot); answers their ids. */
  addEach(entries: { file: File; options: O }[]): string[] {
    const first = entries[0];
    if (!first) {
      return [];
    }
    const added = entries.map((entry) => ({ id: nextId(), ...entry }));
    this.dispatch({ type: 'add', files: added, defaults: first.options });
    return added.map((entry) => entry.id);
  }

  setOptions(id: string, patch: Partial<O>): void {
    this.dispatch({ type: 'setOptions', id, patch });
  }

  applyToAll(defaults: O): void {
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

  private async run(item: QueueItem<O, R>): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    const meter = new SpeedMeter();
    let lastStage: string | null = null;
    let lastReport = 0;
    try {
      const result = await this.deps.upload({
        file: item.file,
        filename: item.file.name,
        mimetype: item.file.type,
        options: item.options,
        providerType: this.providerTypeFor(item.options),
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
      this.dispatch({ type: 'succeed', id: item.id, result });
      this.onUploaded(item, result);
    } catch (error) {
      this.dispatch({ type: 'fail', id: item.id, error });
    } finally {
      this.controllers.delete(item.id);
      this.pump();
    }
  }
}

/** The share upload's queue: share options, and the driver of each storage config. */
export class UploadQueueStore extends QueueStore<UploadOptions, UploadedShare> {
  private providerTypeOf: (configId: string | null) => string | null = () => null;

  constructor(deps: QueueStoreDeps) {
    super(deps, queueReducer);
  }

  /**
   * Tells the store the driver of each storage config (`local`, `s3`; null when unknown)
   * and what to do with each finished share.
   */
  override configure(settings: {
    providerTypeOf?: (configId: string | null) => string | null;
    onUploaded?: (item: QueueItem, share: UploadedShare) => void;
  }): void {
    super.configure(settings);
    this.providerTypeOf = settings.providerTypeOf ?? this.providerTypeOf;
  }

  protected override providerTypeFor(options: UploadOptions): string | null {
    return this.providerTypeOf(options.storageConfigId);
  }
}
