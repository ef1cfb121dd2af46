import { openBytes } from '@pastebox/contract/e2e/blob';
import { decodeBase64Url, decodeFragmentKey } from '@pastebox/contract/e2e/keys';
import { describe, expect, it } from 'vitest';
import { sealText } from './encrypt';

describe('sealText', () => {
  it('gives a blob that opens with the fragment key, and a new key every time', async () => {
    const one = await sealText('secret notes', '');
    const two = await sealText('secret notes', '');
    expect(one.fragment).toMatch(/^#k=[A-Za-z0-9_-]{43}$/);
    expect(one.fragment).not.toBe(two.fragment);
    expect(one.content).not.toContain('secret');
    const key = decodeFragmentKey(one.fragment.slice(3));
    const blob = decodeBase64Url(one.content);
    expect(key && blob).toBeTruthy();
    const plain = await openBytes(blob ?? new Uint8Array(), key ?? new Uint8Array());
    expect(new TextDecoder().decode(plain)).toBe('secret notes');
  });

  it('mixes the password in: the fragment alone does not open it', async () => {
    const sealed = await sealText('with a password', 'pw');
    const key = decodeFragmentKey(sealed.fragment.slice(3)) ?? new Uint8Array();
    const blob = decodeBase64Url(sealed.content) ?? new Uint8Array();
    await expect(openBytes(blob, key)).rejects.toThrow(/needs its password/);
    const plain = await openBytes(blob, key, { password: 'pw' });
    expect(new TextDecoder().decode(plain)).toBe('with a password');
  });
});
