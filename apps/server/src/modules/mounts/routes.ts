import { createRouter } from '@/lib/openapi';

/** Admin and key management of mounts (SPEC §7 "Mounts"). */
export const mountRoutes = createRouter();
