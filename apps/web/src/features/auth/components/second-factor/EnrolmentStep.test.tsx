import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from '../LoginForm';
import { CHALLENGE, refusal, signInServer, stepRequired, type Call } from './sign-in-test-server';

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Pastebox:ada?secret=JBSWY3DPEHPK3PXP&issuer=Pastebox',
};
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
const LOGIN = {
  token: 'admin-tok',
  expiresAt: '2030-01-01T00:00:00.000Z',
  username: 'ada',
  role: 'admin',
};

let calls: Call[] = [];
let confirm: () => Response;

beforeEach(() => {
  authStore.signOut();
  calls = [];
  confirm = () => apiAnswer(200, { recovery_codes: CODES, login: LOGIN });
  stubFetch(
    signInServer(
      {
        'POST /api/admin/login': () =>
          stepRequired('TWO_FACTOR_ENROLMENT_REQUIRED', 'totp,passkey'),
        'POST /api/account/totp/setup': () => apiAnswer(200, SETUP),
        'POST /api/account/totp/confirm': () => confirm(),
      },
      calls,
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

async function enrolmentStep() {
  const user = userEvent.setup();
  await renderWithProviders(<LoginForm />);
  await user.type(screen.getByLabelText(/^Username/), 'ada');
  await user.type(screen.getByLabelText(/^Password/), 'ada-pass-1{Enter}');
  expect(
    await screen.findByRole('heading', { name: 'This server requires two factors' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
  return user;
}

describe('Signing in when the server requires two factors (issue 32)', () => {
  it('sets up the app with the challenge, shows the codes, then signs in', async () => {
    const user = await enrolmentStep();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '654321');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('link', { name: 'Download .txt' })).toHaveAttribute(
      'download',
      'pastebox-recovery-codes.txt',
    );
    // Not signed in until the person says the codes are saved.
    expect(authStore.get().authType).toBe('none');
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I saved them somewhere safe' }));
    await user.click(next);
    await waitFor(() => expect(authStore.get().authType).toBe('admin'));

    const enrolment = calls.filter((call) => call.path.startsWith('/api/account/totp'));
    expect(enrolment).toEqual([
      {
        method: 'POST',
        path: '/api/account/totp/setup',
        body: { challenge: CHALLENGE },
        authorization: null,
      },
      {
        method: 'POST',
        path: '/api/account/totp/confirm',
        body: { code: '654321', challenge: CHALLENGE },
        authorization: null,
      },
    ]);
  });

  it('keeps the secret and clears the field when the code is wrong', async () => {
    confirm = () => refusal(401, 'SECOND_FACTOR_INVALID');
    const user = await enrolmentStep();
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code or passkey was not accepted',
    );
    expect(screen.getByLabelText(/^Code/)).toHaveValue('');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  });

  it('goes back to the password when the step expired', async () => {
    confirm = () => refusal(401, 'SIGN_IN_CHALLENGE_INVALID');
    const user = await enrolmentStep();
    await user.type(await screen.findByLabelText(/^Code/), '111111');
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/expired or was used up/);
  });
});
