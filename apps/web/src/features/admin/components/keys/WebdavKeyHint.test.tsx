import { STORAGE_KEYS } from '@pastebox/contract/limits';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { newKeyValues, type KeyFormValues } from './key-form';
import { KeyFormFields } from './KeyFormFields';

/** The key form's fields with real state, as the create dialog holds them. */
function Harness({ initial }: { initial: Partial<KeyFormValues> }) {
  const [values, setValues] = useState<KeyFormValues>({ ...newKeyValues(), ...initial });
  return (
    <KeyFormFields
      values={values}
      errors={{}}
      withCustomKey={false}
      onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
    />
  );
}

const HINT = 'Use this key as both user name and password to connect over WebDAV at this address:';

/** How many times `text` is printed in the document (the URL must be printed once). */
const timesPrinted = (text: string) => (document.body.textContent ?? '').split(text).length - 1;

describe('the WebDAV hint of the key form', () => {
  afterEach(() => localStorage.clear());

  it('appears with the absolute /dav/ URL once mount permission is on, and goes with it', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<Harness initial={{ mount: false }} />);
    const url = `${window.location.origin}/dav/`;
    expect(screen.queryByText(HINT)).toBeNull();

    await user.click(screen.getByRole('switch', { name: /Mount/ }));
    expect(screen.getByText(HINT)).toBeInTheDocument();
    // Once, where it can be copied (issue 30: it was printed in the sentence too).
    expect(timesPrinted(url)).toBe(1);
    expect(screen.getByText(url).tagName).toBe('CODE');
    expect(screen.getByRole('button', { name: 'Copy the WebDAV address' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: /Mount/ }));
    expect(screen.queryByText(HINT)).toBeNull();
  });

  it('points at the configured backend, in Chinese too', async () => {
    localStorage.setItem(STORAGE_KEYS.backendUrl, 'https://files.example.com/');
    await renderWithProviders(<Harness initial={{ mount: true }} />, { language: 'zh-CN' });
    expect(
      screen.getByText('通过 WebDAV 连接以下地址时，用户名和密码都填写此密钥：'),
    ).toBeInTheDocument();
    expect(timesPrinted('https://files.example.com/dav/')).toBe(1);
  });
});
