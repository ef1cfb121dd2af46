import { BUNDLE_TITLE_MAX_LENGTH, type CreateBundleBody } from '@pastebox/contract/schemas/bundle';
import { checkSlug, type SlugProblem } from '@pastebox/contract/rules/slug';

/** A new bundle's share options as its form holds them (the upload page, the file list). */
export interface BundleOptions {
  title: string;
  /** Custom link suffix; random when empty. */
  slug: string;
  /** None when empty. */
  password: string;
  /** Hours until the bundle expires (1, 24, 168, 720); 0 = never. */
  expiresIn: number;
  /** 0 = unlimited. */
  maxViews: number;
}

export const DEFAULT_BUNDLE_OPTIONS: BundleOptions = {
  title: '',
  slug: '',
  password: '',
  expiresIn: 168,
  maxViews: 0,
};

/** SPEC §9 expiry choices, with the hours `expires_in` takes (0 = never). */
export const BUNDLE_EXPIRY_HOURS = [1, 24, 168, 720, 0] as const;

export interface BundleOptionsProblems {
  title?: 'bundles.form.titleTooLong';
  slug?: `errors.${SlugProblem}`;
}

/** Translation keys of what is wrong before anything is sent: slug rules, title length. */
export function bundleOptionsProblems(options: BundleOptions): BundleOptionsProblems {
  const problems: BundleOptionsProblems = {};
  const slug = options.slug.trim();
  const slugProblem = slug === '' ? null : checkSlug(slug);
  if (slugProblem) {
    problems.slug = `errors.${slugProblem}`;
  }
  if (options.title.trim().length > BUNDLE_TITLE_MAX_LENGTH) {
    problems.title = 'bundles.form.titleTooLong';
  }
  return problems;
}

/** The POST body: the files in order, and only the options that were given. */
export function toCreateBundleBody(fileIds: string[], options: BundleOptions): CreateBundleBody {
  const title = options.title.trim();
  const slug = options.slug.trim();
  return {
    file_ids: fileIds,
    ...(title ? { title } : {}),
    ...(slug ? { slug } : {}),
    ...(options.password ? { password: options.password } : {}),
    expires_in: options.expiresIn,
    max_views: options.maxViews,
  };
}
