import { changeOwnPasswordBody, endedCount, sessionList } from '@pastebox/contract/schemas/account';
import { idParam } from '@pastebox/contract/schemas/common';
import { z } from 'zod';
import { accountIdOf } from '@/context';
import { answering, routeGroup } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { AppError } from '@/lib/errors';
import { requireAccount } from '@/lib/guards';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { clientIpOf } from '@/lib/principal';
import { changeAccountCredentials } from './service';
import { endSession, endSessionsOf, listSessions } from '@/modules/sessions/service';

const route = routeGroup({ tags: ['Account'], security: adminSecurity });

/**
 * A signed-in account's own sessions and password (issue 32): admins and members alike,
 * each only their own. Sessions are named by an id, never by their token's hash.
 */
export const accountAuthRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: '/account/sessions',
        summary: 'Your sessions: device, address, when begun and last used',
        answer: sessionList,
      }),
      (c) => {
        const account = requireAccount(c);
        return listSessions(c.get('deps'), accountIdOf(account), account.tokenHash);
      },
    ),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/account/sessions/{id}',
      summary: 'End one of your sessions',
      params: idParam,
      answer: z.null(),
    }),
    async (c) => {
      const account = requireAccount(c);
      const ended = await endSession(c.get('deps'), accountIdOf(account), c.req.valid('param').id);
      if (!ended) {
        throw new AppError('SESSION_NOT_FOUND');
      }
      return ok(c, null, 200, 'Session ended');
    },
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/account/sessions/end-others',
        summary: 'End every session but this one',
        answer: endedCount,
      }),
      async (c) => {
        const account = requireAccount(c);
        const ended = await endSessionsOf(c.get('deps'), accountIdOf(account), account.tokenHash);
        return { ended };
      },
    ),
  )
  .openapi(
    route({
      method: 'post',
      path: '/account/password',
      summary: 'Change your password; ends every session, this one included',
      body: changeOwnPasswordBody,
      answer: z.null(),
    }),
    async (c) => {
      const account = requireAccount(c);
      const { currentPassword, newPassword } = c.req.valid('json');
      await changeAccountCredentials(c.get('deps'), accountIdOf(account), clientIpOf(c), {
        currentPassword,
        newPassword,
      });
      return ok(c, null, 200, 'Password changed, please sign in again');
    },
  );
