import { endedCount } from '@pastebox/contract/schemas/account';
import { idParam } from '@pastebox/contract/schemas/common';
import { answering, routeGroup } from '@/lib/declare-route';
import { requireAdmin } from '@/lib/guards';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { resetTwoFactors } from './service';

const route = routeGroup({ tags: ['Accounts'], security: adminSecurity });

/** The admin's side of two factors (issue 32): a person who lost their factors gets back in. */
export const adminFactorRoutes = createRouter().openapi(
  ...answering(
    route({
      method: 'post',
      path: '/admin/accounts/{id}/two-factor/reset',
      summary: "Reset an account's two factors: app, passkeys, recovery codes; ends its sessions",
      description: 'App passwords stay (they end one by one, or with the account).',
      params: idParam,
      answer: endedCount,
    }),
    async (c) => {
      requireAdmin(c);
      return { ended: await resetTwoFactors(c.get('deps'), c.req.valid('param').id) };
    },
  ),
);
