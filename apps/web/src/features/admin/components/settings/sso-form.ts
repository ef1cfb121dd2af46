import type { Permissions } from '@pastebox/contract/schemas/auth';
import type { SsoField, SsoSettings, UpdateSsoSettingsBody } from '@pastebox/contract/schemas/sso';

/** The form's own copy of the settings; the secret is only ever typed, never read back. */
export interface SsoFormValues {
  enabled: boolean;
  name: string;
  issuer: string;
  client_id: string;
  /** keep: leave the stored one; replace: send `secret`; remove: send ''. */
  secretAction: 'keep' | 'replace' | 'remove';
  secret: string;
  scopes: string;
  allowed_email_domains: string[];
  claim: string;
  admin_values: string[];
  member_permissions: Permissions;
  member_basic_path: string;
  create_accounts: boolean;
  hide_password_form: boolean;
}

export type SsoFormField = keyof SsoFormValues;
export type SsoFormErrors = Partial<Record<SsoFormField, string>>;

/** The OIDC_* variable behind each field the environment can fix (README, config.ts). */
export const SSO_ENV_VARIABLE: Record<SsoField, string> = {
  enabled: 'OIDC_ISSUER',
  name: 'OIDC_NAME',
  issuer: 'OIDC_ISSUER',
  client_id: 'OIDC_CLIENT_ID',
  client_secret: 'OIDC_CLIENT_SECRET',
  scopes: 'OIDC_SCOPES',
  allowed_email_domains: 'OIDC_ALLOWED_DOMAINS',
  claim: 'OIDC_ROLE_CLAIM',
  admin_values: 'OIDC_ADMIN_VALUES',
  member_permissions: 'OIDC_MEMBER_PERMISSIONS',
  create_accounts: 'OIDC_CREATE_ACCOUNTS',
  hide_password_form: 'OIDC_HIDE_PASSWORD_FORM',
};

export function ssoFormValues(saved: SsoSettings): SsoFormValues {
  return {
    enabled: saved.enabled,
    name: saved.name,
    issuer: saved.issuer,
    client_id: saved.client_id,
    secretAction: saved.client_secret_set ? 'keep' : 'replace',
    secret: '',
    scopes: saved.scopes,
    allowed_email_domains: saved.allowed_email_domains,
    claim: saved.claim,
    admin_values: saved.admin_values,
    member_permissions: saved.member_permissions,
    member_basic_path: saved.member_basic_path,
    create_accounts: saved.create_accounts,
    hide_password_form: saved.hide_password_form,
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;

/** Translation keys of what is wrong, per field; the server checks again. */
export function validateSsoForm(values: SsoFormValues): SsoFormErrors {
  const errors: SsoFormErrors = {};
  const issuer = values.issuer.trim();
  if (issuer && !isHttpUrl(issuer)) {
    errors.issuer = 'settings.sso.errors.issuerInvalid';
  } else if (values.enabled && !issuer) {
    errors.issuer = 'settings.sso.errors.issuerRequired';
  }
  if (values.enabled && !values.client_id.trim()) {
    errors.client_id = 'settings.sso.errors.clientIdRequired';
  }
  if (values.allowed_email_domains.some((domain) => !DOMAIN.test(domain))) {
    errors.allowed_email_domains = 'settings.sso.errors.domainInvalid';
  }
  if (!values.member_basic_path.trim().startsWith('/')) {
    errors.member_basic_path = 'settings.sso.errors.basicPathInvalid';
  }
  return errors;
}

/** The PUT body: every field the environment does not fix; the secret only when it changes. */
export function toSsoBody(
  values: SsoFormValues,
  fixed: readonly SsoField[],
): UpdateSsoSettingsBody {
  const body: UpdateSsoSettingsBody = {
    enabled: values.enabled,
    name: values.name.trim(),
    issuer: values.issuer.trim(),
    client_id: values.client_id.trim(),
    scopes: values.scopes.trim(),
    allowed_email_domains: values.allowed_email_domains.map((domain) =>
      domain.trim().toLowerCase(),
    ),
    claim: values.claim.trim(),
    admin_values: values.admin_values.map((value) => value.trim()),
    member_permissions: values.member_permissions,
    member_basic_path: values.member_basic_path.trim(),
    create_accounts: values.create_accounts,
    hide_password_form: values.hide_password_form,
  };
  if (values.secretAction === 'remove') {
    body.client_secret = '';
  } else if (values.secretAction === 'replace' && values.secret !== '') {
    body.client_secret = values.secret;
  }
  for (const field of fixed) {
    delete body[field];
  }
  return body;
}

/** A server validation error's path (`issuer`, `client_secret`…) as the form's field. */
export function formFieldOf(path: string): SsoFormField | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'client_secret') {
    return 'secret';
  }
  const fields: SsoFormField[] = [
    'enabled',
    'name',
    'issuer',
    'client_id',
    'scopes',
    'allowed_email_domains',
    'claim',
    'admin_values',
    'member_permissions',
    'member_basic_path',
    'create_accounts',
    'hide_password_form',
  ];
  return fields.find((field) => field === head) ?? null;
}
