import { afterEach, describe, expect, it } from 'vitest';
import {
  apiUrl,
  appUrl,
  backendOrigin,
  backendSetting,
  clearStoredBackendUrl,
  parseBackendAddress,
  publicApiUrl,
  storeBackendUrl,
} from './backend';

afterEach(() => {
  delete window.__PASTEBOX_CONFIG__;
});

describe('backend address', () => {
  it('defaults to the page origin, so shown links are absolute even with no backend set', () => {
    expect(backendSetting()).toEqual({ url: '', source: 'origin' });
    expect(apiUrl('/raw/abc')).toBe('/api/raw/abc');
    expect(publicApiUrl('/raw/abc')).toBe(`${window.location.origin}/api/raw/abc`);
    expect(publicApiUrl('/raw/abc')).toMatch(/^https?:\/\//);
    expect(appUrl('/paste/abc')).toBe(`${window.location.origin}/paste/abc`);
  });

  it('takes config.js over the page origin, and the stored choice over both', () => {
    window.__PASTEBOX_CONFIG__ = { backendUrl: 'https://config.example.com/' };
    expect(backendSetting()).toEqual({ url: 'https://config.example.com', source: 'config' });
    expect(publicApiUrl('/raw/x')).toBe('https://config.example.com/api/raw/x');

    storeBackendUrl('https://stored.example.com:8443');
    expect(backendSetting()).toEqual({ url: 'https://stored.example.com:8443', source: 'stored' });
    expect(backendOrigin()).toBe('https://stored.example.com:8443');
    expect(apiUrl('/health')).toBe('https://stored.example.com:8443/api/health');
    // Page links stay on the app's origin: the pages live where the app is served.
    expect(appUrl('/file/x')).toBe(`${window.location.origin}/file/x`);

    clearStoredBackendUrl();
    expect(backendSetting().source).toBe('config');
  });
});

describe('parseBackendAddress', () => {
  it('accepts an http(s) origin, with a port or a trailing slash', () => {
    expect(parseBackendAddress(' https://paste.example.com ')).toEqual({
      ok: true,
      origin: 'https://paste.example.com',
    });
    expect(parseBackendAddress('http://127.0.0.1:8787/')).toEqual({
      ok: true,
      origin: 'http://127.0.0.1:8787',
    });
    expect(parseBackendAddress('HTTPS://Paste.Example.COM:443')).toEqual({
      ok: true,
      origin: 'https://paste.example.com',
    });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['paste.example.com', 'invalid'],
    ['http://', 'invalid'],
    ['ftp://paste.example.com', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://paste.example.com/api', 'path'],
    ['https://paste.example.com/?a=1', 'path'],
    ['https://paste.example.com?', 'path'],
    ['https://paste.example.com#top', 'path'],
    ['https://user:pw@paste.example.com', 'credentials'],
  ])('refuses %j (%s)', (input, error) => {
    expect(parseBackendAddress(input)).toEqual({ ok: false, error });
  });
});
