import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { answer, calls, refusals, resetCalls } from './accounts-test-server';
import { AccountsModule } from './AccountsModule';

async function openEdit(name: string) {
  const user = userEvent.setup();
  await renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <AccountsModule title="Accounts" />
    </ModalsProvider>,
  );
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return { user, dialog: await screen.findByRole('dialog', { name: `Account ${name}` }) };
}

beforeEach(() => {
  resetCalls();
  stubFetch(answer);
  authStore.signInAdmin('tok');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('Editing an account', () => {
  it('disables only after a confirmation that says sessions end at once', async () => {
    const { user, dialog } = await openEdit('alice');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable alice?' });
    // In the document, not toBeVisible: jsdom never finishes the modal's fade-in, and a busy
    // machine can catch it at opacity 0.
    expect(within(confirm).getByText(/alice is signed out everywhere at once/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: '/api/admin/accounts/a2',
        body: { disabled: true },
      }),
    );
    expect(await screen.findByText('Disabled alice')).toBeInTheDocument();
  });

  it('shows a refusal translated (the last admin)', async () => {
    refusals.put = { status: 409, error: 'LAST_ADMIN' };
    const { user, dialog } = await openEdit('alice');
    await user.click(within(dialog).getByRole('radio', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save the account')).toBeInTheDocument();
    expect(
      screen.getByText('The last enabled administrator cannot be disabled, demoted or deleted'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'admin' });
  });

  it('makes a new invitation link after asking, and shows it once', async () => {
    const { user, dialog } = await openEdit('alice');
    await user.click(within(dialog).getByRole('button', { name: 'New invitation link' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Make a new invitation link for alice?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'New invitation link' }));
    expect(
      await within(dialog).findByText('http://pastebox.test/invite/tok-new-0123456789abcdef'),
    ).toBeVisible();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/admin/accounts/a2/password',
      body: { invite: true },
    });
  });

  it('offers no reset, disable or delete on your own account, and fixes its role', async () => {
    const { dialog } = await openEdit('admin');
    expect(within(dialog).getByText(/This is your own account/)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'Member' })).toBeDisabled();
  });
});
