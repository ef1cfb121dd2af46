import { createRoute } from '@hono/zod-openapi';
import {
  systemSettings,
  updateSystemSettingsBody,
} from '@pastebox/contract/schemas/system-settings';
import { ok } from '@/lib/envelope';
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { requireAdmin } from '@/lib/guards';
import { readSystemSettings, updateSystemSettings } from './service';

export const systemSettingsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/system-settings',
      tags: ['System'],
      summary: 'System settings: max upload size and WebDAV upload mode',
      security: adminSecurity,
      responses: okResponse(systemSettings),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await readSystemSettings(c.get('deps')));
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/admin/system-settings',
      tags: ['System'],
      summary: 'Update system settings (any subset of the fields)',
      security: adminSecurity,
      request: jsonBody(updateSystemSettingsBody),
      responses: okResponse(systemSettings),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await updateSystemSettings(c.get('deps'), c.req.valid('json')));
    },
  );
