import { createRouter } from '@/lib/openapi';
import { pasteManagement } from './routes/management';
import { publicPasteRoutes } from './routes/public';
import { rawPasteRoutes } from './routes/raw';

/** Text shares (SPEC §7 Pastes): the public link, its raw text, then the admin and user families. */
export const pasteRoutes = createRouter()
  .route('/', publicPasteRoutes)
  .route('/', rawPasteRoutes)
  .route('/', pasteManagement);
