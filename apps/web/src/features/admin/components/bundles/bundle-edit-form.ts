import {
  BUNDLE_TITLE_MAX_LENGTH,
  type BundleDetail,
  type UpdateBundleBody,
} from '@pastebox/contract/schemas/bundle';
import type { PasswordChoice } from '@/features/admin/components/shared/ShareEditFields';
import { validateShareFields } from '@/features/admin/components/shared/share-edit-rules';

/** 'keep' or hours from now as SPEC §9 offers them (0 = never). */
export type BundleExpiryChoice = 'keep' | '1' | '24' | '168' | '720' | '0';
export const BUNDLE_EXPIRY_CHOICES = ['1', '24', '168', '720', '0'] as const;

export interface BundleEditValues {
  title: string;
  slug: string;
  passwordChoice: PasswordChoice;
  password: string;
  expiry: BundleExpiryChoice;
  maxViews: number | string;
}

export type BundleEditErrors = Partial<Record<keyof BundleEditValues, string>>;

/** The form starts from the bundle as it is; expiry and password are kept unless changed. */
export function initialBundleEditValues(bundle: BundleDetail): BundleEditValues {
  return {
    title: bundle.title ?? '',
    slug: bundle.slug,
    passwordChoice: 'keep',
    password: '',
    expiry: 'keep',
    maxViews: bundle.max_views,
  };
}

/** The share fields' rules (slug, password, max views) and the title's length. */
export function validateBundleEdit(values: BundleEditValues): BundleEditErrors {
  const { remark: _remark, ...errors } = validateShareFields({ ...values, remark: '' }, 'bundles');
  const result: BundleEditErrors = errors;
  if (values.title.trim().length > BUNDLE_TITLE_MAX_LENGTH) {
    result.title = 'bundles.form.titleTooLong';
  }
  return result;
}

/** Only what changed goes into the PUT body (absent fields stay unchanged on the server). */
export function toBundleUpdateBody(
  bundle: BundleDetail,
  values: BundleEditValues,
): UpdateBundleBody {
  const body: UpdateBundleBody = {};
  const slug = values.slug.trim();
  if (slug !== bundle.slug) {
    body.slug = slug;
  }
  const title = values.title.trim();
  if (title !== (bundle.title ?? '')) {
    body.title = title === '' ? null : title;
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
  if (maxViews !== bundle.max_views) {
    body.max_views = maxViews;
  }
  return body;
}
