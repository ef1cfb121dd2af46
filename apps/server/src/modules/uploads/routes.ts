import { createRouter } from '@/lib/openapi';
import { formUploadRoutes } from './routes/form';
import { multipartRoutes } from './routes/multipart';
import { presignRoutes } from './routes/presign';

/** Uploads of file shares: through the server, presigned single PUT, multipart. */
export const uploadRoutes = createRouter()
  .route('/', formUploadRoutes)
  .route('/', presignRoutes)
  .route('/', multipartRoutes);
