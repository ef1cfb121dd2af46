import { sealedSize } from '@pastebox/contract/e2e/blob';
import { DEFAULT_SEGMENT_BYTES } from '@pastebox/contract/e2e/format';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import { sealFileMeta } from '@pastebox/contract/e2e/metadata';
import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecryptingDownload } from '@/lib/e2e/decrypting-download';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { BundlePage } from './BundlePage';

/** What the page asked to download: the service worker's part is tested on its own. */
const downloads: DecryptingDownload[] = [];
vi.mock('@/lib/e2e/decrypting-download', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  downloadDecrypted: (options: DecryptingDownload) => {
    downloads.push(options);
    return Promise.resolve();
  },
}));

const ORIGIN = 'http://localhost';
const MIB = 1024 * 1024;
const MEMBERS = [
  { name: 'harbour.png', type: 'image/png', size: 3 * MIB },
  { name: 'notes.txt', type: 'text/plain', size: 1000 },
  { name: 'notes.txt', type: 'text/plain', size: 2000 },
];

async function encryptedBundle(key: Uint8Array, password?: string): Promise<PublicBundle> {
  const files = await Promise.all(
    MEMBERS.map(async (member, index) => ({
      filename: 'encrypted',
      mimetype: 'application/octet-stream',
      size: sealedSize(member.size, DEFAULT_SEGMENT_BYTES),
      downloadUrl: `${ORIGIN}/api/file-download/m${index}?token=t${index}`,
      encrypted: true as const,
      encrypted_meta: await sealFileMeta({ name: member.name, type: member.type }, key, password),
    })),
  );
  return {
    slug: 'sealed-trip',
    title: 'Sealed trip',
    created_at: '2026-11-28T09:00:00.000Z',
    expires_at: null,
    max_views: 0,
    views: 1,
    requires_password: false,
    file_count: files.length,
    total_size: files.reduce((sum, file) => sum + file.size, 0),
    files,
    encrypted: true,
  };
}

async function openPage(bundle: PublicBundle, hash: string, language: 'en-US' | 'zh-CN' = 'en-US') {
  window.history.replaceState(null, '', `/b/sealed-trip${hash}`);
  stubFetch(() => json(200, bundle));
  return renderWithProviders(
    <Routes>
      <Route path="/b/:slug" element={<BundlePage />} />
    </Routes>,
    { route: '/b/sealed-trip', language },
  );
}

beforeEach(() => {
  downloads.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('an end-to-end encrypted bundle (issue 35)', () => {
  it('shows the decrypted names, types and plaintext sizes, and downloads through the key', async () => {
    const key = newFragmentKey();
    const user = userEvent.setup({ delay: null });
    await openPage(await encryptedBundle(key), `#k=${encodeBase64Url(key)}`);

    const list = await screen.findByRole('list', { name: 'Files' });
    expect(screen.getByRole('heading', { name: 'Sealed trip' })).toBeInTheDocument();
    // 3 MiB + 1000 + 2000 bytes of plaintext, not the ciphertext's total.
    expect(screen.getByText(/^3 files · 3(\.0)? MiB/)).toBeInTheDocument();
    const gallery = screen.getByRole('list', { name: 'Pictures' });
    expect(within(gallery).getByText('harbour.png')).toBeInTheDocument();
    // No thumbnail: the server serves ciphertext only.
    expect(within(gallery).queryByRole('img')).toBeNull();
    expect(within(list).getAllByText('notes.txt')).toHaveLength(2);
    expect(within(list).getByText('1000 B')).toBeInTheDocument();
    expect(screen.queryByText('encrypted')).toBeNull();
    // The browser makes the ZIP: a button, never the server's link.
    expect(screen.queryByRole('link', { name: 'Download all (ZIP)' })).toBeNull();

    await user.click(within(list).getAllByRole('button', { name: 'Download notes.txt' })[1]!);
    expect(downloads[0]).toMatchObject({
      kind: 'file',
      url: `${ORIGIN}/api/file-download/m2?token=t2`,
      filename: 'notes.txt',
      size: 2000,
      key,
      password: undefined,
    });

    await user.click(screen.getByRole('button', { name: 'Download all (ZIP)' }));
    expect(downloads[1]).toMatchObject({
      kind: 'zip',
      filename: 'Sealed trip.zip',
      members: [
        { name: 'harbour.png', size: 3 * MIB, url: `${ORIGIN}/api/file-download/m0?token=t0` },
        { name: 'notes.txt', size: 1000 },
        { name: 'notes (2).txt', size: 2000 },
      ],
    });
    expect(await screen.findByText('Sealed trip.zip decrypted and saved.')).toBeInTheDocument();
  });

  it('copies the whole link, key included', async () => {
    const key = newFragmentKey();
    // Outside a secure context the page copies through a hidden text area.
    const copied: string[] = [];
    document.execCommand = () => {
      copied.push(document.querySelector('textarea')?.value ?? '');
      return true;
    };
    const user = userEvent.setup({ delay: null });
    await openPage(await encryptedBundle(key), `#k=${encodeBase64Url(key)}`);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    const text = copied[0] ?? (await navigator.clipboard.readText());
    expect(text).toBe(`${window.location.origin}/b/sealed-trip#k=${encodeBase64Url(key)}`);
  });

  it('says the key is missing from a link without it, and names nothing', async () => {
    await openPage(await encryptedBundle(newFragmentKey()), '');
    expect(await screen.findByText('The key is missing from the link')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sealed trip' })).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).toBeNull();
  });

  it('says plainly that another key does not open it', async () => {
    await openPage(
      await encryptedBundle(newFragmentKey()),
      `#k=${encodeBase64Url(newFragmentKey())}`,
      'zh-CN',
    );
    expect(await screen.findByText('无法解密此文件包')).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).toBeNull();
  });

  it('asks for the password, refuses a wrong one, opens with the right one', async () => {
    const key = newFragmentKey();
    const user = userEvent.setup({ delay: null });
    await openPage(await encryptedBundle(key, 'gulls'), `#k=${encodeBase64Url(key)}`);
    const field = await screen.findByLabelText(/Encryption password/);
    await user.type(field, 'crows{Enter}');
    expect(
      await screen.findByText(/The key or the password is wrong/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('notes.txt')).toBeNull();
    await user.clear(screen.getByLabelText(/Encryption password/));
    await user.type(screen.getByLabelText(/Encryption password/), 'gulls{Enter}');
    expect(
      await screen.findByRole('list', { name: 'Files' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download all (ZIP)' }));
    expect(downloads[0]).toMatchObject({ kind: 'zip', password: 'gulls' });
  }, 60_000);
});
