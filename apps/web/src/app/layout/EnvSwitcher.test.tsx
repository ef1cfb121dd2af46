import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { EnvSwitcher } from './EnvSwitcher';

afterEach(() => {
  authStore.signOut();
  window.sessionStorage.clear();
});

describe('EnvSwitcher', () => {
  it('is absent for anonymous visitors and key users, even with the flag', async () => {
    await renderWithProviders(<EnvSwitcher />, { route: '/?showEnvSwitcher=1' });
    expect(screen.queryByRole('button', { name: 'Backend environment' })).toBeNull();

    authStore.signInApiKey(
      'k',
      { id: '1', name: 'bot', basic_path: '/' },
      {
        text: true,
        file: true,
        mount: true,
      },
    );
    await renderWithProviders(<EnvSwitcher />, { route: '/?showEnvSwitcher=1' });
    expect(screen.queryByRole('button', { name: 'Backend environment' })).toBeNull();
  });

  it('is absent for an admin without the flag', async () => {
    authStore.signInAdmin('token');
    await renderWithProviders(<EnvSwitcher />, { route: '/upload' });
    expect(screen.queryByRole('button', { name: 'Backend environment' })).toBeNull();
  });

  it('opens for an admin with the flag, shows the source and refuses a path', async () => {
    authStore.signInAdmin('token');
    await renderWithProviders(<EnvSwitcher />, { route: '/?showEnvSwitcher' });
    fireEvent.click(screen.getByRole('button', { name: 'Backend environment' }));
    expect(await screen.findByText("This page's own origin")).toBeInTheDocument();
    expect(screen.getByTestId('env-backend-in-use')).toHaveTextContent(window.location.origin);

    const input = screen.getByLabelText('Backend address');
    fireEvent.change(input, { target: { value: 'https://paste.example.com/api' } });
    fireEvent.blur(input);
    expect(
      screen.getByText('Enter the origin only: no path, query or fragment after the host.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and reload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  });

  it('speaks Chinese too', async () => {
    authStore.signInAdmin('token');
    await renderWithProviders(<EnvSwitcher />, { route: '/?showEnvSwitcher=1', language: 'zh-CN' });
    fireEvent.click(screen.getByRole('button', { name: '后端环境' }));
    const input = await screen.findByLabelText('后端地址');
    fireEvent.change(input, { target: { value: 'ftp://paste.example.com' } });
    fireEvent.blur(input);
    expect(screen.getByText('地址必须以 http:// 或 https:// 开头。')).toBeInTheDocument();
  });
});
