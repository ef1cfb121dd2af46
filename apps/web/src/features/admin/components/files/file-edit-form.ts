import { LIMITS } from '@pastebox/contract/limits';
import { checkSlug } from '@pastebox/contract/rules/slug';
import type { FileShare, UpdateFileBody } from '@pastebox/contract/schemas/file';

export type FilePasswordChoice = 'keep' | 'set' | 'clear';
/** 'keep' or hours from now as SPEC §9 offers them (0 = never). */
export type FileExpiryChoice = 'keep' | '1' | '24' | '168' | '720' | '0';
export const FILE_EXPIRY_HOURS = ['1', '24', '168', '720', '0'] as const;

export interface FileEditValues {
  slug: string;
  remark: string;
  passwordChoice: FilePasswordChoice;
  password: string;
  expiry: FileExpiryChoice;
  maxViews: number | string;
}

/** Translation keys of the problems the form reports before anything is sent. */
export type FileEditErrors = Partial<Record<keyof FileEditValues, string>>;

/** The form starts from the share as it is; expiry and password are kept unless changed. */
export function initialFileEditValues(file: FileShare): FileEditValues {
  return {
    slug: file.slug,
    remark: file.remark ?? '',
    passwordChoice: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: file.max_views,
  };
}

/** A valid slug, remark within bounds, a password when setting one, max views ≥ 0. */
export function validateFileEdit(values: FileEditValues): FileEditErrors {
  const errors: FileEditErrors = {};
  const slugProblem = checkSlug(values.slug.trim());
  if (slugProblem) {
    errors.slug = `errors.${slugProblem}`;
  }
  if (values.remark.length > LIMITS.remarkMaxLength) {
    errors.remark = 'files.edit.remarkTooLong';
  }
  if (values.passwordChoice === 'set' && values.password === '') {
    errors.password = 'files.edit.passwordRequired';
  }
  const maxViews = Number(values.maxViews);
  if (values.maxViews === '' || !Number.isInteger(maxViews) || maxViews < 0) {
    errors.maxViews = 'files.edit.maxViewsInvalid';
  }
  return errors;
}

/** Only what changed goes into the PUT body (absent fields stay unchanged on the server). */
export function toFileUpdateBody(file: FileShare, values: FileEditValues): UpdateFileBody {
  const body: UpdateFileBody = {};
  const slug = values.slug.trim();
  if (slug !== file.slug) {
    body.slug = slug;
  }
  const remark = values.remark.trim();
  if (remark !== (file.remark ?? '')) {
    body.remark = remark === '' ? null : remark;
  }
  if (values.passwordChoice === 'set') {
    body.password = values.password;
  } else if (values.passwordChoice === 'clear') {
    body.clear_password = true;
  }
  if (values.expiry !== 'keep') {
    body.expires_in = Number(values.expiry);
  }
  const maxViews = Number(values.maxViews);
  if (maxViews !== file.max_views) {
    body.max_views = maxViews;
  }
  return body;
}
