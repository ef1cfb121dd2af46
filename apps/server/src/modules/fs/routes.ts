import { createRouter } from '@/lib/openapi';
import { fsBrowseRoutes } from './routes/browse';
import { fsChangeRoutes } from './routes/changes';
import { fsCopyRoutes } from './routes/copy';
import { fsDeliveryRoutes } from './routes/delivery';
import { fsDownloadZipRoutes } from './routes/download-zip';
import { fsLinkRoutes } from './routes/link';
import { fsShortLinkRoutes } from './routes/short-link';
import { fsMoveRoutes } from './routes/move';
import { fsUploadRoutes } from './routes/uploads';

/** The file system API under /admin/fs and /user/fs (SPEC §7 "File system"). */
export const fsRoutes = createRouter()
  .route('/', fsBrowseRoutes)
  .route('/', fsDeliveryRoutes)
  .route('/', fsDownloadZipRoutes)
  .route('/', fsChangeRoutes)
  .route('/', fsLinkRoutes)
  .route('/', fsShortLinkRoutes)
  .route('/', fsUploadRoutes)
  .route('/', fsCopyRoutes)
  .route('/', fsMoveRoutes);
