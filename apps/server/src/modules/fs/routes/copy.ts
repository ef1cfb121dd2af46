import { createRouter } from '@/lib/openapi';

/** batch-copy: copies run as background tasks (SPEC §7, DESIGN §7). */
export const fsCopyRoutes = createRouter();
