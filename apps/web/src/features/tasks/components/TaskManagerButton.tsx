import { lazy, Suspense } from 'react';
import { useCan } from '@/lib/auth/use-can';

/**
 * The manager (its polling, the task rules of the contract and their schema library) is a
 * chunk of its own: a visitor who can have no tasks never downloads it (DESIGN §9).
 */
const TaskManager = lazy(() =>
  import('./TaskManager').then((module) => ({ default: module.TaskManager })),
);

/**
 * The header's task manager (SPEC §2), opening the drawer. Shown to the admin and to keys
 * with mount permission, whose copies these are.
 */
export function TaskManagerButton() {
  const canUseMounts = useCan('mount');
  return canUseMounts ? (
    <Suspense fallback={null}>
      <TaskManager />
    </Suspense>
  ) : null;
}
