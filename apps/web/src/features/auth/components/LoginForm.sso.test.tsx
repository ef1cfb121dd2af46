import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './LoginForm';
import { signInServer, stepRequired, type Call } from './second-factor/sign-in-test-server';

const assign = vi.fn();

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
});

afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('LoginForm — single sign-on (issue 32)', () => {
  it('offers "Sign in with <name>" above the password form, going back to where the person was', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <LoginForm sso={{ enabled: true, name: 'Acme account', hide_password_form: false }} />,
      { route: '/admin/audit' },
    );
    expect(screen.getByRole('radio', { name: 'Account' })).toBeChecked();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in with Acme account' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/sso/start?return_to=%2Fadmin%2Faudit');
  });

  it('hides the password form behind a link when the server says so', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <LoginForm sso={{ enabled: true, name: 'Acme', hide_password_form: true }} />,
      { route: '/admin', language: 'zh-CN' },
    );
    expect(screen.getByRole('button', { name: '使用Acme登录' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^密码/)).toBeNull();
    await user.click(screen.getByRole('button', { name: '使用密码登录' }));
    expect(screen.getByLabelText(/^密码/)).toBeInTheDocument();
  });

  it('shows no button when single sign-on is off', async () => {
    await renderWithProviders(
      <LoginForm sso={{ enabled: false, name: 'SSO', hide_password_form: true }} />,
    );
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('leaves the second step alone on the card: no provider button while it is asked for', async () => {
    const user = userEvent.setup();
    const calls: Call[] = [];
    stubFetch(
      signInServer(
        { 'POST /api/admin/login': () => stepRequired('SECOND_FACTOR_REQUIRED', 'totp') },
        calls,
      ),
    );
    await renderWithProviders(
      <LoginForm sso={{ enabled: true, name: 'Acme account', hide_password_form: false }} />,
      { route: '/admin' },
    );
    await user.type(screen.getByLabelText(/^Username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'pw-123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Two-step verification')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Acme account' })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/admin/login']);
  });
});
