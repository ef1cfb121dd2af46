import { createRouter } from '@/lib/openapi';
import { pasteManagement } from './routes/management';
import { publicPasteRoutes } from './routes/public';

/** Text shares (SPEC §7 Pastes): the public link, then the admin and user families. */
export const pasteRoutes = createRouter().route('/', publicPasteRoutes).route('/', pasteManagement);
