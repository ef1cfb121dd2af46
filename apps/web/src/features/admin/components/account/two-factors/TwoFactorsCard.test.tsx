import { ModalsProvider } from '@mantine/modals';
import type { TwoFactorOverview } from '@pastebox/contract/schemas/two-factors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { REGISTRATION_OPTIONS, stubWebAuthn, unstubWebAuthn } from '@/test/webauthn-stub';
import { SessionsCard } from '../SessionsCard';
import { TwoFactorsCard } from './TwoFactorsCard';

const CODES = Array.from({ length: 10 }, (_, index) => `rc${index}00-abcde`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Pastebox:ada?secret=X' };
const stamp = '2026-11-20T10:00:00.000Z';

let overview: TwoFactorOverview;
let calls: { method: string; path: string; body: unknown }[];

function server(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, body });
  const route = `${method} ${url.pathname}`;
  if (route === 'GET /api/account') {
    return json(200, { id: 'a1', username: 'ada', role: 'admin' });
  }
  if (route === 'GET /api/account/sessions') {
    return json(200, []);
  }
  if (route === 'GET /api/account/two-factor') {
    return json(200, overview);
  }
  if (route === 'POST /api/account/totp/setup') {
    return json(200, SETUP);
  }
  if (route === 'POST /api/account/totp/confirm') {
    overview = { ...overview, totp: true, recovery_codes_left: 10 };
    return json(200, { recovery_codes: CODES });
  }
  if (route === 'DELETE /api/account/totp') {
    const right = (body as { password: string }).password === 'right-pass';
    return right ? json(200, null) : json(401, null, 'VERIFICATION_FAILED');
  }
  if (route === 'POST /api/account/passkeys/options') {
    return json(200, REGISTRATION_OPTIONS);
  }
  if (route === 'POST /api/account/passkeys') {
    const item = {
      id: 'k1',
      name: (body as { name: string }).name,
      created_at: stamp,
      last_used_at: null,
    };
    overview = { ...overview, passkeys: [item] };
    return json(200, item);
  }
  if (route === 'POST /api/account/app-passwords') {
    const item = {
      id: 'p1',
      name: (body as { name: string }).name,
      created_at: stamp,
      last_used_at: null,
    };
    overview = { ...overview, app_passwords: [item] };
    return json(201, { id: 'p1', name: item.name, password: 'app-secret-0123456789' });
  }
  return json(404, null, 'NOT_FOUND');
}

beforeEach(() => {
  calls = [];
  overview = {
    totp: false,
    passkeys: [],
    recovery_codes_left: 0,
    app_passwords: [],
    required: false,
  };
  stubFetch(server);
  authStore.signInAdmin('tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  unstubWebAuthn();
  authStore.signOut();
});

async function renderCard() {
  const user = userEvent.setup();
  await renderWithProviders(
    <ModalsProvider>
      <TwoFactorsCard />
      <SessionsCard />
    </ModalsProvider>,
  );
  await screen.findByRole('heading', { name: 'Authenticator app' });
  return user;
}

const reads = (path: string) =>
  calls.filter((call) => call.method === 'GET' && call.path === path).length;

describe('Account — two factors (issue 32)', () => {
  it('sets up the app: QR and key, a code, then the recovery codes once', async () => {
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '123456');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/account/totp/confirm',
      body: { code: '123456' },
    });
    // Shown once: after "Done" they are gone, and the count stands in their place.
    await user.click(screen.getByRole('checkbox', { name: 'I saved them somewhere safe' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    // Other sessions ended on the server: the Sessions card reads its list again.
    expect(reads('/api/account/two-factor')).toBe(2);
    await waitFor(() => expect(reads('/api/account/sessions')).toBe(2));
  });

  it('asks the current password to remove the app, and keeps a wrong one on the form', async () => {
    overview = { ...overview, totp: true, recovery_codes_left: 8 };
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the authenticator app?' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'wrong{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Verification failed: the current password is wrong',
    );
    expect(authStore.get().authType).toBe('admin');
  });

  it('shows a new app password once, with a way to copy it', async () => {
    const user = await renderCard();
    await user.type(screen.getByLabelText('Name'), 'Work laptop{Enter}');
    expect(await screen.findByText('app-secret-0123456789')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/account/app-passwords',
      body: { name: 'Work laptop' },
    });
    expect(await screen.findByRole('list', { name: 'App passwords for WebDAV' })).toHaveTextContent(
      'Work laptop',
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('app-secret-0123456789')).toBeNull();
  });

  it('adds a passkey under its name through the browser ceremony', async () => {
    const { create } = stubWebAuthn();
    const user = await renderCard();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const name = screen.getByLabelText(/^Passkey name/);
    await user.clear(name);
    await user.type(name, 'Laptop{Enter}');
    expect(await screen.findByRole('list', { name: 'Passkeys' })).toHaveTextContent('Laptop');
    expect(create).toHaveBeenCalledOnce();
    expect(calls.find((call) => call.path === '/api/account/passkeys')?.body).toMatchObject({
      name: 'Laptop',
      response: { id: 'cred-1', response: { attestationObject: 'YXR0ZXN0YXRpb24' } },
    });
  });

  it('says when the administrator requires two factors, in Chinese too', async () => {
    overview = { ...overview, required: true };
    await renderWithProviders(<TwoFactorsCard />, { language: 'zh-CN' });
    expect(
      await screen.findByText('管理员要求启用两步验证：请至少保留一种验证方式。'),
    ).toBeInTheDocument();
  });
});
