import type { Context } from 'hono';
import {
  ssoLoginInfo as ssoLoginInfoSchema,
  ssoSettings,
  ssoStartQuery,
  updateSsoSettingsBody,
} from '@pastebox/contract/schemas/sso';
import { errorEnvelope } from '@pastebox/contract/schemas/common';
import type { AppEnv } from '@/context';
import { recordAudit } from '@/lib/audit/record';
import { answering, routeGroup } from '@/lib/declare-route';
import { isAppError } from '@/lib/errors';
import { requireAdmin } from '@/lib/guards';
import { adminSecurity, createRouter } from '@/lib/openapi';
import { clientIpOf } from '@/lib/principal';
import { publicBaseUrl } from '@/lib/public-url';
import { SsoProviderError } from './provider';
import { finishSso, ssoLoginInfo, SsoRefusal, startSso } from './service';
import { presentSsoSettings, readEffectiveSso, updateSsoSettings } from './settings';

const publicRoute = routeGroup({ tags: ['Auth'] });
const adminRoute = routeGroup({ tags: ['System'], security: adminSecurity });

const redirectAnswer = (description: string) => ({
  302: { description },
  default: {
    description: 'Error envelope',
    content: { 'application/json': { schema: errorEnvelope } },
  },
});

function baseOf(c: Context<AppEnv>): string {
  return publicBaseUrl(c.get('deps').config, c.req.raw);
}

/** The callback URL the provider sends the browser back to (register it there). */
function redirectUriOf(c: Context<AppEnv>): string {
  return `${baseOf(c)}/api/auth/sso/callback`;
}

/**
 * A 302 to the web app's /sso/complete with the outcome in the fragment: a fragment never
 * reaches a server's access log, nor a Referer, so the session token stays in the browser.
 */
function toWebApp(c: Context<AppEnv>, fragment: Record<string, string>): Response {
  return new Response(null, {
    status: 302,
    headers: {
      Location: `${baseOf(c)}/sso/complete#${new URLSearchParams(fragment).toString()}`,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** A refusal as the web app reads it; anything unexpected is logged and reads SSO_FAILED. */
function failureOf(c: Context<AppEnv>, error: unknown): string {
  const logger = c.get('deps').logger;
  if (error instanceof SsoProviderError) {
    logger.warn({ err: error.reason }, 'single sign-on: the provider exchange failed');
  } else if (!isAppError(error)) {
    logger.error({ err: error }, 'single sign-on failed');
  }
  return isAppError(error) ? error.key : 'SSO_FAILED';
}

export const ssoRoutes = createRouter()
  .openapi(
    ...answering(
      publicRoute({
        method: 'get',
        path: '/auth/sso',
        summary: 'Whether the login screen offers single sign-on, and its button label',
        answer: ssoLoginInfoSchema,
      }),
      (c) => ssoLoginInfo(c.get('deps')),
    ),
  )
  .openapi(
    publicRoute({
      method: 'get',
      path: '/auth/sso/start',
      summary: 'Begin single sign-on: redirects to the OpenID provider',
      description:
        'A browser navigation, not a fetch. return_to is a path on this server to open once ' +
        'signed in. Refusals redirect to /sso/complete#error=KEY.',
      query: ssoStartQuery,
      responses: redirectAnswer('Location: the provider’s authorization endpoint'),
    }),
    async (c) => {
      try {
        const url = await startSso(c.get('deps'), redirectUriOf(c), c.req.valid('query').return_to);
        return new Response(null, {
          status: 302,
          headers: { Location: url, 'Cache-Control': 'no-store' },
        });
      } catch (error) {
        return toWebApp(c, { error: failureOf(c, error) });
      }
    },
  )
  .openapi(
    publicRoute({
      method: 'get',
      path: '/auth/sso/callback',
      summary: 'Where the OpenID provider returns: signs in and redirects to the web app',
      description:
        'Register this URL at the provider. Redirects to /sso/complete#token=…&expires=…' +
        '&username=…&role=…&return_to=…, or #error=KEY (SSO_FAILED, SSO_DOMAIN_NOT_ALLOWED, ' +
        'SSO_NO_ACCOUNT, ACCOUNT_DISABLED, RATE_LIMITED…). Two factors do not apply: the ' +
        'provider does them.',
      responses: redirectAnswer('Location: the web app’s /sso/complete, outcome in the fragment'),
    }),
    async (c) => {
      const query = new URL(c.req.url).searchParams;
      try {
        const context = { clientIp: clientIpOf(c), userAgent: c.req.header('user-agent') ?? null };
        const done = await finishSso(c.get('deps'), context, redirectUriOf(c), query);
        const { token, expiresAt, username, role } = done.session;
        recordAudit(c, {
          action: 'auth.sign_in',
          outcome: 'success',
          target: username,
          actor: { type: 'account', id: done.accountId, name: username },
          detail: { method: 'sso' },
        });
        return toWebApp(c, {
          token,
          expires: expiresAt,
          username,
          role,
          return_to: done.returnTo,
        });
      } catch (error) {
        const key = failureOf(c, error);
        const person = error instanceof SsoRefusal ? error.person : null;
        recordAudit(c, {
          action: 'auth.sign_in',
          outcome: 'failure',
          target: person,
          actor: { type: 'anonymous', id: null, name: person },
          detail: { method: 'sso', error: key },
        });
        return toWebApp(c, { error: key });
      }
    },
  )
  .openapi(
    ...answering(
      adminRoute({
        method: 'get',
        path: '/admin/sso-settings',
        summary: 'Single sign-on settings (the client secret is never shown)',
        answer: ssoSettings,
      }),
      async (c) => {
        requireAdmin(c);
        return presentSsoSettings(await readEffectiveSso(c.get('deps')), redirectUriOf(c));
      },
    ),
  )
  .openapi(
    ...answering(
      adminRoute({
        method: 'put',
        path: '/admin/sso-settings',
        summary: 'Update single sign-on settings (any subset; OIDC_* variables win)',
        body: updateSsoSettingsBody,
        answer: ssoSettings,
      }),
      async (c) => {
        requireAdmin(c);
        const sso = await updateSsoSettings(c.get('deps'), c.req.valid('json'));
        return presentSsoSettings(sso, redirectUriOf(c));
      },
    ),
  );
