import { createRouter } from '@/lib/openapi';
import { adminFileRoutes } from './routes/admin';
import { fileDeliveryRoutes } from './routes/delivery';
import { publicFileRoutes } from './routes/public';
import { userFileRoutes } from './routes/user';

/** File shares (SPEC §7 Files): public link, delivery, admin family and user family. */
export const fileRoutes = createRouter()
  .route('/', publicFileRoutes)
  .route('/', fileDeliveryRoutes)
  .route('/', adminFileRoutes)
  .route('/', userFileRoutes);
