import {
  acceptInviteBody,
  accountItem,
  accountList,
  accountListQuery,
  accountMe,
  accountWithInvite,
  createAccountBody,
  deleteAccountQuery,
  inviteInfo,
  inviteTokenParam,
  resetAccountPasswordBody,
  updateAccountBody,
  updateProfileBody,
} from '@pastebox/contract/schemas/account';
import { idParam } from '@pastebox/contract/schemas/common';
import { z } from 'zod';
import { answering, routeGroup } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { requireAccount, requireAdmin } from '@/lib/guards';
import { linkBaseOf } from '@/lib/link-base';
import { adminSecurity, createRouter } from '@/lib/openapi';
import {
  acceptInvite,
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  readInvite,
  readOwnAccount,
  resetAccountPassword,
  updateAccount,
  updateOwnProfile,
} from './service';

const adminRoute = routeGroup({ tags: ['Accounts'], security: adminSecurity });
const ownRoute = routeGroup({ tags: ['Account'], security: adminSecurity });
const publicRoute = routeGroup({ tags: ['Account'] });

/** The admin's Accounts module (issue 32): members, their rights, quota and state. */
const adminAccountRoutes = createRouter()
  .openapi(
    ...answering(
      adminRoute({
        method: 'get',
        path: '/admin/accounts',
        summary: 'List accounts, with usage and open invitations',
        query: accountListQuery,
        answer: accountList,
      }),
      (c) => {
        requireAdmin(c);
        return listAccounts(c.get('deps'), c.req.valid('query'));
      },
    ),
  )
  .openapi(
    adminRoute({
      method: 'post',
      path: '/admin/accounts',
      summary: 'Create an account with a password, or with an invitation link (7 days, once)',
      body: createAccountBody,
      answer: accountWithInvite,
      status: 201,
      answerDescription: 'Created',
    }),
    async (c) => {
      requireAdmin(c);
      const created = await createAccount(c.get('deps'), c.req.valid('json'), linkBaseOf(c));
      return ok(c, created, 201, 'Created');
    },
  )
  .openapi(
    ...answering(
      adminRoute({
        method: 'get',
        path: '/admin/accounts/{id}',
        summary: 'One account',
        params: idParam,
        answer: accountItem,
      }),
      (c) => {
        requireAdmin(c);
        return getAccount(c.get('deps'), c.req.valid('param').id);
      },
    ),
  )
  .openapi(
    ...answering(
      adminRoute({
        method: 'put',
        path: '/admin/accounts/{id}',
        summary: 'Change rights, base path, quota, role, names or the disabled switch',
        params: idParam,
        body: updateAccountBody,
        answer: accountItem,
      }),
      (c) => {
        const admin = requireAdmin(c);
        const { id } = c.req.valid('param');
        return updateAccount(c.get('deps'), id, c.req.valid('json'), admin.adminId);
      },
    ),
  )
  .openapi(
    ...answering(
      adminRoute({
        method: 'post',
        path: '/admin/accounts/{id}/password',
        summary: 'Set a new password or make a new invitation link; ends every session',
        params: idParam,
        body: resetAccountPasswordBody,
        answer: accountWithInvite,
      }),
      (c) => {
        requireAdmin(c);
        const { id } = c.req.valid('param');
        return resetAccountPassword(c.get('deps'), id, c.req.valid('json'), linkBaseOf(c));
      },
    ),
  )
  .openapi(
    ...answering(
      adminRoute({
        method: 'delete',
        path: '/admin/accounts/{id}',
        summary: 'Delete an account; its shares are deleted or handed to another account',
        params: idParam,
        query: deleteAccountQuery,
        answer: z.object({
          pastes: z.number().int(),
          files: z.number().int(),
          bundles: z.number().int(),
          requests: z.number().int().describe('File requests'),
        }),
      }),
      (c) => {
        const admin = requireAdmin(c);
        const { id } = c.req.valid('param');
        return deleteAccount(c.get('deps'), id, c.req.valid('query'), admin.adminId);
      },
    ),
  );

/** What a signed-in person reads and changes about themselves, and the invitation pages. */
const ownAccountRoutes = createRouter()
  .openapi(
    ...answering(
      ownRoute({
        method: 'get',
        path: '/account',
        summary: 'Who is signed in: role, rights, base path, quota and usage',
        answer: accountMe,
      }),
      (c) => readOwnAccount(c.get('deps'), requireAccount(c)),
    ),
  )
  .openapi(
    ...answering(
      ownRoute({
        method: 'put',
        path: '/account/profile',
        summary: 'Change your display name or e-mail',
        body: updateProfileBody,
        answer: accountMe,
      }),
      (c) => updateOwnProfile(c.get('deps'), requireAccount(c), c.req.valid('json')),
    ),
  )
  .openapi(
    ...answering(
      publicRoute({
        method: 'get',
        path: '/invites/{token}',
        summary: 'Whom an invitation is for, while it is open',
        params: inviteTokenParam,
        answer: inviteInfo,
      }),
      (c) => readInvite(c.get('deps'), c.req.valid('param').token),
    ),
  )
  .openapi(
    ...answering(
      publicRoute({
        method: 'post',
        path: '/invites/{token}',
        summary: 'Choose your password with an invitation (once)',
        params: inviteTokenParam,
        body: acceptInviteBody,
        answer: z.object({ username: z.string() }),
      }),
      (c) => {
        const { token } = c.req.valid('param');
        return acceptInvite(c.get('deps'), token, c.req.valid('json').password);
      },
    ),
  );

export const accountRoutes = createRouter()
  .route('/', adminAccountRoutes)
  .route('/', ownAccountRoutes);
