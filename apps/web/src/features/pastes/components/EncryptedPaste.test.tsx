import { BlobSealer, sealBytes, sealWith } from '@pastebox/contract/e2e/blob';
import { encodeBase64Url, newFragmentKey } from '@pastebox/contract/e2e/keys';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fragmentKeyOf } from '@/components/e2e/E2eGate';
import { EncryptedPaste } from './EncryptedPaste';

const SECRET = 'meet at the usual place';

async function blobOf(text: string, key: Uint8Array, password?: string) {
  const plain = new TextEncoder().encode(text);
  if (!password) {
    return encodeBase64Url(await sealBytes(plain, key));
  }
  // The floor of 600,000 iterations is what a reader accepts; it takes a moment.
  const sealer = await BlobSealer.create(key, { password });
  return encodeBase64Url(await sealWith(sealer, plain));
}

function withKeyInLink(key: Uint8Array | null) {
  window.history.replaceState(null, '', key ? `/paste/x#k=${encodeBase64Url(key)}` : '/paste/x');
}

const shown = (text: string) => <p data-testid="plaintext">{text}</p>;

describe('EncryptedPaste', () => {
  afterEach(() => withKeyInLink(null));

  it('opens with the key in the link, and shows nothing of the blob as text', async () => {
    const key = newFragmentKey();
    withKeyInLink(key);
    const blob = await blobOf(SECRET, key);
    await renderWithProviders(<EncryptedPaste blob={blob}>{shown}</EncryptedPaste>);
    expect(await screen.findByTestId('plaintext')).toHaveTextContent(SECRET);
    expect(document.body.textContent).not.toContain(blob.slice(0, 20));
  });

  it('says the key is missing from a link without one', async () => {
    withKeyInLink(null);
    const blob = await blobOf(SECRET, newFragmentKey());
    await renderWithProviders(<EncryptedPaste blob={blob}>{shown}</EncryptedPaste>);
    expect(screen.getByText('The key is missing from the link')).toBeInTheDocument();
    expect(screen.queryByTestId('plaintext')).not.toBeInTheDocument();
  });

  it('says so plainly for the wrong key or a changed blob (zh-CN)', async () => {
    withKeyInLink(newFragmentKey());
    const blob = await blobOf(SECRET, newFragmentKey());
    await renderWithProviders(<EncryptedPaste blob={blob}>{shown}</EncryptedPaste>, {
      language: 'zh-CN',
    });
    expect(await screen.findByText('无法解密此分享')).toBeInTheDocument();
    expect(screen.queryByTestId('plaintext')).not.toBeInTheDocument();
  });

  it('asks for the password the sender set, and again after a wrong one', async () => {
    const key = newFragmentKey();
    withKeyInLink(key);
    const blob = await blobOf(SECRET, key, 'open sesame');
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<EncryptedPaste blob={blob}>{shown}</EncryptedPaste>);
    const input = screen.getByLabelText(/Encryption password/);
    await user.type(input, 'guess{Enter}');
    expect(
      await screen.findByText(/The key or the password is wrong/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Encryption password/));
    await user.type(screen.getByLabelText(/Encryption password/), 'open sesame{Enter}');
    expect(await screen.findByTestId('plaintext', {}, { timeout: 15_000 })).toHaveTextContent(
      SECRET,
    );
  }, 60_000);

  it('reads the key from the fragment only', () => {
    const key = newFragmentKey();
    expect(fragmentKeyOf(`#k=${encodeBase64Url(key)}`)).toEqual(key);
    expect(fragmentKeyOf('#k=short')).toBeNull();
    expect(fragmentKeyOf('')).toBeNull();
  });
});
