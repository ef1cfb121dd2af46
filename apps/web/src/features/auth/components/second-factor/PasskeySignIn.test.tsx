import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from '../LoginForm';
import { PASSKEY_OPTIONS, stubWebAuthn, unstubWebAuthn } from '@/test/webauthn-stub';
import { CHALLENGE, session, signInServer, stepRequired, type Call } from './sign-in-test-server';

let calls: Call[] = [];

beforeEach(() => {
  authStore.signOut();
  calls = [];
  stubFetch(
    signInServer(
      {
        'POST /api/admin/login': () => stepRequired('SECOND_FACTOR_REQUIRED', 'passkey'),
        'POST /api/auth/passkey/options': () => apiAnswer(200, PASSKEY_OPTIONS),
        'POST /api/auth/passkey/verify': () => session(),
      },
      calls,
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  unstubWebAuthn();
  authStore.signOut();
});

const bodyOf = (path: string) => calls.find((call) => call.path === path)?.body;

describe('Signing in with a passkey (issue 32)', () => {
  it('offers no passkey button where the browser has no WebAuthn', async () => {
    await renderWithProviders(<LoginForm />);
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('signs in without a password, with a discoverable passkey', async () => {
    const { get } = stubWebAuthn();
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(authStore.get().authType).toBe('admin'));
    expect(get).toHaveBeenCalledOnce();
    expect(bodyOf('/api/auth/passkey/options')).toEqual({});
    expect(bodyOf('/api/auth/passkey/verify')).toMatchObject({
      ceremony: PASSKEY_OPTIONS.ceremony,
      response: { id: 'cred-1', type: 'public-key', response: { signature: 'c2lnbmF0dXJl' } },
    });
    expect(bodyOf('/api/auth/passkey/verify')).not.toHaveProperty('challenge');
  });

  it('answers the second step with a passkey, carrying the challenge', async () => {
    stubWebAuthn();
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText(/^Username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'ada-pass-1{Enter}');
    // Only a passkey is offered: no code field, the passkey is the main button.
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(screen.queryByLabelText(/^Code/)).toBeNull();
    await waitFor(() => expect(authStore.get().authType).toBe('admin'));
    expect(bodyOf('/api/auth/passkey/options')).toEqual({ challenge: CHALLENGE });
    expect(bodyOf('/api/auth/passkey/verify')).toMatchObject({ challenge: CHALLENGE });
  });

  it('says so in plain words when the person cancels the browser prompt', async () => {
    stubWebAuthn(
      () =>
        new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
    );
    const user = userEvent.setup();
    await renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The browser did not finish: it was cancelled, timed out, or found no passkey.',
    );
    expect(calls.some((call) => call.path === '/api/auth/passkey/verify')).toBe(false);
    expect(authStore.get().authType).toBe('none');
  });
});
