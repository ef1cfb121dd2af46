import { createRouter } from '../../lib/openapi';

export const apiKeyRoutes = createRouter();
