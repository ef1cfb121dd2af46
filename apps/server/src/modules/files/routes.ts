import { createRouter } from '@/lib/openapi';
import { fileDeliveryRoutes } from './routes/delivery';
import { fileManagement } from './routes/management';
import { publicFileRoutes } from './routes/public';

/** File shares (SPEC §7 Files): public link, delivery, admin family and user family. */
export const fileRoutes = createRouter()
  .route('/', publicFileRoutes)
  .route('/', fileDeliveryRoutes)
  .route('/', fileManagement);
