import { z } from 'zod';
import { permissions } from './auth';

/**
 * Single sign-on with OpenID Connect (issue 32, DESIGN §12): configured in Settings or by
 * OIDC_* environment variables (the environment wins, field by field).
 */

export const DEFAULT_SSO_SCOPES = 'openid profile email';

/** The fields an OIDC_* environment variable can fix (the Settings form shows them locked). */
export const ssoField = z.enum([
  'enabled',
  'name',
  'issuer',
  'client_id',
  'client_secret',
  'scopes',
  'allowed_email_domains',
  'claim',
  'admin_values',
  'member_permissions',
  'create_accounts',
  'hide_password_form',
]);
export type SsoField = z.infer<typeof ssoField>;

/** GET /api/admin/sso-settings: what applies now; the client secret is never answered. */
export const ssoSettings = z.object({
  enabled: z.boolean(),
  name: z.string().describe('The label of the sign-in button, e.g. "Company account"'),
  issuer: z.string().describe('The OpenID provider, found by discovery (/.well-known/…)'),
  client_id: z.string(),
  client_secret_set: z.boolean().describe('A secret is stored (it is never shown)'),
  scopes: z.string(),
  allowed_email_domains: z.array(z.string()).describe('Empty: any domain'),
  claim: z.string().describe('The claim mapped to a role, e.g. "groups"; empty: no mapping'),
  admin_values: z.array(z.string()).describe('Claim values that make an admin'),
  member_permissions: permissions.describe('The rights of everyone else'),
  member_basic_path: z.string(),
  create_accounts: z
    .boolean()
    .describe('Create an account on first sign-in; false: only link existing accounts'),
  hide_password_form: z.boolean(),
  redirect_uri: z.string().describe('Register this callback URL at the provider'),
  fixed_by_environment: z.array(ssoField).describe('Fields set by OIDC_* variables'),
});
export type SsoSettings = z.infer<typeof ssoSettings>;

const shortText = z.string().trim().max(200);

/** PUT /api/admin/sso-settings: any subset; fields fixed by the environment are ignored. */
export const updateSsoSettingsBody = z.object({
  enabled: z.boolean().optional(),
  name: shortText.optional(),
  issuer: z.union([z.literal(''), z.url().max(500)]).optional(),
  client_id: z.string().trim().max(500).optional(),
  client_secret: z
    .string()
    .max(2000)
    .optional()
    .describe('A new secret; "" removes it (a public client with PKCE only)'),
  scopes: shortText.optional(),
  allowed_email_domains: z
    .array(z.string().trim().toLowerCase().min(1).max(253))
    .max(100)
    .optional(),
  claim: z.string().trim().max(100).optional(),
  admin_values: z.array(z.string().trim().min(1).max(200)).max(100).optional(),
  member_permissions: permissions.optional(),
  member_basic_path: z.string().max(1000).optional(),
  create_accounts: z.boolean().optional(),
  hide_password_form: z.boolean().optional(),
});
export type UpdateSsoSettingsBody = z.infer<typeof updateSsoSettingsBody>;

/** GET /api/auth/sso: what the login screen needs (public). */
export const ssoLoginInfo = z.object({
  enabled: z.boolean(),
  name: z.string(),
  hide_password_form: z.boolean(),
});
export type SsoLoginInfo = z.infer<typeof ssoLoginInfo>;

/** GET /api/auth/sso/start: where to come back to once signed in (a path on this server). */
export const ssoStartQuery = z.object({
  return_to: z.string().max(1000).optional(),
});
