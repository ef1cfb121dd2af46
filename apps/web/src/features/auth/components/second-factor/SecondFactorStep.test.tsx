import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from '../LoginForm';
import {
  CHALLENGE,
  refusal,
  session,
  signInServer,
  stepRequired,
  type Call,
} from './sign-in-test-server';

let calls: Call[] = [];
let secondFactor: (body: unknown) => Response;

beforeEach(() => {
  authStore.signOut();
  calls = [];
  secondFactor = () => session();
  stubFetch(
    signInServer(
      {
        'POST /api/admin/login': () => stepRequired('SECOND_FACTOR_REQUIRED', 'totp,recovery'),
        'POST /api/auth/second-factor': (body) => secondFactor(body),
      },
      calls,
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

async function passwordStep(language: 'en-US' | 'zh-CN' = 'en-US') {
  const user = userEvent.setup();
  await renderWithProviders(<LoginForm />, { language });
  const [name, password] = language === 'en-US' ? [/^Username/, /^Password/] : [/^用户名/, /^密码/];
  await user.type(screen.getByLabelText(name), 'ada');
  await user.type(screen.getByLabelText(password), 'ada-pass-1{Enter}');
  return user;
}

const stepCalls = () => calls.filter((call) => call.path === '/api/auth/second-factor');

describe('Signing in — the second step (issue 32)', () => {
  it('sends the code on the sixth digit and signs in as a password would', async () => {
    const user = await passwordStep();
    const field = await screen.findByLabelText(/^Code/);
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '123 456');
    await waitFor(() => expect(authStore.get().authType).toBe('admin'));
    expect(stepCalls()).toEqual([
      {
        method: 'POST',
        path: '/api/auth/second-factor',
        body: { challenge: CHALLENGE, method: 'totp', code: '123456' },
        authorization: null,
      },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcde-fgh23{Enter}');
    await waitFor(() => expect(authStore.get().authType).toBe('admin'));
    expect(stepCalls()[0]?.body).toEqual({
      challenge: CHALLENGE,
      method: 'recovery',
      code: 'abcde-fgh23',
    });
  });

  it('stays on the step with the field cleared when the code is refused', async () => {
    secondFactor = () => refusal(401, 'SECOND_FACTOR_INVALID');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/^Code/), '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code or passkey was not accepted',
    );
    expect(screen.getByLabelText(/^Code/)).toHaveValue('');
    await waitFor(() => expect(screen.getByLabelText(/^Code/)).toHaveFocus());
    expect(authStore.get().authType).toBe('none');
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });

  it('goes back to the password, saying why, when the step expired', async () => {
    secondFactor = () => refusal(401, 'SIGN_IN_CHALLENGE_INVALID');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/^Code/), '123456');
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This sign-in step has expired or was used up; sign in again',
    );
  });

  it('says how long to wait when rate-limited', async () => {
    secondFactor = () => refusal(429, 'RATE_LIMITED', [{ path: 'retry_after', message: '90' }]);
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/^Code/), '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Try again in 2 minutes.',
    );
  });

  it('goes back with the Back link, in Chinese too', async () => {
    const user = await passwordStep('zh-CN');
    expect(await screen.findByRole('heading', { name: '两步验证' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返回' }));
    expect(await screen.findByLabelText(/^密码/)).toBeInTheDocument();
  });
});
