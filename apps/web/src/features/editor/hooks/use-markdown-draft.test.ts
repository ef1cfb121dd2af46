import { LIMITS, STORAGE_KEYS } from '@pastebox/contract/limits';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRestorableDraft, useMarkdownDraft } from './use-markdown-draft';

const HOUR = 60 * 60 * 1000;

function storedDraft(): { content: string; savedAt: number } | null {
  const raw = localStorage.getItem(STORAGE_KEYS.markdownDraft);
  return raw ? (JSON.parse(raw) as { content: string; savedAt: number }) : null;
}

describe('readRestorableDraft', () => {
  it('offers a draft younger than 24 hours and nothing older, empty or unreadable', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const save = (value: unknown) =>
      localStorage.setItem(STORAGE_KEYS.markdownDraft, JSON.stringify(value));

    save({ content: '# draft', savedAt: now - 23 * HOUR });
    expect(readRestorableDraft(now)).toEqual({ content: '# draft', savedAt: now - 23 * HOUR });
    save({ content: '# draft', savedAt: now - 25 * HOUR });
    expect(readRestorableDraft(now)).toBeNull();
    save({ content: '   ', savedAt: now });
    expect(readRestorableDraft(now)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.markdownDraft, '{not json');
    expect(readRestorableDraft(now)).toBeNull();
  });
});

describe('useMarkdownDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves changed content every 30 s and clears it on request', () => {
    const { result, rerender } = renderHook(({ content }) => useMarkdownDraft(content), {
      initialProps: { content: '' },
    });
    rerender({ content: 'first words' });
    act(() => {
      vi.advanceTimersByTime(LIMITS.draftAutosaveMs - 1);
    });
    expect(storedDraft()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(storedDraft()?.content).toBe('first words');
    expect(result.current.lastSavedAt).not.toBeNull();

    act(() => result.current.clear());
    expect(storedDraft()).toBeNull();
  });

  it('keeps an offered draft until it is restored or discarded', () => {
    localStorage.setItem(
      STORAGE_KEYS.markdownDraft,
      JSON.stringify({ content: 'yesterday', savedAt: Date.now() - HOUR }),
    );
    const { result, rerender } = renderHook(({ content }) => useMarkdownDraft(content), {
      initialProps: { content: '' },
    });
    expect(result.current.offer?.content).toBe('yesterday');

    // Typing while the offer is open does not overwrite the offered draft.
    rerender({ content: 'new text' });
    act(() => {
      vi.advanceTimersByTime(LIMITS.draftAutosaveMs);
    });
    expect(storedDraft()?.content).toBe('yesterday');

    let restored: string | null = null;
    act(() => {
      restored = result.current.restore();
    });
    expect(restored).toBe('yesterday');
    expect(result.current.offer).toBeNull();
  });

  it('forgets the draft when the offer is discarded', () => {
    localStorage.setItem(
      STORAGE_KEYS.markdownDraft,
      JSON.stringify({ content: 'old', savedAt: Date.now() }),
    );
    const { result } = renderHook(() => useMarkdownDraft(''));
    act(() => result.current.discard());
    expect(result.current.offer).toBeNull();
    expect(storedDraft()).toBeNull();
  });
});
