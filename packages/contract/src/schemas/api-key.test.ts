import { describe, expect, it } from 'vitest';
import { createApiKeyBody, updateApiKeyBody } from './api-key';

describe('createApiKeyBody', () => {
  it('fills the defaults: no permission, base path /', () => {
    expect(createApiKeyBody.parse({ name: 'ci' })).toEqual({
      name: 'ci',
      text_permission: false,
      file_permission: false,
      mount_permission: false,
      basic_path: '/',
    });
  });

  it('trims the name and refuses a blank one', () => {
    expect(createApiKeyBody.parse({ name: '  ci  ' }).name).toBe('ci');
    expect(createApiKeyBody.safeParse({ name: '   ' }).success).toBe(false);
    expect(createApiKeyBody.safeParse({}).success).toBe(false);
  });

  it('takes expires_at as an ISO instant or null', () => {
    expect(createApiKeyBody.parse({ name: 'a', expires_at: null }).expires_at).toBeNull();
    expect(
      createApiKeyBody.parse({ name: 'a', expires_at: '2030-01-01T00:00:00+02:00' }).expires_at,
    ).toBe('2030-01-01T00:00:00+02:00');
    expect(createApiKeyBody.safeParse({ name: 'a', expires_at: 'tomorrow' }).success).toBe(false);
  });
});

describe('updateApiKeyBody', () => {
  it('leaves absent fields out, so they stay unchanged', () => {
    expect(updateApiKeyBody.parse({ text_permission: true })).toEqual({ text_permission: true });
  });

  it('keeps an explicit null expiry (never)', () => {
    expect(updateApiKeyBody.parse({ expires_at: null })).toEqual({ expires_at: null });
  });
});

describe('key names', () => {
  it('refuses control characters', () => {
    expect(createApiKeyBody.safeParse({ name: 'a\u0000b' }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: 'a\nb' }).success).toBe(false);
    expect(createApiKeyBody.safeParse({ name: 'Équipe 日本' }).success).toBe(true);
  });
});
