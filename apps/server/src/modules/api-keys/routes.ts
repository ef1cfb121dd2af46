import { createRoute } from '@hono/zod-openapi';
import {
  apiKeyItem,
  apiKeyList,
  createApiKeyBody,
  updateApiKeyBody,
} from '@pastebox/contract/schemas/api-key';
import { idParam } from '@pastebox/contract/schemas/common';
import { z } from 'zod';
import { ok } from '@/lib/envelope';
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { requireAdmin } from '@/lib/guards';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './service';

const tags = ['API keys'];

/** Admin-only management of API keys (SPEC §6, §7). */
export const apiKeyRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/admin/api-keys',
      tags,
      summary: 'List API keys, each with its clear key',
      security: adminSecurity,
      responses: okResponse(apiKeyList),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await listApiKeys(c.get('deps')));
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/api-keys',
      tags,
      summary: 'Create an API key, random or custom',
      security: adminSecurity,
      request: jsonBody(createApiKeyBody),
      responses: okResponse(apiKeyItem, 'Created', 201),
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await createApiKey(c.get('deps'), c.req.valid('json')), 201, 'Created');
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/admin/api-keys/{id}',
      tags,
      summary: 'Change the name, expiry, permissions or base path of an API key',
      security: adminSecurity,
      request: { params: idParam, ...jsonBody(updateApiKeyBody) },
      responses: okResponse(apiKeyItem),
    }),
    async (c) => {
      requireAdmin(c);
      const { id } = c.req.valid('param');
      return ok(c, await updateApiKey(c.get('deps'), id, c.req.valid('json')));
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/admin/api-keys/{id}',
      tags,
      summary: 'Delete an API key; it stops working at once',
      security: adminSecurity,
      request: { params: idParam },
      responses: okResponse(z.null()),
    }),
    async (c) => {
      requireAdmin(c);
      await deleteApiKey(c.get('deps'), c.req.valid('param').id);
      return ok(c, null, 200, 'Deleted');
    },
  );
