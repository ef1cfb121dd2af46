import { createRoute } from '@hono/zod-openapi';
import {
  adminTokenInfo,
  apiKeyInfo,
  changePasswordBody,
  loginBody,
  loginResult,
} from '@pastebox/contract/schemas/auth';
import { z } from 'zod';
import { noteAudit } from '@/lib/audit/record';
import { ok } from '@/lib/envelope';
import { adminSecurity, createRouter, jsonBody, okResponse } from '@/lib/openapi';
import { sha256Hex } from '@/lib/crypto';
import { presentedBearerToken, requireAdmin, requireApiKey } from '@/lib/guards';
import { clientIpOf } from '@/lib/principal';
import { signInContextOf } from '@/lib/sign-in';
import { logout } from '@/modules/sessions/service';
import { changeAccountCredentials, login } from './service';

export const authRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/login',
      tags: ['Auth'],
      summary: 'Sign in (the admin, or a member: see role)',
      request: jsonBody(loginBody),
      responses: okResponse(loginResult),
    }),
    async (c) => {
      const { username, password } = c.req.valid('json');
      const { accountId, ...session } = await login(
        c.get('deps'),
        signInContextOf(c),
        username,
        password,
      );
      noteAudit(c, {
        actor: { type: 'account', id: accountId, name: session.username },
        detail: { method: 'password' },
      });
      return ok(c, session);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/logout',
      tags: ['Auth'],
      summary: 'End the admin session',
      description:
        'Idempotent: a token that is already revoked or expired, or none at all, also answers ' +
        '200 — a client that logs out on 401 (SPEC §4) must never loop.',
      security: adminSecurity,
      responses: okResponse(z.null()),
    }),
    async (c) => {
      const token = presentedBearerToken(c);
      if (token) {
        await logout(c.get('deps'), sha256Hex(token));
      }
      return ok(c, null, 200, 'Logged out');
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/test/admin-token',
      tags: ['Auth'],
      summary: 'Check an admin token',
      security: adminSecurity,
      responses: okResponse(adminTokenInfo),
    }),
    (c) => {
      const admin = requireAdmin(c);
      return ok(c, { id: admin.adminId, username: admin.username, expiresAt: admin.expiresAt });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/test/api-key',
      tags: ['Auth'],
      summary: 'Check an API key and read its permissions',
      security: [{ ApiKey: [] }],
      responses: okResponse(apiKeyInfo),
    }),
    (c) => {
      const key = requireApiKey(c);
      return ok(c, {
        name: key.name,
        basic_path: key.basicPath,
        permissions: key.permissions,
        key_info: {
          id: key.keyId,
          name: key.name,
          basic_path: key.basicPath,
          expires_at: key.expiresAt,
        },
      });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/admin/change-password',
      tags: ['Auth'],
      summary: 'Change the admin username and/or password; revokes every session',
      security: adminSecurity,
      request: jsonBody(changePasswordBody),
      responses: okResponse(z.object({ username: z.string() })),
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const result = await changeAccountCredentials(
        c.get('deps'),
        admin.adminId,
        clientIpOf(c),
        c.req.valid('json'),
      );
      return ok(c, result, 200, 'Account updated, please log in again');
    },
  );
