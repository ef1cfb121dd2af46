import { normaliseBasicPath } from '@pastebox/contract/rules/api-key';
import {
  DEFAULT_SSO_SCOPES,
  type SsoField,
  type SsoSettings,
  type UpdateSsoSettingsBody,
} from '@pastebox/contract/schemas/sso';
import { z } from 'zod';
import type { Config } from '@/config';
import type { AppDeps } from '@/context';
import { AppError } from '@/lib/errors';
import { readSetting, writeSetting } from '@/modules/system/service';

/**
 * The SSO settings (issue 32): stored as one JSON setting, the client secret sealed with
 * deps.secrets inside it; every OIDC_* variable that is set overrides its field.
 */

const SETTING_KEY = 'sso_settings';

/** The settings in force, the secret in clear: for this module only, never answered. */
export interface EffectiveSso {
  enabled: boolean;
  name: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  allowed_email_domains: string[];
  claim: string;
  admin_values: string[];
  member_permissions: { text: boolean; file: boolean; mount: boolean };
  member_basic_path: string;
  create_accounts: boolean;
  hide_password_form: boolean;
  fixed: SsoField[];
}

const stored = z.object({
  enabled: z.boolean().catch(false),
  name: z.string().catch(''),
  issuer: z.string().catch(''),
  client_id: z.string().catch(''),
  client_secret_cipher: z.string().nullable().catch(null),
  scopes: z.string().catch(DEFAULT_SSO_SCOPES),
  allowed_email_domains: z.array(z.string()).catch([]),
  claim: z.string().catch(''),
  admin_values: z.array(z.string()).catch([]),
  member_permissions: z
    .object({ text: z.boolean(), file: z.boolean(), mount: z.boolean() })
    .catch({ text: true, file: true, mount: false }),
  member_basic_path: z.string().catch('/'),
  create_accounts: z.boolean().catch(true),
  hide_password_form: z.boolean().catch(false),
});
type Stored = z.infer<typeof stored>;

async function readStored(deps: AppDeps): Promise<Stored> {
  const raw = await readSetting(deps, SETTING_KEY);
  let parsed: unknown = {};
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    // A hand-edited row that is not JSON reads as never set, not as a broken sign-in page.
  }
  return stored.parse(parsed);
}

/** What each OIDC_* variable fixes, when it is set. */
function environmentOf(config: Config): Partial<Omit<EffectiveSso, 'fixed'>> {
  const env: Partial<Omit<EffectiveSso, 'fixed'>> = {};
  if (config.OIDC_ISSUER !== undefined) {
    env.enabled = true;
    env.issuer = config.OIDC_ISSUER;
  }
  const plain = {
    client_id: config.OIDC_CLIENT_ID,
    client_secret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES,
    name: config.OIDC_NAME,
    allowed_email_domains: config.OIDC_ALLOWED_DOMAINS,
    claim: config.OIDC_ROLE_CLAIM,
    admin_values: config.OIDC_ADMIN_VALUES,
    create_accounts: config.OIDC_CREATE_ACCOUNTS,
    hide_password_form: config.OIDC_HIDE_PASSWORD_FORM,
  };
  for (const [field, value] of Object.entries(plain)) {
    if (value !== undefined) {
      Object.assign(env, { [field]: value });
    }
  }
  const rights = config.OIDC_MEMBER_PERMISSIONS;
  if (rights !== undefined) {
    env.member_permissions = {
      text: rights.includes('text'),
      file: rights.includes('file'),
      mount: rights.includes('mount'),
    };
  }
  return env;
}

function openSecret(deps: AppDeps, sealed: string | null): string {
  if (!sealed) {
    return '';
  }
  try {
    return deps.secrets.decrypt(sealed);
  } catch {
    // SECRET changed since the secret was stored: it reads as unset, to be entered again.
    return '';
  }
}

/** The settings in force: stored ones, each overridden by its OIDC_* variable if set. */
export async function readEffectiveSso(deps: AppDeps): Promise<EffectiveSso> {
  const { client_secret_cipher: sealed, ...rest } = await readStored(deps);
  const env = environmentOf(deps.config);
  return {
    ...rest,
    client_secret: openSecret(deps, sealed),
    ...env,
    fixed: Object.keys(env) as SsoField[],
  };
}

/** SSO can be used: switched on, with an issuer and a client id. */
export function ssoUsable(sso: EffectiveSso): boolean {
  return sso.enabled && sso.issuer !== '' && sso.client_id !== '';
}

/** The admin's view: never the secret, only whether one is set. */
export function presentSsoSettings(sso: EffectiveSso, redirectUri: string): SsoSettings {
  const { client_secret: secret, fixed, ...rest } = sso;
  return {
    ...rest,
    client_secret_set: secret !== '',
    redirect_uri: redirectUri,
    fixed_by_environment: fixed,
  };
}

/**
 * PUT /api/admin/sso-settings: stores the fields given, except those an OIDC_* variable
 * fixes (they would not apply). A secret is sealed; '' removes it.
 */
export async function updateSsoSettings(
  deps: AppDeps,
  body: UpdateSsoSettingsBody,
): Promise<EffectiveSso> {
  const current = await readStored(deps);
  const fixed = new Set(Object.keys(environmentOf(deps.config)));
  const next: Stored = { ...current };
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined || fixed.has(field) || field === 'client_secret') {
      continue;
    }
    Object.assign(next, { [field]: value });
  }
  if (body.client_secret !== undefined && !fixed.has('client_secret')) {
    next.client_secret_cipher = body.client_secret
      ? deps.secrets.encrypt(body.client_secret)
      : null;
  }
  if (body.member_basic_path !== undefined) {
    const path = normaliseBasicPath(body.member_basic_path);
    if (path === null) {
      throw new AppError('BASIC_PATH_INVALID');
    }
    next.member_basic_path = path;
  }
  next.scopes = next.scopes.trim() || DEFAULT_SSO_SCOPES;
  await writeSetting(deps, SETTING_KEY, JSON.stringify(next));
  return readEffectiveSso(deps);
}
