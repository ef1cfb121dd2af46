import { describe, expect, it } from 'vitest';
import { openBytes } from './blob';
import { decodeBase64Url, newFragmentKey } from './keys';
import { openFileMeta, sealFileMeta } from './metadata';

describe('an encrypted file name and type', () => {
  const meta = { name: 'Q3 contract — final.pdf', type: 'application/pdf' };

  it('opens with the key (and password) it was sealed with, and no other', async () => {
    const key = newFragmentKey();
    const sealed = await sealFileMeta(meta, key);
    expect(sealed).not.toContain('contract');
    expect(await openFileMeta(sealed, key)).toEqual(meta);
    await expect(openFileMeta(sealed, newFragmentKey())).rejects.toThrow(/key or password/);
  });

  it('is sealed under the metadata key, never the content key', async () => {
    const key = newFragmentKey();
    const sealed = decodeBase64Url(await sealFileMeta(meta, key)) ?? new Uint8Array();
    await expect(openBytes(sealed, key)).rejects.toThrow(/key or password/);
    expect(await openBytes(sealed, key, { purpose: 'metadata' })).toBeInstanceOf(Uint8Array);
  });

  it('needs the password mixed into it', async () => {
    const key = newFragmentKey();
    const sealed = await sealFileMeta(meta, key, 'hunter2');
    expect(await openFileMeta(sealed, key, 'hunter2')).toEqual(meta);
    await expect(openFileMeta(sealed, key)).rejects.toThrow(/needs its password/);
    await expect(openFileMeta(sealed, key, 'hunter3')).rejects.toThrow(/key or password/);
  });
});
