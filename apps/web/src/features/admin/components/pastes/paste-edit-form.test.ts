import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { describe, expect, it } from 'vitest';
import { initialEditValues, toUpdateBody, validateEdit } from './paste-edit-form';

const paste: PasteDetail = {
  id: 'p1',
  slug: 'notes',
  content: '# hi',
  format: 'markdown',
  remark: 'r',
  hasPassword: true,
  expiresAt: '2027-01-01T00:00:00.000Z',
  maxViews: 5,
  views: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  created_by: 'a1',
};
const now = new Date('2026-01-01T00:00:00.000Z');

describe('paste edit form', () => {
  it('sends nothing when nothing changed (expiry and password kept)', () => {
    expect(toUpdateBody(paste, initialEditValues(paste), now)).toEqual({});
  });

  it('sends only the changed fields, with null for a cleared remark and never', () => {
    const values = {
      ...initialEditValues(paste),
      remark: '',
      expiry: 'never' as const,
      passwordChoice: 'clear' as const,
      maxViews: 0,
    };
    expect(toUpdateBody(paste, values, now)).toEqual({
      remark: null,
      expiresAt: null,
      clearPassword: true,
      maxViews: 0,
    });
    const later = {
      ...initialEditValues(paste),
      expiry: '1h' as const,
      passwordChoice: 'set' as const,
      password: 'pw',
    };
    expect(toUpdateBody(paste, later, now)).toEqual({
      expiresAt: '2026-01-01T01:00:00.000Z',
      password: 'pw',
    });
  });

  it('checks content, slug, new password and max views before sending (SPEC §5)', () => {
    const values = initialEditValues(paste);
    expect(validateEdit(values)).toEqual({});
    expect(validateEdit({ ...values, content: '  ' }).content).toBe('errors.CONTENT_EMPTY');
    expect(validateEdit({ ...values, slug: 'a b' }).slug).toBe('errors.SLUG_INVALID');
    expect(validateEdit({ ...values, slug: 'admin' }).slug).toBe('errors.SLUG_RESERVED');
    expect(validateEdit({ ...values, passwordChoice: 'set' }).password).toBeDefined();
    expect(validateEdit({ ...values, maxViews: -1 }).maxViews).toBeDefined();
    expect(validateEdit({ ...values, maxViews: '' }).maxViews).toBeDefined();
  });
});
