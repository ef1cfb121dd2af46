import { describe, expect, it } from 'vitest';
import {
  emptyRequestValues,
  parseAllowedType,
  requestValuesOf,
  toCreateRequestBody,
  toUpdateRequestBody,
  validateRequest,
} from './request-form';
import { savedRequest } from './request-fixture';
import { bytesOf, sizeValueOf } from './size-units';

const MIB = 1024 * 1024;

describe('size units', () => {
  it('turns typed sizes into bytes (binary) and back into the largest exact unit', () => {
    expect(bytesOf({ amount: 50, unit: 'MB' })).toBe(50 * MIB);
    expect(bytesOf({ amount: '', unit: 'GB' })).toBe(0);
    expect(bytesOf({ amount: -1, unit: 'KB' })).toBeNaN();
    expect(sizeValueOf(2 * 1024 * MIB)).toEqual({ amount: 2, unit: 'GB' });
    expect(sizeValueOf(1536 * 1024)).toEqual({ amount: 1536, unit: 'KB' });
    expect(sizeValueOf(0, 'GB')).toEqual({ amount: '', unit: 'GB' });
  });
});

describe('parseAllowedType', () => {
  it('keeps extensions and MIME patterns, lower-cased; a bare word is an extension', () => {
    expect(parseAllowedType('.PDF')).toBe('.pdf');
    expect(parseAllowedType('Image/*')).toBe('image/*');
    expect(parseAllowedType('zip')).toBe('.zip');
    expect(parseAllowedType('not a type')).toBeNull();
  });
});

describe('request form', () => {
  it('creates a files request with every option', () => {
    const body = toCreateRequestBody({
      ...emptyRequestValues(),
      title: ' Logs ',
      slug: 'logs',
      password: 'pw',
      maxFiles: 3,
      maxFileSize: { amount: 10, unit: 'MB' },
      allowedTypes: ['.log'],
      requireEmail: true,
      targetType: 'mount',
      mountPath: '/team/inbox',
      webhookUrl: 'https://example.com/h',
    });
    expect(body).toEqual({
      title: 'Logs',
      message: null,
      slug: 'logs',
      password: 'pw',
      expires_in: 168,
      max_views: 0,
      kind: 'files',
      require_name: false,
      require_email: true,
      webhook_url: 'https://example.com/h',
      max_files: 3,
      max_file_bytes: 10 * MIB,
      max_total_bytes: 0,
      allowed_types: ['.log'],
      target: { type: 'mount', path: '/team/inbox' },
    });
  });

  it('sends no limits nor target for a text request', () => {
    const body = toCreateRequestBody({ ...emptyRequestValues(), title: 'Token', kind: 'text' });
    expect(body).not.toHaveProperty('target');
    expect(body).not.toHaveProperty('max_files');
  });

  it('edits without touching the password, expiry or secret unless asked', () => {
    const values = requestValuesOf(savedRequest);
    expect(values.maxFileSize).toEqual({ amount: 50, unit: 'MB' });
    const body = toUpdateRequestBody(values);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('expires_in');
    expect(body).not.toHaveProperty('kind');
    expect(body.target).toEqual({ type: 'storage', s3_config_id: 'c1' });
    expect(
      toUpdateRequestBody({ ...values, passwordChoice: 'clear', regenerateSecret: true }),
    ).toMatchObject({ clear_password: true, regenerate_webhook_secret: true });
  });

  it('reports a missing title, a bad slug, a missing folder and a bad webhook', () => {
    const errors = validateRequest(
      {
        ...emptyRequestValues(),
        slug: 'no spaces',
        targetType: 'mount',
        webhookUrl: 'ftp://x',
        maxFiles: -1,
      },
      true,
    );
    expect(errors).toEqual({
      title: 'fileRequests.form.errors.titleRequired',
      slug: 'errors.SLUG_INVALID',
      maxFiles: 'fileRequests.form.errors.wholeNumber',
      mountPath: 'fileRequests.form.errors.folderRequired',
      webhookUrl: 'fileRequests.form.errors.webhookUrl',
    });
  });
});
