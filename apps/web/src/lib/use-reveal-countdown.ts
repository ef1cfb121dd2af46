import { useEffect, useState } from 'react';

/** How long a new share link stays readable on screen (SPEC §2: hidden after a countdown). */
export const LINK_VISIBLE_SECONDS = 60;

/**
 * SPEC §2: a share link is hidden after a countdown. Counts `seconds` down once a second;
 * `reveal()` shows the link again and restarts the count.
 */
export function useRevealCountdown(seconds: number = LINK_VISIBLE_SECONDS) {
  const [remaining, setRemaining] = useState(seconds);
  useEffect(() => {
    if (remaining <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);
  return { remaining, hidden: remaining <= 0, reveal: () => setRemaining(seconds) };
}
