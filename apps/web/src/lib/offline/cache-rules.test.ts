import { LIMITS } from '@pastebox/contract/limits';
import { describe, expect, it } from 'vitest';
import { cacheOwner } from './cache-owner';
import { cacheSlotFor, isCacheableType, isExpired, isNetworkFailure } from './cache-rules';

describe('cacheSlotFor', () => {
  it('keeps pastes and file shares by slug', () => {
    expect(cacheSlotFor('/paste/release%20notes')).toEqual({
      store: 'pastes',
      key: 'release notes',
    });
    expect(cacheSlotFor('/public/files/report')).toEqual({ store: 'files', key: 'report' });
  });

  it('keeps folder listings by family and path, so admin and key user never mix', () => {
    expect(cacheSlotFor('/admin/fs/list?path=%2Fdocs%2Fa')).toEqual({
      store: 'directories',
      key: 'admin:/docs/a',
    });
    expect(cacheSlotFor('/user/fs/list?path=%2Fdocs%2Fa')).toEqual({
      store: 'directories',
      key: 'user:/docs/a',
    });
  });

  it('keeps any other JSON GET as a settings entry under its full path', () => {
    expect(cacheSlotFor('/admin/pastes?page=2&limit=10')).toEqual({
      store: 'settings',
      key: 'response:/admin/pastes?page=2&limit=10',
    });
    expect(cacheSlotFor('/admin/fs/get?path=%2Fa.txt')?.store).toBe('settings');
  });

  it.each([
    '/system/max-upload-size',
    '/health',
    '/version',
    '/test/admin-token',
    '/test/api-key',
    '/raw/abc?password=x',
    '/file-download/abc',
    '/file-view/abc',
    '/admin/fs/download?path=%2Fa.bin',
    '/user/fs/preview?path=%2Fa.png',
    '/admin/fs/file-link?path=%2Fa&expires_in=300',
    '/url/proxy?url=https%3A%2F%2Fexample.com',
    '/upload/multipart/f1/parts',
    '/admin/tasks?status=all&limit=50',
  ])('never keeps %s (SPEC §9 and live answers)', (path) => {
    expect(cacheSlotFor(path)).toBeNull();
  });
});

describe('isCacheableType', () => {
  it('keeps JSON and nothing binary', () => {
    expect(isCacheableType('application/json; charset=UTF-8')).toBe(true);
    expect(isCacheableType('application/problem+json')).toBe(true);
    for (const type of [
      'image/png',
      'video/mp4',
      'audio/mpeg',
      'application/pdf',
      'application/octet-stream',
      'text/html',
      null,
    ]) {
      expect(isCacheableType(type)).toBe(false);
    }
  });
});

describe('isExpired', () => {
  it('drops entries once they are 7 days old (SPEC §9: 604800000 ms)', () => {
    const now = Date.parse('2026-01-08T00:00:00Z');
    expect(LIMITS.offlineCacheMaxAgeMs).toBe(604_800_000);
    expect(isExpired(now - 604_800_000 + 1, now)).toBe(false);
    expect(isExpired(now - 604_800_000, now)).toBe(true);
  });
});

describe('isNetworkFailure', () => {
  it('answers from the copy only when the network failed, not on an abort', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    const aborted = new AbortController();
    aborted.abort();
    expect(isNetworkFailure(new TypeError('Failed to fetch'), aborted.signal)).toBe(false);
    expect(isNetworkFailure(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

describe('cacheOwner', () => {
  const here = 'https://paste.example.com';
  it('tells the admin, each key and a stranger apart without storing the key', () => {
    expect(cacheOwner({ authType: 'admin', apiKey: null }, here)).toBe(`admin@${here}`);
    expect(cacheOwner({ authType: 'none', apiKey: null }, here)).toBe(`anonymous@${here}`);
    const one = cacheOwner({ authType: 'apikey', apiKey: 'key-one-secret' }, here);
    const two = cacheOwner({ authType: 'apikey', apiKey: 'key-two-secret' }, here);
    expect(one).toMatch(/^key:[0-9a-f]{8}@/);
    expect(one).not.toContain('secret');
    expect(one).not.toBe(two);
    expect(one).toBe(cacheOwner({ authType: 'apikey', apiKey: 'key-one-secret' }, here));
  });

  it("keeps one backend's copies from answering for another", () => {
    const admin = { authType: 'admin', apiKey: null } as const;
    expect(cacheOwner(admin, here)).not.toBe(cacheOwner(admin, 'https://other.example.com'));
  });
});
