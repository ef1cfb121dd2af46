import { idParam } from '@pastebox/contract/schemas/common';
import {
  addedPasskey,
  addPasskeyBody,
  appPasswordItem,
  createAppPasswordBody,
  createdAppPassword,
  currentPasswordBody,
  enrolmentBody,
  passkeyRegistrationOptions,
  recoveryCodes,
  totpConfirmBody,
  totpConfirmResult,
  totpSetupResult,
  twoFactorOverview,
} from '@pastebox/contract/schemas/two-factors';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { z } from 'zod';
import { accountIdOf, type AppEnv } from '@/context';
import { noteAudit } from '@/lib/audit/record';
import { answering, routeGroup } from '@/lib/declare-route';
import { ok } from '@/lib/envelope';
import { requireAccount } from '@/lib/guards';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { clientIpOf } from '@/lib/principal';
import { countEnrolmentAttempt, enrollerOf, finishEnrolment, type Enroller } from './enrolment';
import { registerPasskey, registrationOptions } from './passkeys';
import { signInContextOf } from '@/lib/sign-in';
import { relyingPartyOf } from './relying-party';
import {
  createAppPassword,
  deleteAppPassword,
  listAppPasswords,
  removePasskey,
  removeTotp,
  renewRecoveryCodes,
  twoFactorOverview as readOverview,
  type OwnCaller,
} from './service';
import { confirmTotpSetup, startTotpSetup } from './totp';

const route = routeGroup({ tags: ['Account'], security: adminSecurity });

const ENROLMENT =
  'Signed in, or with the challenge of TWO_FACTOR_ENROLMENT_REQUIRED in the body instead.';

function ownCaller(c: Context<AppEnv>): OwnCaller {
  const account = requireAccount(c);
  return {
    id: accountIdOf(account),
    username: account.username,
    tokenHash: account.tokenHash,
    clientIp: clientIpOf(c),
  };
}

async function enroller(c: Context<AppEnv>, challenge: string | undefined, method: string) {
  const found: Enroller = await enrollerOf(c.get('deps'), c.get('principal'), challenge);
  noteAudit(c, {
    actor: { type: 'account', id: found.id, name: found.username },
    detail: { method },
  });
  return found;
}

/** An account's own factors (issue 32): TOTP, recovery codes, passkeys, app passwords. */
const factorRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: '/account/two-factor',
        summary: 'Your second factors and app passwords',
        answer: twoFactorOverview,
      }),
      (c) => readOverview(c.get('deps'), accountIdOf(requireAccount(c))),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/account/totp/setup',
        summary: 'Begin setting up an authenticator app (replaces an unconfirmed setup)',
        description: ENROLMENT,
        body: enrolmentBody,
        answer: totpSetupResult,
      }),
      async (c) => {
        const who = await enrollerOf(
          c.get('deps'),
          c.get('principal'),
          c.req.valid('json').challenge,
        );
        return startTotpSetup(c.get('deps'), who);
      },
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/account/totp/confirm',
        summary: 'Confirm the authenticator app with a code; answers 10 recovery codes, once',
        description: `${ENROLMENT} Other sessions end; with a challenge, \`login\` is the new session.`,
        body: totpConfirmBody,
        answer: totpConfirmResult,
      }),
      async (c) => {
        const body = c.req.valid('json');
        const deps = c.get('deps');
        const who = await enroller(c, body.challenge, 'totp');
        await countEnrolmentAttempt(deps, who);
        const codes = await confirmTotpSetup(deps, who.id, body.code);
        return {
          recovery_codes: codes,
          ...(await finishEnrolment(deps, who, signInContextOf(c), 'totp')),
        };
      },
    ),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/account/totp',
      summary: 'Remove the authenticator app (current password); other sessions end',
      body: currentPasswordBody,
      answer: z.null(),
    }),
    async (c) => {
      noteAudit(c, { detail: { method: 'totp' } });
      await removeTotp(c.get('deps'), ownCaller(c), c.req.valid('json').password);
      return ok(c, null, 200, 'Authenticator app removed');
    },
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/account/recovery-codes',
        summary: 'New recovery codes (current password); the old ones end',
        body: currentPasswordBody,
        answer: recoveryCodes,
      }),
      async (c) => {
        noteAudit(c, { detail: { method: 'recovery' } });
        const codes = await renewRecoveryCodes(
          c.get('deps'),
          ownCaller(c),
          c.req.valid('json').password,
        );
        return { recovery_codes: codes };
      },
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/account/passkeys/options',
        summary: 'Begin adding a passkey (WebAuthn registration options)',
        description: ENROLMENT,
        body: enrolmentBody,
        answer: passkeyRegistrationOptions,
      }),
      async (c) => {
        const who = await enrollerOf(
          c.get('deps'),
          c.get('principal'),
          c.req.valid('json').challenge,
        );
        return { options: await registrationOptions(c.get('deps'), who, relyingPartyOf(c)) };
      },
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/account/passkeys',
        summary: "Add a passkey with the browser's answer to the options",
        description: `${ENROLMENT} Other sessions end; with a challenge, \`login\` is the new session.`,
        body: addPasskeyBody,
        answer: addedPasskey,
      }),
      async (c) => {
        const body = c.req.valid('json');
        const deps = c.get('deps');
        const who = await enroller(c, body.challenge, 'passkey');
        const response = body.response as RegistrationResponseJSON;
        const item = await registerPasskey(deps, who.id, relyingPartyOf(c), body.name, response);
        noteAudit(c, { target: item.name });
        return { ...item, ...(await finishEnrolment(deps, who, signInContextOf(c), 'passkey')) };
      },
    ),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/account/passkeys/{id}',
      summary: 'Remove a passkey; other sessions end',
      params: idParam,
      answer: z.null(),
    }),
    async (c) => {
      noteAudit(c, { detail: { method: 'passkey' } });
      await removePasskey(c.get('deps'), ownCaller(c), c.req.valid('param').id);
      return ok(c, null, 200, 'Passkey removed');
    },
  );

/** App passwords for WebDAV clients. */
const appPasswordRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'get',
        path: '/account/app-passwords',
        summary: 'Your app passwords (for WebDAV clients)',
        answer: z.array(appPasswordItem),
      }),
      (c) => listAppPasswords(c.get('deps'), accountIdOf(requireAccount(c))),
    ),
  )
  .openapi(
    route({
      method: 'post',
      path: '/account/app-passwords',
      summary: 'Create an app password; answered once',
      body: createAppPasswordBody,
      answer: createdAppPassword,
      status: 201,
    }),
    async (c) => {
      noteAudit(c, { detail: { method: 'app_password' } });
      const { name } = c.req.valid('json');
      const created = await createAppPassword(c.get('deps'), accountIdOf(requireAccount(c)), name);
      return ok(c, created, 201, 'App password created');
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/account/app-passwords/{id}',
      summary: 'Delete an app password: the clients using it stop at once',
      params: idParam,
      answer: z.null(),
    }),
    async (c) => {
      noteAudit(c, { detail: { method: 'app_password' } });
      const id = c.req.valid('param').id;
      await deleteAppPassword(c.get('deps'), accountIdOf(requireAccount(c)), id);
      return ok(c, null, 200, 'App password deleted');
    },
  );

export const accountFactorRoutes = createRouter()
  .route('/', factorRoutes)
  .route('/', appPasswordRoutes);
