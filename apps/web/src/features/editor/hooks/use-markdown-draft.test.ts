import { LIMITS, STORAGE_KEYS } from '@pastebox/contract/limits';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRestorableDraft, restorableDraft, useMarkdownDraft } from './use-markdown-draft';

const HOUR = 60 * 60 * 1000;

// happy-dom has no IndexedDB: the draft falls back to localStorage, as in a private window.
// The IndexedDB path (and the move of a localStorage draft into it) is proven in the
// browser by apps/web/e2e/offline.e2e.ts.
function storedDraft(): { content: string; savedAt: number } | null {
  const raw = localStorage.getItem(STORAGE_KEYS.markdownDraft);
  return raw ? (JSON.parse(raw) as { content: string; savedAt: number }) : null;
}

/** Lets the hook's asynchronous draft read and writes settle. */
async function settle(): Promise<void> {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('restorableDraft', () => {
  it('offers a draft younger than 24 hours and nothing older, empty or malformed', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(restorableDraft({ content: '# draft', savedAt: now - 23 * HOUR }, now)).toEqual({
      content: '# draft',
      savedAt: now - 23 * HOUR,
    });
    expect(restorableDraft({ content: '# draft', savedAt: now - 25 * HOUR }, now)).toBeNull();
    expect(restorableDraft({ content: '   ', savedAt: now }, now)).toBeNull();
    expect(restorableDraft({ content: 'x', savedAt: 'yesterday' }, now)).toBeNull();
    expect(restorableDraft(null, now)).toBeNull();
    // Older versions saved an ISO date.
    expect(
      restorableDraft({ content: 'x', savedAt: new Date(now - HOUR).toISOString() }, now),
    ).toEqual({ content: 'x', savedAt: now - HOUR });
  });

  it('reads nothing from an unreadable stored draft', async () => {
    localStorage.setItem(STORAGE_KEYS.markdownDraft, '{not json');
    expect(await readRestorableDraft(Date.now())).toBeNull();
  });
});

describe('useMarkdownDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves changed content every 30 s and clears it on request', async () => {
    const { result, rerender } = renderHook(({ content }) => useMarkdownDraft(content), {
      initialProps: { content: '' },
    });
    await settle();
    rerender({ content: 'first words' });
    act(() => {
      vi.advanceTimersByTime(LIMITS.draftAutosaveMs - 1);
    });
    expect(storedDraft()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await settle();
    expect(storedDraft()?.content).toBe('first words');
    expect(result.current.lastSavedAt).not.toBeNull();

    act(() => result.current.clear());
    await settle();
    expect(storedDraft()).toBeNull();
  });

  it('keeps an offered draft until it is restored or discarded', async () => {
    localStorage.setItem(
      STORAGE_KEYS.markdownDraft,
      JSON.stringify({ content: 'yesterday', savedAt: Date.now() - HOUR }),
    );
    const { result, rerender } = renderHook(({ content }) => useMarkdownDraft(content), {
      initialProps: { content: '' },
    });
    await settle();
    expect(result.current.offer?.content).toBe('yesterday');

    // Typing while the offer is open does not overwrite the offered draft.
    rerender({ content: 'new text' });
    act(() => {
      vi.advanceTimersByTime(LIMITS.draftAutosaveMs);
    });
    await settle();
    expect(storedDraft()?.content).toBe('yesterday');

    let restored: string | null = null;
    act(() => {
      restored = result.current.restore();
    });
    expect(restored).toBe('yesterday');
    expect(result.current.offer).toBeNull();
  });

  it('forgets the draft when the offer is discarded', async () => {
    localStorage.setItem(
      STORAGE_KEYS.markdownDraft,
      JSON.stringify({ content: 'old', savedAt: Date.now() }),
    );
    const { result } = renderHook(() => useMarkdownDraft(''));
    await settle();
    expect(result.current.offer?.content).toBe('old');
    act(() => result.current.discard());
    await settle();
    expect(result.current.offer).toBeNull();
    expect(storedDraft()).toBeNull();
  });
});
