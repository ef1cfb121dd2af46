import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { answer, calls, resetCalls } from './accounts-test-server';
import { AccountsModule } from './AccountsModule';

const RESET = '/api/admin/accounts/a2/two-factor/reset';

beforeEach(() => {
  resetCalls();
  // The module's server, plus the reset (issue 32): it answers how many sessions ended.
  stubFetch((url, init) => {
    const answered = answer(url, init);
    return url.pathname === RESET && init?.method === 'POST'
      ? apiAnswer(200, { ended: 2 })
      : answered;
  });
  authStore.signInAdmin('tok');
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('Accounts — resetting two factors (issue 32)', () => {
  it('resets only after a confirmation that says what goes', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <ModalsProvider>
        <Notifications />
        <AccountsModule title="Accounts" />
      </ModalsProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account alice' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two factors' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the two factors of alice?' });
    expect(
      within(confirm).getByText(/authenticator app, passkeys and recovery codes of alice/),
    ).toBeVisible();
    expect(calls.some((call) => call.path === RESET)).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reset two factors' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: RESET, body: undefined }),
    );
    expect(await screen.findByText('Two factors of alice reset')).toBeInTheDocument();
  });

  it('offers no reset on your own account', async () => {
    const user = userEvent.setup();
    await renderWithProviders(
      <ModalsProvider>
        <AccountsModule title="Accounts" />
      </ModalsProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account admin' });
    expect(within(dialog).queryByRole('button', { name: 'Reset two factors' })).toBeNull();
  });
});
