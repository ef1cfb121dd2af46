import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BUNDLE_OPTIONS,
  bundleOptionsProblems,
  toCreateBundleBody,
} from './bundle-options';

describe('bundle options', () => {
  it('sends only what was given, the files in their order', () => {
    expect(toCreateBundleBody(['b', 'a'], DEFAULT_BUNDLE_OPTIONS)).toEqual({
      file_ids: ['b', 'a'],
      expires_in: 168,
      max_views: 0,
    });
    expect(
      toCreateBundleBody(['a'], {
        title: '  Holiday  ',
        slug: ' trip ',
        password: 'pw',
        expiresIn: 0,
        maxViews: 3,
      }),
    ).toEqual({
      file_ids: ['a'],
      title: 'Holiday',
      slug: 'trip',
      password: 'pw',
      expires_in: 0,
      max_views: 3,
    });
  });

  it('reports a bad slug and an overlong title as translation keys', () => {
    expect(bundleOptionsProblems(DEFAULT_BUNDLE_OPTIONS)).toEqual({});
    const problems = bundleOptionsProblems({
      ...DEFAULT_BUNDLE_OPTIONS,
      slug: 'no spaces',
      title: 'x'.repeat(201),
    });
    expect(problems.slug).toMatch(/^errors\./);
    expect(problems.title).toBe('bundles.form.titleTooLong');
  });
});
