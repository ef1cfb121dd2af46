import {
  apiKeyItem,
  apiKeyList,
  createApiKeyBody,
  updateApiKeyBody,
} from '@pastebox/contract/schemas/api-key';
import { idParam } from '@pastebox/contract/schemas/common';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '@/context';
import { ok } from '@/lib/envelope';
import { routeGroup } from '@/lib/declare-route';
import { adminSecurity, createRouter, type SecurityRequirements } from '@/lib/openapi';
import { requireAccount, requireAdmin } from '@/lib/guards';
import { AppError } from '@/lib/errors';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey, type KeyScope } from './service';

/** Where a family of key routes lives, who gets in, and whose keys it manages. */
interface KeyFamily {
  base: string;
  security: SecurityRequirements;
  noun: string;
  scopeOf: (c: Context<AppEnv>) => KeyScope;
}

const adminFamily: KeyFamily = {
  base: '/admin/api-keys',
  security: adminSecurity,
  noun: 'an API key',
  scopeOf: (c) => ({ kind: 'admin', accountId: requireAdmin(c).adminId }),
};

/** A member's own keys (issue 32): never beyond the member's rights, at creation or after. */
const memberFamily: KeyFamily = {
  base: '/account/api-keys',
  security: adminSecurity,
  noun: 'one of your API keys',
  scopeOf: (c) => {
    const account = requireAccount(c);
    if (account.type !== 'member') {
      throw new AppError('FORBIDDEN', 'Administrators manage keys at /api/admin/api-keys');
    }
    return {
      kind: 'member',
      accountId: account.accountId,
      rights: { basicPath: account.basicPath, permissions: account.permissions },
    };
  },
};

function keyRoutesOf(family: KeyFamily) {
  const route = routeGroup({ tags: ['API keys'], security: family.security });
  const { base, noun } = family;
  return createRouter()
    .openapi(
      route({
        method: 'get',
        path: base,
        summary: `List ${family === adminFamily ? 'API keys' : 'your API keys'}, each with its clear key`,
        answer: apiKeyList,
      }),
      async (c) => ok(c, await listApiKeys(c.get('deps'), family.scopeOf(c))),
    )
    .openapi(
      route({
        method: 'post',
        path: base,
        summary: 'Create an API key, random or custom',
        body: createApiKeyBody,
        answer: apiKeyItem,
        status: 201,
        answerDescription: 'Created',
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const created = await createApiKey(c.get('deps'), c.req.valid('json'), scope);
        return ok(c, created, 201, 'Created');
      },
    )
    .openapi(
      route({
        method: 'put',
        path: `${base}/{id}`,
        summary: `Change the name, expiry, permissions or base path of ${noun}`,
        params: idParam,
        body: updateApiKeyBody,
        answer: apiKeyItem,
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        const { id } = c.req.valid('param');
        return ok(c, await updateApiKey(c.get('deps'), id, c.req.valid('json'), scope));
      },
    )
    .openapi(
      route({
        method: 'delete',
        path: `${base}/{id}`,
        summary: `Delete ${noun}; it stops working at once`,
        params: idParam,
        answer: z.null(),
      }),
      async (c) => {
        const scope = family.scopeOf(c);
        await deleteApiKey(c.get('deps'), c.req.valid('param').id, scope);
        return ok(c, null, 200, 'Deleted');
      },
    );
}

/** Management of API keys: the admin's (SPEC §6, §7) and each member's own (issue 32). */
export const apiKeyRoutes = createRouter()
  .route('/', keyRoutesOf(adminFamily))
  .route('/', keyRoutesOf(memberFamily));
