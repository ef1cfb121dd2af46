import { createRouter } from '@/lib/openapi';
import { adminPasteRoutes } from './routes/admin';
import { publicPasteRoutes } from './routes/public';
import { userPasteRoutes } from './routes/user';

/** Text shares (SPEC §7 Pastes): the public link, the admin family and the user family. */
export const pasteRoutes = createRouter()
  .route('/', publicPasteRoutes)
  .route('/', adminPasteRoutes)
  .route('/', userPasteRoutes);
