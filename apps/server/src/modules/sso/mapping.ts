import { AppError } from '@/lib/errors';
import type { ProvisionedRights } from '@/modules/accounts/service';
import type { PersonClaims } from './provider';
import type { EffectiveSso } from './settings';

/**
 * What the provider's claims mean here (issue 32): whether the person's e-mail domain may
 * sign in, whether their e-mail is one to link an account by, which role and rights they
 * get, and the name a new account starts from.
 */

function stringClaim(claims: PersonClaims, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The person's e-mail address as the provider states it, lower-cased; null when none. */
export function emailOf(claims: PersonClaims): string | null {
  return stringClaim(claims, 'email')?.toLowerCase() ?? null;
}

/**
 * Only an address the provider says it verified links an existing account: anyone can
 * type any address into a profile at many providers.
 */
export function verifiedEmailOf(claims: PersonClaims): string | null {
  return claims.email_verified === true || claims.email_verified === 'true'
    ? emailOf(claims)
    : null;
}

/**
 * SSO_DOMAIN_NOT_ALLOWED unless the allow-list is empty or holds the e-mail's domain. An
 * address the provider marks unverified never passes a list; one it says nothing about
 * does (some providers, e.g. Entra ID, send no email_verified for their own directory).
 */
export function checkEmailDomain(sso: EffectiveSso, claims: PersonClaims): void {
  if (sso.allowed_email_domains.length === 0) {
    return;
  }
  const email = emailOf(claims);
  const unverified = claims.email_verified === false || claims.email_verified === 'false';
  const domain = email?.split('@').pop() ?? '';
  const allowed = sso.allowed_email_domains.map((entry) => entry.toLowerCase().replace(/^@/, ''));
  if (!email || unverified || !allowed.includes(domain)) {
    throw new AppError('SSO_DOMAIN_NOT_ALLOWED');
  }
}

/** The claim's values: a list (groups, roles) or one string, space- or comma-separated. */
function claimValues(claims: PersonClaims, claim: string): string[] {
  // A dotted name reaches into an object claim, e.g. Keycloak's realm_access.roles.
  let value: unknown = claims;
  for (const part of claim.split('.')) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  if (Array.isArray(value)) {
    return value.filter((item): item is string => typeof item === 'string');
  }
  return typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [];
}

/**
 * The role and rights the claim gives, or null when no claim is configured: then roles
 * stay as the admin set them, and a new account is a member with the member rights.
 */
export function mappedRights(sso: EffectiveSso, claims: PersonClaims): ProvisionedRights | null {
  if (sso.claim === '') {
    return null;
  }
  const values = new Set(claimValues(claims, sso.claim));
  const isAdmin = sso.admin_values.some((value) => values.has(value));
  return isAdmin ? adminRights() : memberRights(sso);
}

export function memberRights(sso: EffectiveSso): ProvisionedRights {
  return { role: 'member', ...sso.member_permissions, basicPath: sso.member_basic_path };
}

function adminRights(): ProvisionedRights {
  return { role: 'admin', text: true, file: true, mount: true, basicPath: '/' };
}

/** The provider's own username for the person (Keycloak's login name), if it sends one. */
export function preferredUsernameOf(claims: PersonClaims): string | null {
  return stringClaim(claims, 'preferred_username');
}

/** Who the person is, for a new account: name, display name, e-mail. */
export function personOf(claims: PersonClaims) {
  const email = emailOf(claims);
  return {
    preferredUsername: preferredUsernameOf(claims) ?? email ?? `sso-${claims.sub.slice(0, 40)}`,
    displayName: stringClaim(claims, 'name'),
    // Only a verified address is kept: a stored address links accounts later.
    email: verifiedEmailOf(claims),
  };
}
