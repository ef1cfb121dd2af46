import { createRouter } from '../../lib/openapi';

export const pasteRoutes = createRouter();
