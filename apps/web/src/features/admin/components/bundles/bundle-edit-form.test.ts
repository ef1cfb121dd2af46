import type { BundleDetail } from '@pastebox/contract/schemas/bundle';
import { describe, expect, it } from 'vitest';
import {
  initialBundleEditValues,
  toBundleUpdateBody,
  validateBundleEdit,
} from './bundle-edit-form';

const bundle: BundleDetail = {
  id: 'b1',
  slug: 'trip',
  title: 'Holiday',
  url: 'http://localhost/b/trip',
  has_password: true,
  expires_at: null,
  max_views: 0,
  views: 2,
  expired: false,
  file_count: 2,
  total_size: 300,
  created_by: 'admin',
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
  files: [],
};

describe('the bundle edit form', () => {
  it('sends nothing when nothing changed', () => {
    expect(toBundleUpdateBody(bundle, initialBundleEditValues(bundle))).toEqual({});
  });

  it('sends each changed field, an emptied title as null', () => {
    const values = {
      ...initialBundleEditValues(bundle),
      title: ' ',
      slug: 'trip-2',
      passwordChoice: 'clear' as const,
      expiry: '24' as const,
      maxViews: 5,
    };
    expect(toBundleUpdateBody(bundle, values)).toEqual({
      title: null,
      slug: 'trip-2',
      clear_password: true,
      expires_in: 24,
      max_views: 5,
    });
  });

  it('refuses a bad slug, a missing new password, a long title and negative views', () => {
    const errors = validateBundleEdit({
      ...initialBundleEditValues(bundle),
      slug: 'a b',
      title: 'x'.repeat(201),
      passwordChoice: 'set',
      maxViews: -1,
    });
    expect(Object.keys(errors).sort()).toEqual(['maxViews', 'password', 'slug', 'title']);
    expect(errors.password).toBe('bundles.edit.passwordRequired');
  });
});
