import { PASTE_EXPIRY_OPTIONS, type PasteExpiryOption } from '@pastebox/contract/limits';
import type { PasteDetail, PasteFormat, UpdatePasteBody } from '@pastebox/contract/schemas/paste';
import type { PasswordChoice } from '@/features/admin/components/shared/ShareEditFields';
import {
  changedSlugAndRemark,
  validateShareFields,
} from '@/features/admin/components/shared/share-edit-rules';

export type { PasswordChoice };
export type ExpiryChoice = 'keep' | PasteExpiryOption;

export interface PasteEditValues {
  content: string;
  slug: string;
  remark: string;
  format: PasteFormat;
  passwordChoice: PasswordChoice;
  password: string;
  expiry: ExpiryChoice;
  maxViews: number | string;
}

/** Translation keys of the problems the form reports before anything is sent. */
export type PasteEditErrors = Partial<Record<keyof PasteEditValues, string>>;

/** The form starts from the share as it is; expiry and password are kept unless changed. */
export function initialEditValues(paste: PasteDetail): PasteEditValues {
  return {
    content: paste.content,
    slug: paste.slug,
    remark: paste.remark ?? '',
    format: paste.format,
    passwordChoice: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: paste.maxViews,
  };
}

/** SPEC §5: content not empty, a valid slug, max views not negative. Returns i18n keys. */
export function validateEdit(values: PasteEditValues): PasteEditErrors {
  const errors: PasteEditErrors = validateShareFields(values, 'texts');
  if (values.content.trim() === '') {
    errors.content = 'errors.CONTENT_EMPTY';
  }
  return errors;
}

/** Only what changed goes into the PUT body (absent fields stay unchanged on the server). */
export function toUpdateBody(
  paste: PasteDetail,
  values: PasteEditValues,
  now: Date,
): UpdatePasteBody {
  const body: UpdatePasteBody = {};
  if (values.content !== paste.content) {
    body.content = values.content;
  }
  Object.assign(body, changedSlugAndRemark(paste, values));
  if (values.format !== paste.format) {
    body.format = values.format;
  }
  if (values.passwordChoice === 'set') {
    body.password = values.password;
  } else if (values.passwordChoice === 'clear') {
    body.clearPassword = true;
  }
  if (values.expiry !== 'keep') {
    const hours = PASTE_EXPIRY_OPTIONS.find((option) => option.id === values.expiry)?.hours;
    body.expiresAt = hours ? new Date(now.getTime() + hours * 3_600_000).toISOString() : null;
  }
  const maxViews = Number(values.maxViews);
  if (maxViews !== paste.maxViews) {
    body.maxViews = maxViews;
  }
  return body;
}
