import {
  apiKeyItem,
  apiKeyList,
  createApiKeyBody,
  updateApiKeyBody,
} from '@pastebox/contract/schemas/api-key';
import { idParam } from '@pastebox/contract/schemas/common';
import { z } from 'zod';
import { ok } from '@/lib/envelope';
import { routeGroup } from '@/lib/declare-route';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { requireAdmin } from '@/lib/guards';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './service';

const route = routeGroup({ tags: ['API keys'], security: adminSecurity });

/** Admin-only management of API keys (SPEC §6, §7). */
export const apiKeyRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/admin/api-keys',
      summary: 'List API keys, each with its clear key',
      answer: apiKeyList,
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await listApiKeys(c.get('deps')));
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/admin/api-keys',
      summary: 'Create an API key, random or custom',
      body: createApiKeyBody,
      answer: apiKeyItem,
      status: 201,
      answerDescription: 'Created',
    }),
    async (c) => {
      requireAdmin(c);
      return ok(c, await createApiKey(c.get('deps'), c.req.valid('json')), 201, 'Created');
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/admin/api-keys/{id}',
      summary: 'Change the name, expiry, permissions or base path of an API key',
      params: idParam,
      body: updateApiKeyBody,
      answer: apiKeyItem,
    }),
    async (c) => {
      requireAdmin(c);
      const { id } = c.req.valid('param');
      return ok(c, await updateApiKey(c.get('deps'), id, c.req.valid('json')));
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/admin/api-keys/{id}',
      summary: 'Delete an API key; it stops working at once',
      params: idParam,
      answer: z.null(),
    }),
    async (c) => {
      requireAdmin(c);
      await deleteApiKey(c.get('deps'), c.req.valid('param').id);
      return ok(c, null, 200, 'Deleted');
    },
  );
