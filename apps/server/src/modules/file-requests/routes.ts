import type { OwnerScope } from '@/db/filters';
import { createRouter } from '@/lib/openapi';
import { ownerScopes, scopedRoutes, type ResourceAccess } from '@/lib/scoped-routes';
import { requestManagementRoutes } from './routes/management';
import { requestMultipartRoutes } from './routes/multipart';
import { publicRequestRoutes } from './routes/public';
import { requestReceivedRoutes } from './routes/received';

/** admin/requests and user/requests: whoever may upload files, the key family its own. */
const requestAccess: ResourceAccess<OwnerScope> = {
  resource: 'requests',
  permission: 'file',
  ...ownerScopes,
};

/** File requests (issue 33): the owner's families and the stranger's public side. */
export const fileRequestRoutes = createRouter()
  .route('/', scopedRoutes(requestAccess, requestManagementRoutes))
  .route('/', scopedRoutes(requestAccess, requestReceivedRoutes))
  .route('/', publicRequestRoutes)
  .route('/', requestMultipartRoutes);
