import type { FileShare } from '@pastebox/contract/schemas/file';
import { describe, expect, it } from 'vitest';
import { EMPTY_QUEUE, itemsToStart, queueReducer, type QueueState } from './queue';
import type { UploadOptions } from './types';

const defaults: UploadOptions = {
  slug: 'ignored-for-new-files',
  remark: 'team',
  password: '',
  expiresIn: 168,
  maxViews: 0,
  storageConfigId: null,
};

function withFiles(...names: string[]): QueueState {
  return queueReducer(EMPTY_QUEUE, {
    type: 'add',
    defaults,
    files: names.map((name) => ({ id: name, file: new File(['x'.repeat(10)], name) })),
  });
}

const share = { slug: 'abc' } as FileShare;

describe('queueReducer', () => {
  it('adds files as pending with the default options and no slug of their own', () => {
    const state = withFiles('a.txt', 'b.txt');
    expect(state.items.map((i) => [i.id, i.status, i.queued])).toEqual([
      ['a.txt', 'pending', false],
      ['b.txt', 'pending', false],
    ]);
    expect(state.items[0]?.options).toEqual({ ...defaults, slug: '' });
    expect(state.items[0]?.total).toBe(10);
  });

  it('edits one file without touching the others', () => {
    const state = queueReducer(withFiles('a', 'b'), {
      type: 'setOptions',
      id: 'b',
      patch: { password: 'pw', maxViews: 3 },
    });
    expect(state.items[0]?.options.password).toBe('');
    expect(state.items[1]?.options).toMatchObject({ password: 'pw', maxViews: 3 });
  });

  it('applies the defaults to every editable file but keeps each slug', () => {
    let state = queueReducer(withFiles('a', 'b'), {
      type: 'setOptions',
      id: 'a',
      patch: { slug: 'my-a', remark: 'old' },
    });
    state = queueReducer(state, { type: 'enqueue', ids: ['b'] });
    state = queueReducer(state, { type: 'start', id: 'b' });
    state = queueReducer(state, {
      type: 'applyToAll',
      defaults: { ...defaults, remark: 'new', expiresIn: 1 },
    });
    expect(state.items[0]?.options).toMatchObject({ slug: 'my-a', remark: 'new', expiresIn: 1 });
    // An upload under way keeps the options it started with.
    expect(state.items[1]?.options.remark).toBe('team');
  });

  it('walks pending → uploading → success with progress in between', () => {
    let state = queueReducer(withFiles('a'), { type: 'enqueue', ids: ['a'] });
    state = queueReducer(state, { type: 'start', id: 'a' });
    expect(state.items[0]).toMatchObject({ status: 'uploading', stage: 'starting', queued: false });
    state = queueReducer(state, {
      type: 'progress',
      id: 'a',
      progress: { stage: 'uploading', loaded: 4, total: 10 },
      speed: 2,
      secondsLeft: 3,
    });
    expect(state.items[0]).toMatchObject({ loaded: 4, speed: 2, secondsLeft: 3 });
    state = queueReducer(state, { type: 'succeed', id: 'a', result: share });
    expect(state.items[0]).toMatchObject({
      status: 'success',
      stage: 'completed',
      loaded: 10,
      result: share,
    });
  });

  it('keeps options locked while uploading', () => {
    let state = queueReducer(withFiles('a'), { type: 'enqueue', ids: ['a'] });
    state = queueReducer(state, { type: 'start', id: 'a' });
    state = queueReducer(state, { type: 'setOptions', id: 'a', patch: { remark: 'late' } });
    expect(state.items[0]?.options.remark).toBe('team');
  });

  it('fails with the error, lets the options be fixed, and retries from zero', () => {
    let state = queueReducer(withFiles('a'), { type: 'enqueue', ids: ['a'] });
    state = queueReducer(state, { type: 'start', id: 'a' });
    state = queueReducer(state, {
      type: 'progress',
      id: 'a',
      progress: { stage: 'uploading', loaded: 6, total: 10 },
      speed: 1,
      secondsLeft: 4,
    });
    const error = new Error('slug taken');
    state = queueReducer(state, { type: 'fail', id: 'a', error });
    expect(state.items[0]).toMatchObject({ status: 'error', error, speed: null });
    expect(state.items[0]?.failedOptions?.slug).toBe('');
    state = queueReducer(state, { type: 'setOptions', id: 'a', patch: { slug: 'other' } });
    state = queueReducer(state, { type: 'retry', id: 'a' });
    expect(state.items[0]).toMatchObject({
      status: 'pending',
      queued: true,
      loaded: 0,
      error: null,
      options: expect.objectContaining({ slug: 'other' }),
    });
  });

  it('ignores progress that arrives after the upload ended', () => {
    let state = queueReducer(withFiles('a'), { type: 'enqueue', ids: ['a'] });
    state = queueReducer(state, { type: 'start', id: 'a' });
    state = queueReducer(state, { type: 'fail', id: 'a', error: new Error('x') });
    state = queueReducer(state, {
      type: 'progress',
      id: 'a',
      progress: { stage: 'uploading', loaded: 9, total: 10 },
      speed: null,
      secondsLeft: null,
    });
    expect(state.items[0]).toMatchObject({ status: 'error', loaded: 0 });
  });

  it('removes a file, and clears the finished ones', () => {
    let state = withFiles('a', 'b', 'c');
    state = queueReducer(state, { type: 'remove', id: 'b' });
    state = queueReducer(state, { type: 'enqueue', ids: ['a'] });
    state = queueReducer(state, { type: 'start', id: 'a' });
    state = queueReducer(state, { type: 'succeed', id: 'a', result: share });
    state = queueReducer(state, { type: 'clearFinished' });
    expect(state.items.map((i) => i.id)).toEqual(['c']);
  });

  it('takes a queued file back out of the queue before it starts', () => {
    let state = queueReducer(withFiles('a'), { type: 'enqueue', ids: ['a'] });
    state = queueReducer(state, { type: 'unqueue', id: 'a' });
    expect(state.items[0]?.queued).toBe(false);
  });
});

describe('itemsToStart', () => {
  it('fills the free slots with queued files, oldest first', () => {
    let state = queueReducer(withFiles('a', 'b', 'c', 'd'), {
      type: 'enqueue',
      ids: ['a', 'b', 'c'],
    });
    expect(itemsToStart(state, 2).map((i) => i.id)).toEqual(['a', 'b']);
    state = queueReducer(state, { type: 'start', id: 'a' });
    expect(itemsToStart(state, 2).map((i) => i.id)).toEqual(['b']);
    state = queueReducer(state, { type: 'start', id: 'b' });
    expect(itemsToStart(state, 2)).toEqual([]);
  });
});
