import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { UploadOptions } from '@/lib/uploader/types';
import type { StorageChoice } from '../api/get-storage-configs';
import { DEFAULT_UPLOAD_OPTIONS } from '../lib/upload-options';
import { FileOptionsFields, type FileOptionsFieldsProps } from './FileOptionsFields';

const choices: StorageChoice[] = [
  { id: 'local-1', name: 'Local disk', storageType: 'local', isDefault: true },
  { id: 's3-1', name: 'Team bucket', storageType: 's3', isDefault: false },
];

/** The fields with real state, reporting every value they hold. */
function Harness(props: Partial<FileOptionsFieldsProps> & { onValue: (v: UploadOptions) => void }) {
  const [value, setValue] = useState<UploadOptions>(DEFAULT_UPLOAD_OPTIONS);
  return (
    <FileOptionsFields
      storageChoices={null}
      {...props}
      value={value}
      onChange={(patch) => {
        const next = { ...value, ...patch };
        setValue(next);
        props.onValue(next);
      }}
    />
  );
}

async function setup(props: Partial<FileOptionsFieldsProps> = {}, language?: 'zh-CN') {
  const onValue = vi.fn<(v: UploadOptions) => void>();
  const user = userEvent.setup();
  await renderWithProviders(<Harness {...props} onValue={onValue} />, { language });
  const last = () => onValue.mock.calls.at(-1)?.[0];
  return { user, last };
}

describe('FileOptionsFields', () => {
  it('collects slug, remark, password, expiry in hours and a view limit', async () => {
    const { user, last } = await setup();
    await user.type(screen.getByLabelText('Link suffix'), 'q3-report');
    await user.type(screen.getByLabelText('Remark'), 'for the board');
    await user.type(screen.getByLabelText('Password'), 'pw 1');
    await user.selectOptions(screen.getByLabelText('Expires after'), '1 day');
    await user.clear(screen.getByLabelText('View limit (0 = unlimited)'));
    await user.type(screen.getByLabelText('View limit (0 = unlimited)'), '5');
    expect(last()).toEqual({
      slug: 'q3-report',
      remark: 'for the board',
      password: 'pw 1',
      expiresIn: 24,
      maxViews: 5,
      storageConfigId: null,
    });
  });

  it('offers every expiry of SPEC §9, "never" being 0 hours', async () => {
    const { user, last } = await setup();
    const expiry = screen.getByLabelText('Expires after');
    expect(
      Array.from((expiry as HTMLSelectElement).options, (o) => [o.textContent, o.value]),
    ).toEqual([
      ['1 hour', '1'],
      ['1 day', '24'],
      ['7 days', '168'],
      ['30 days', '720'],
      ['Never', '0'],
    ]);
    await user.selectOptions(expiry, 'Never');
    expect(last()?.expiresIn).toBe(0);
  });

  it('flags an invalid or reserved link suffix while typing', async () => {
    const { user } = await setup();
    const slug = screen.getByLabelText('Link suffix');
    await user.type(slug, 'no spaces');
    expect(screen.getByText(/may only use letters, digits, hyphen and underscore/)).toBeVisible();
    await user.clear(slug);
    await user.type(slug, 'upload');
    expect(screen.getByText('This link suffix is reserved, choose another')).toBeVisible();
  });

  it('shows a server slug error such as "already taken"', async () => {
    await setup({ slugError: 'Link suffix already taken, try another' });
    expect(screen.getByText('Link suffix already taken, try another')).toBeVisible();
  });

  it('hides the storage select when the configs cannot be listed', async () => {
    await setup({ storageChoices: null });
    expect(screen.queryByLabelText('Storage')).not.toBeInTheDocument();
  });

  it('offers the default storage first, by name, then the others', async () => {
    const { user, last } = await setup({ storageChoices: choices });
    const storage = screen.getByLabelText<HTMLSelectElement>('Storage');
    expect(Array.from(storage.options, (o) => o.textContent)).toEqual([
      'Local disk (default)',
      'Team bucket',
    ]);
    await user.selectOptions(storage, 'Team bucket');
    expect(last()?.storageConfigId).toBe('s3-1');
    await user.selectOptions(storage, 'Local disk (default)');
    expect(last()?.storageConfigId).toBeNull();
  });

  it('has no link suffix in the defaults panel, and locks while uploading', async () => {
    await setup({ showSlug: false, disabled: true });
    expect(screen.queryByLabelText('Link suffix')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Remark')).toBeDisabled();
    expect(screen.getByLabelText('Expires after')).toBeDisabled();
  });

  it('turns on end-to-end encryption with an optional password (issue 35)', async () => {
    const { user, last } = await setup();
    expect(screen.queryByLabelText(/Encryption password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /End-to-end encrypt/ }));
    expect(last()).toMatchObject({ encrypt: true });
    await user.type(screen.getByLabelText(/Encryption password/), 'tulip');
    expect(last()).toMatchObject({ encrypt: true, encryptionPassword: 'tulip' });
    await user.click(screen.getByRole('switch', { name: /End-to-end encrypt/ }));
    expect(last()).toMatchObject({ encrypt: false });
    expect(screen.queryByLabelText(/Encryption password/)).not.toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await setup({}, 'zh-CN');
    expect(screen.getByLabelText('链接后缀')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '永不过期' })).toBeInTheDocument();
  });
});
