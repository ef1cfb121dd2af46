import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs`, so a relative time ("in 5 minutes") stays
 * true while the page is open without each row running a timer of its own.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
