import { createRoute } from '@hono/zod-openapi';
import {
  securitySettings,
  updateSecuritySettingsBody,
} from '@pastebox/contract/schemas/security-settings';
import {
  systemSettings,
  updateSystemSettingsBody,
} from '@pastebox/contract/schemas/system-settings';
import { ok } from '@/lib/envelope';
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { requireAdmin } from '@/lib/guards';
import { answering, routeGroup } from '@/lib/declare-route';
import { readSecuritySettings, updateSecuritySettings } from './security';
import { readSystemSettings, updateSystemSettings } from './service';

const securityRoute = routeGroup({ tags: ['System'], security: adminSecurity });

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
  )
  .openapi(
    ...answering(
      securityRoute({
        method: 'get',
        path: '/admin/security-settings',
        summary: 'Security settings: audit retention, two factors for everyone (issue 32)',
        answer: securitySettings,
      }),
      (c) => {
        requireAdmin(c);
        return readSecuritySettings(c.get('deps'));
      },
    ),
  )
  .openapi(
    ...answering(
      securityRoute({
        method: 'put',
        path: '/admin/security-settings',
        summary: 'Update security settings (any subset of the fields)',
        body: updateSecuritySettingsBody,
        answer: securitySettings,
      }),
      (c) => {
        requireAdmin(c);
        return updateSecuritySettings(c.get('deps'), c.req.valid('json'));
      },
    ),
  );
