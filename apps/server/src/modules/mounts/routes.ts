import { createRouter } from '@/lib/openapi';
import { cacheClearRoutes } from './routes/cache';
import { mountManagement } from './routes/management';

/** Admin and key management of mounts (SPEC §7 "Mounts"), and the listing caches' clear. */
export const mountRoutes = createRouter().route('/', mountManagement).route('/', cacheClearRoutes);
