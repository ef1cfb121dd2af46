import { LIMITS } from '@pastebox/contract/limits';
import { checkSlug } from '@pastebox/contract/rules/slug';
import type { PasswordChoice, ShareNamespace } from './ShareEditFields';

/** The fields every share's edit form has, whatever is shared. */
export interface ShareFieldValues {
  slug: string;
  remark: string;
  passwordChoice: PasswordChoice;
  password: string;
  maxViews: number | string;
}

export type ShareFieldErrors = Partial<Record<keyof ShareFieldValues, string>>;

/**
 * SPEC §5 for the common fields: a valid slug, a remark within bounds, a password when
 * setting one, max views a whole number ≥ 0. Returns translation keys.
 */
export function validateShareFields(
  values: ShareFieldValues,
  ns: ShareNamespace,
): ShareFieldErrors {
  const errors: ShareFieldErrors = {};
  const slugProblem = checkSlug(values.slug.trim());
  if (slugProblem) {
    errors.slug = `errors.${slugProblem}`;
  }
  if (values.remark.length > LIMITS.remarkMaxLength) {
    errors.remark = `${ns}.edit.remarkTooLong`;
  }
  if (values.passwordChoice === 'set' && values.password === '') {
    errors.password = `${ns}.edit.passwordRequired`;
  }
  const maxViews = Number(values.maxViews);
  if (values.maxViews === '' || !Number.isInteger(maxViews) || maxViews < 0) {
    errors.maxViews = `${ns}.edit.maxViewsInvalid`;
  }
  return errors;
}

/** The slug and remark as the PUT body wants them, present only when changed. */
export function changedSlugAndRemark(
  share: { slug: string; remark: string | null },
  values: ShareFieldValues,
): { slug?: string; remark?: string | null } {
  const changes: { slug?: string; remark?: string | null } = {};
  const slug = values.slug.trim();
  if (slug !== share.slug) {
    changes.slug = slug;
  }
  const remark = values.remark.trim();
  if (remark !== (share.remark ?? '')) {
    changes.remark = remark === '' ? null : remark;
  }
  return changes;
}
