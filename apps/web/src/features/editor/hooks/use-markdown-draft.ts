import { LIMITS, STORAGE_KEYS } from '@pastebox/contract/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { keptSetting } from '@/lib/offline/kept-setting';

/** The stored Markdown draft (SPEC §3): its content and when it was saved (epoch ms). */
export interface MarkdownDraft {
  content: string;
  savedAt: number;
}

/**
 * The draft lives in the offline database's settings store (SPEC §3); a draft an earlier
 * version left in localStorage moves there on the first read. Where IndexedDB is missing,
 * localStorage keeps it. A draft is at most 24 h useful, so the 7-day clean-up may take it.
 */
export const draftSetting = keptSetting<MarkdownDraft>(
  'markdown_draft',
  STORAGE_KEYS.markdownDraft,
  {
    expires: true,
  },
);

/** `value` as a draft if it is one, not empty and younger than 24 h (SPEC §4); else null. */
export function restorableDraft(value: unknown, now: number): MarkdownDraft | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const draft = value as Partial<Record<keyof MarkdownDraft, unknown>>;
  const savedAt = typeof draft.savedAt === 'string' ? Date.parse(draft.savedAt) : draft.savedAt;
  if (typeof draft.content !== 'string' || draft.content.trim() === '') {
    return null;
  }
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) {
    return null;
  }
  return now - savedAt < LIMITS.draftMaxAgeMs ? { content: draft.content, savedAt } : null;
}

/** The stored draft if it is restorable (see `restorableDraft`). Never throws. */
export async function readRestorableDraft(now: number): Promise<MarkdownDraft | null> {
  return restorableDraft(await draftSetting.read(), now);
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
  const [offer, setOffer] = useState<MarkdownDraft | null>(null);
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(null);
  // `loading`: until the stored draft is read, nothing is auto-saved over it.
  const latest = useRef({ content, saved: '', offerOpen: false, loading: true });
  useEffect(() => {
    latest.current.content = content;
    latest.current.offerOpen = offer !== null;
  });

  useEffect(() => {
    let active = true;
    void readRestorableDraft(Date.now()).then((stored) => {
      // An explicit save while reading already decided: the stored draft is not offered.
      if (!active || !latest.current.loading) {
        return;
      }
      latest.current.loading = false;
      latest.current.offerOpen = stored !== null;
      setOffer(stored);
    });
    return () => {
      active = false;
    };
  }, []);

  const save = useCallback((force: boolean): boolean => {
    const { content: current, saved, offerOpen, loading } = latest.current;
    if (loading || offerOpen || current.trim() === '' || (!force && current === saved)) {
      return false;
    }
    const savedAt = Date.now();
    void draftSetting.write({ content: current, savedAt });
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
      latest.current.loading = false;
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
      void draftSetting.remove();
      setOffer(null);
    },
    clear: () => {
      void draftSetting.remove();
      latest.current.saved = '';
      setLastSavedAt(null);
    },
  };
}
