import type { FileShare, UpdateFileBody } from '@pastebox/contract/schemas/file';
import type { PasswordChoice } from '@/features/admin/components/shared/ShareEditFields';
import {
  changedSlugAndRemark,
  validateShareFields,
} from '@/features/admin/components/shared/share-edit-rules';

export type FilePasswordChoice = PasswordChoice;
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
  return validateShareFields(values, 'files');
}

/** Only what changed goes into the PUT body (absent fields stay unchanged on the server). */
export function toFileUpdateBody(file: FileShare, values: FileEditValues): UpdateFileBody {
  const body: UpdateFileBody = { ...changedSlugAndRemark(file, values) };
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
