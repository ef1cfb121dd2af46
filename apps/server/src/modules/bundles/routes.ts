import { createRouter } from '@/lib/openapi';
import { bundleManagement } from './routes/management';
import { publicBundleRoutes } from './routes/public';
import { bundleZipRoutes } from './routes/zip';

/** Bundles (issue 33): the public link, its ZIP, the admin family and the user family. */
export const bundleRoutes = createRouter()
  .route('/', publicBundleRoutes)
  .route('/', bundleZipRoutes)
  .route('/', bundleManagement);
