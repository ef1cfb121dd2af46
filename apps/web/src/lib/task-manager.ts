import { useEffect, useRef } from 'react';

/**
 * Asking the header's task manager to open from anywhere: a feature that starts a task
 * (a copy in the mount explorer) shows it at once, while features never import each
 * other. The task manager listens with {@link useTaskManagerOpenRequests}.
 */
const listeners = new Set<() => void>();

export function openTaskManager(): void {
  listeners.forEach((listener) => listener());
}

/** Calls `onOpen` whenever something asks for the task manager. */
export function useTaskManagerOpenRequests(onOpen: () => void): void {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });
  useEffect(() => {
    const listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
