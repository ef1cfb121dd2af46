import { LIMITS, STORAGE_KEYS } from '@pastebox/contract/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { safeStorage } from '@/lib/storage-keys';

/** The stored Markdown draft (SPEC §3): its content and when it was saved (epoch ms). */
export interface MarkdownDraft {
  content: string;
  savedAt: number;
}

/** The stored draft if it is readable, not empty and younger than 24 h (SPEC §4). */
export function readRestorableDraft(now: number): MarkdownDraft | null {
  const raw = safeStorage.get(STORAGE_KEYS.markdownDraft);
  if (!raw) {
    return null;
  }
  try {
    const draft = JSON.parse(raw) as Partial<MarkdownDraft>;
    const savedAt = typeof draft.savedAt === 'string' ? Date.parse(draft.savedAt) : draft.savedAt;
    if (typeof draft.content !== 'string' || draft.content.trim() === '') {
      return null;
    }
    if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) {
      return null;
    }
    return now - savedAt < LIMITS.draftMaxAgeMs ? { content: draft.content, savedAt } : null;
  } catch {
    return null;
  }
}

export interface DraftControls {
  /** A draft from an earlier visit, offered until restored or discarded. */
  offer: MarkdownDraft | null;
  /** When this visit last saved, for the "draft saved" note. */
  lastSavedAt: number | null;
  /** Ctrl/Cmd+S: saves now (an explicit save replaces an offered draft). False if empty. */
  saveNow: () => boolean;
  /** Takes the offer: returns its content and stops offering it. */
  restore: () => string | null;
  discard: () => void;
  /** After a successful create: the draft has served its purpose. */
  clear: () => void;
}

/**
 * Auto-saves `content` every 30 s while it changes (SPEC §4) and when the page is left, and
 * offers back a draft under 24 h old on arrival. While the offer is open nothing is saved,
 * so the offered draft is not overwritten before the user decides.
 */
export function useMarkdownDraft(content: string): DraftControls {
  const [offer, setOffer] = useState<MarkdownDraft | null>(() => readRestorableDraft(Date.now()));
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(null);
  const latest = useRef({ content, saved: '', offerOpen: offer !== null });
  useEffect(() => {
    latest.current.content = content;
    latest.current.offerOpen = offer !== null;
  });

  const save = useCallback((force: boolean): boolean => {
    const { content: current, saved, offerOpen } = latest.current;
    if (offerOpen || current.trim() === '' || (!force && current === saved)) {
      return false;
    }
    const savedAt = Date.now();
    safeStorage.set(STORAGE_KEYS.markdownDraft, JSON.stringify({ content: current, savedAt }));
    latest.current.saved = current;
    setLastSavedAt(savedAt);
    return true;
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => save(false), LIMITS.draftAutosaveMs);
    // Leaving the page between two ticks would lose up to 30 s of typing.
    const onPageHide = () => save(false);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [save]);

  return {
    offer,
    lastSavedAt,
    saveNow: () => {
      latest.current.offerOpen = false;
      setOffer(null);
      return save(true);
    },
    restore: () => {
      const restored = offer?.content ?? null;
      setOffer(null);
      return restored;
    },
    discard: () => {
      safeStorage.remove(STORAGE_KEYS.markdownDraft);
      setOffer(null);
    },
    clear: () => {
      safeStorage.remove(STORAGE_KEYS.markdownDraft);
      latest.current.saved = '';
      setLastSavedAt(null);
    },
  };
}
