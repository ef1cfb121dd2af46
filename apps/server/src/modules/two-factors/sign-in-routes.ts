import { loginResult } from '@pastebox/contract/schemas/auth';
import {
  passkeyOptionsBody,
  passkeyOptionsResult,
  passkeyVerifyBody,
  secondFactorBody,
} from '@pastebox/contract/schemas/two-factors';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { noteAudit } from '@/lib/audit/record';
import { answering, routeGroup } from '@/lib/declare-route';
import { createRouter } from '@/lib/openapi';
import { signInContextOf } from '@/lib/sign-in';
import { relyingPartyOf } from './relying-party';
import {
  answerSecondFactor,
  passkeySignInOptions,
  verifyPasskeySignIn,
  type SignedIn,
} from './sign-in';

const route = routeGroup({ tags: ['Auth'] });

/** The audit entry names the account once the step named it; the answer is the session. */
function answered(c: Context<AppEnv>, method: string, done: SignedIn) {
  noteAudit(c, {
    actor: { type: 'account', id: done.account.id, name: done.account.username },
    target: done.account.username,
    detail: { method },
  });
  return done.session;
}

/** The second step of a sign-in (issue 32): public, each rate-limited like login. */
export const signInRoutes = createRouter()
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/auth/second-factor',
        summary: 'Finish a sign-in with a TOTP code or a recovery code',
        description:
          'The challenge comes from the 401 SECOND_FACTOR_REQUIRED of /admin/login. A code ' +
          'is accepted one 30-second step either side of now, each step once; a recovery ' +
          'code once. Five wrong codes end the challenge (sign in again).',
        body: secondFactorBody,
        answer: loginResult,
      }),
      async (c) => {
        const body = c.req.valid('json');
        noteAudit(c, { detail: { method: body.method } });
        const done = await answerSecondFactor(c.get('deps'), signInContextOf(c), body);
        return answered(c, body.method, done);
      },
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/auth/passkey/options',
        summary: 'Begin a passkey sign-in (WebAuthn authentication options)',
        description:
          "With the challenge of SECOND_FACTOR_REQUIRED, the account's passkeys are " +
          'offered; without one, any discoverable passkey (password-less sign-in).',
        body: passkeyOptionsBody,
        answer: passkeyOptionsResult,
      }),
      (c) =>
        passkeySignInOptions(
          c.get('deps'),
          signInContextOf(c),
          relyingPartyOf(c),
          c.req.valid('json').challenge,
        ),
    ),
  )
  .openapi(
    ...answering(
      route({
        method: 'post',
        path: '/auth/passkey/verify',
        summary: 'Finish a passkey sign-in',
        body: passkeyVerifyBody,
        answer: loginResult,
      }),
      async (c) => {
        const body = c.req.valid('json');
        noteAudit(c, { detail: { method: 'passkey' } });
        const deps = c.get('deps');
        const done = await verifyPasskeySignIn(deps, signInContextOf(c), relyingPartyOf(c), body);
        return answered(c, 'passkey', done);
      },
    ),
  );
