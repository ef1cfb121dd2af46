import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { answer, calls, resetCalls } from './accounts-test-server';
import { AccountsModule } from './AccountsModule';

async function renderModule(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <AccountsModule title="Accounts" />
    </ModalsProvider>,
    { language },
  );
  return screen.findByRole('table');
}

beforeEach(() => {
  resetCalls();
  stubFetch(answer);
  authStore.signInAdmin('tok');
});

afterEach(() => {
  // Unmounted first, so no refetch after a change reaches the real network.
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('AccountsModule', () => {
  it('lists accounts with role, state, rights, base path and usage; search and role filter', async () => {
    const user = userEvent.setup();
    const table = await renderModule();
    const aliceRow = within(table).getByText('alice').closest('tr') as HTMLElement;
    expect(within(aliceRow).getByText('Alice Liddell · alice@example.com')).toBeInTheDocument();
    expect(within(aliceRow).getByText('Member')).toBeInTheDocument();
    expect(within(aliceRow).getByText('80 MiB of 100 MiB')).toBeInTheDocument();
    expect(within(aliceRow).getByRole('progressbar', { name: '80 MiB of 100 MiB' })).toBeVisible();
    expect(within(aliceRow).getByText('/team')).toBeInTheDocument();
    const bobRow = within(table).getByText('bob').closest('tr') as HTMLElement;
    expect(within(bobRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(bobRow).getByText(/^Invitation pending until /)).toBeInTheDocument();
    expect(within(bobRow).getByText('0 B · no quota')).toBeInTheDocument();
    // Your own account is marked, and cannot be deleted from the list.
    const adminRow = within(table).getByText('admin').closest('tr') as HTMLElement;
    expect(within(adminRow).getByText('you')).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button', { name: 'Delete admin' })).toBeNull();

    await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'zz');
    expect(await screen.findByText('No accounts match')).toBeInTheDocument();
    expect(calls).toContainEqual({
      method: 'GET',
      path: '/api/admin/accounts?page=1&limit=10&search=zz',
    });
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findByText('alice')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());
    expect(calls).toContainEqual({
      method: 'GET',
      path: '/api/admin/accounts?page=1&limit=10&role=admin',
    });
  });

  it('creates with a password, after checking it, and shows a taken name translated', async () => {
    const user = userEvent.setup();
    await renderModule('zh-CN');
    await user.click(screen.getByRole('button', { name: '新建账户' }));
    const form = await screen.findByRole('form', { name: '新建账户' });
    await user.type(within(form).getByRole('textbox', { name: '用户名' }), 'taken');
    await user.type(within(form).getByLabelText(/^密码/, { selector: 'input' }), 'abc');
    await user.click(within(form).getByRole('button', { name: '创建账户' }));
    expect(await within(form).findByText('至少需要 6 个字符')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText(/^密码/, { selector: 'input' }), 'def');
    await user.type(within(form).getByLabelText(/^确认密码/, { selector: 'input' }), 'abcdef');
    await user.click(within(form).getByRole('button', { name: '创建账户' }));
    expect(await screen.findByText('此用户名已被占用')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/admin/accounts',
      body: { username: 'taken', password: 'abcdef', role: 'member', quota_bytes: 0 },
    });
  });

  it('creates with an invitation and shows its link once, with Copy and when it ends', async () => {
    const user = userEvent.setup();
    await renderModule();
    await user.click(screen.getByRole('button', { name: 'New account' }));
    const form = await screen.findByRole('form', { name: 'New account' });
    await user.type(within(form).getByRole('textbox', { name: 'Username' }), 'carol');
    await user.click(within(form).getByRole('radio', { name: 'Admin' }));
    await user.click(within(form).getByRole('radio', { name: /Send an invitation link/ }));
    expect(within(form).queryByLabelText('Confirm password')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(
      within(dialog).getByText('http://pastebox.test/invite/tok-123456789012345678'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeVisible();
    expect(within(dialog).getByText(/^Works once, until .*2026/)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'carol',
      display_name: '',
      email: '',
      role: 'admin',
      invite: true,
    });
  });

  it('deletes an account, handing its shares to another, and shows what moved', async () => {
    const user = userEvent.setup();
    await renderModule();
    await user.click(screen.getByRole('button', { name: 'Delete alice' }));
    const form = await screen.findByRole('form', { name: 'Delete alice?' });
    await user.click(within(form).getByRole('radio', { name: 'Hand them to another account' }));
    await user.click(within(form).getByRole('button', { name: 'Delete account' }));
    expect(await within(form).findByText('Choose the account that receives them')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    const receiver = within(form).getByRole('combobox', { name: 'Hand them to' });
    await waitFor(() => expect(receiver).toBeEnabled());
    // Every account but the one deleted.
    expect(
      within(receiver)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an account', 'admin', 'bob']);
    await user.selectOptions(receiver, 'bob');
    await user.click(within(form).getByRole('button', { name: 'Delete account' }));
    expect(
      await screen.findByText('alice is deleted. Handed to bob: 3 texts · 1 files.'),
    ).toBeVisible();
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: '/api/admin/accounts/a2?shares=transfer&to=a3',
      body: undefined,
    });
  });
});
