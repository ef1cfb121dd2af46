import { createRouter } from '@/lib/openapi';
import { urlFetchRoutes } from './routes/fetch';
import { urlStoreRoutes } from './routes/upload';

/** URL upload (SPEC §7 "URL upload"): info, proxy, and the presigned and multipart paths. */
export const urlUploadRoutes = createRouter().route('/', urlFetchRoutes).route('/', urlStoreRoutes);
