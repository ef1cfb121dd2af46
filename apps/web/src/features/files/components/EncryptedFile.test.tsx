import { sealedSize } from '@pastebox/contract/e2e/blob';
import { DEFAULT_SEGMENT_BYTES } from '@pastebox/contract/e2e/format';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import { sealFileMeta } from '@pastebox/contract/e2e/metadata';
import type { PublicFile } from '@pastebox/contract/schemas/file';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EncryptedFile } from './EncryptedFile';

const NAME = 'passport scan.pdf';

async function encryptedFile(key: Uint8Array, password?: string) {
  const meta = await sealFileMeta({ name: NAME, type: 'application/pdf' }, key, password);
  const file: PublicFile & { downloadUrl: string; encrypted_meta: string } = {
    slug: 'enc1',
    filename: 'encrypted',
    mimetype: 'application/octet-stream',
    size: sealedSize(2 * 1024 * 1024, DEFAULT_SEGMENT_BYTES),
    remark: null,
    created_at: '2026-11-28T09:00:00.000Z',
    expires_at: null,
    max_views: 0,
    views: 1,
    requires_password: false,
    previewUrl: 'http://localhost/api/file-view/enc1?token=t',
    downloadUrl: 'http://localhost/api/file-download/enc1?token=t',
    encrypted: true,
    encrypted_meta: meta,
  };
  return file;
}

function withKeyInLink(key: Uint8Array | null) {
  window.history.replaceState(
    null,
    '',
    key ? `/file/enc1#k=${encodeBase64Url(key)}` : '/file/enc1',
  );
}

describe('EncryptedFile', () => {
  afterEach(() => withKeyInLink(null));

  it('shows the real name and size once the key in the link opens them', async () => {
    const key = newFragmentKey();
    withKeyInLink(key);
    await renderWithProviders(<EncryptedFile file={await encryptedFile(key)} />);
    expect(await screen.findByRole('heading', { name: NAME })).toBeInTheDocument();
    expect(screen.getByText('End-to-end encrypted')).toBeInTheDocument();
    expect(screen.getByText(/2(\.0)? MB|2(\.0)? MiB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decrypt and download' })).toBeEnabled();
    expect(screen.queryByText('encrypted')).not.toBeInTheDocument();
  });

  it('says the key is missing, and names nothing', async () => {
    withKeyInLink(null);
    await renderWithProviders(<EncryptedFile file={await encryptedFile(newFragmentKey())} />);
    expect(screen.getByText('The key is missing from the link')).toBeInTheDocument();
    expect(screen.queryByText(NAME)).not.toBeInTheDocument();
  });

  it('asks for the password, refuses a wrong one in zh-CN, opens with the right one', async () => {
    const key = newFragmentKey();
    withKeyInLink(key);
    await renderWithProviders(<EncryptedFile file={await encryptedFile(key, 'tulip')} />, {
      language: 'zh-CN',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/加密密码/), 'daisy');
    await user.click(screen.getByRole('button', { name: '解密' }));
    expect(await screen.findByText(/密钥或密码错误/, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/加密密码/));
    await user.type(screen.getByLabelText(/加密密码/), 'tulip');
    await user.click(screen.getByRole('button', { name: '解密' }));
    expect(
      await screen.findByRole('heading', { name: NAME }, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 15_000);
});
