import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SystemSettingsForm } from './SystemSettingsForm';

const DEFAULTS = {
  max_upload_size: 100,
  max_upload_size_unit: 'MB',
  max_upload_size_bytes: 100 * 1024 * 1024,
  webdav_upload_mode: 'auto',
};

/** The PUT bodies the form sent. */
let sent: unknown[] = [];

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, message: 'OK', data, success: true }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** Answers GET with the defaults and PUT with the body merged into them, as the server does. */
function answer(init?: RequestInit): Response {
  if (init?.method === 'PUT' && typeof init.body === 'string') {
    const body = JSON.parse(init.body) as object;
    sent.push(body);
    return envelope({ ...DEFAULTS, ...body });
  }
  return envelope(DEFAULTS);
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(answer(init))),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('SystemSettingsForm', () => {
  it('shows the saved settings', async () => {
    await renderWithProviders(<SystemSettingsForm />);
    expect(await screen.findByRole('textbox', { name: /Max upload size/ })).toHaveValue('100');
    expect(screen.getByRole('combobox', { name: 'Max upload size unit' })).toHaveValue('MB');
    expect(screen.getByRole('combobox', { name: /WebDAV upload mode/ })).toHaveValue('auto');
  });

  it('refuses a size of 0 and sends nothing', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SystemSettingsForm />);
    const size = await screen.findByRole('textbox', { name: /Max upload size/ });
    await user.clear(size);
    await user.type(size, '0');
    await user.click(screen.getByRole('button', { name: 'Save system settings' }));
    expect(await screen.findByText('Enter a size greater than 0')).toBeInTheDocument();
    await user.clear(size);
    await user.click(screen.getByRole('button', { name: 'Save system settings' }));
    expect(screen.getByText('Enter a size greater than 0')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the size, unit and WebDAV mode in one PUT', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<SystemSettingsForm />);
    const size = await screen.findByRole('textbox', { name: /Max upload size/ });
    await user.clear(size);
    await user.type(size, '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Max upload size unit' }), 'GB');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /WebDAV upload mode/ }),
      'multipart',
    );
    await user.click(screen.getByRole('button', { name: 'Save system settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      max_upload_size: 2,
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'multipart',
    });
  });

  it('speaks Chinese', async () => {
    await renderWithProviders(<SystemSettingsForm />, { language: 'zh-CN' });
    expect(await screen.findByRole('textbox', { name: /最大上传大小/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存系统设置' })).toBeInTheDocument();
  });

  // Issue 30: the hint said WebDAV "arrives in a later version" long after it shipped.
  it.each([
    ['en-US', /served at \/dav\//, /later version/],
    ['zh-CN', /\/dav\//, /后续版本/],
  ] as const)('explains the WebDAV upload mode as it is now (%s)', async (language, now, stale) => {
    await renderWithProviders(<SystemSettingsForm />, { language });
    const mode = await screen.findByRole('combobox', { name: /WebDAV/ });
    const hint = document.getElementById(mode.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(now);
    expect(hint?.textContent).not.toMatch(stale);
  });
});
