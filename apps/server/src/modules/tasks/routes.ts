import { createRouter } from '@/lib/openapi';

/** Background tasks under /admin/tasks and /user/tasks (SPEC §7). */
export const taskRoutes = createRouter();
