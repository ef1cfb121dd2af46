import { createRouter } from '@/lib/openapi';
import { accountFactorRoutes } from './account-routes';
import { adminFactorRoutes } from './admin-routes';
import { signInRoutes } from './sign-in-routes';

/** Two factors (issue 32): the sign-in's second step, the account's factors, the admin's reset. */
export const twoFactorRoutes = createRouter()
  .route('/', signInRoutes)
  .route('/', accountFactorRoutes)
  .route('/', adminFactorRoutes);
