import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { account, admin, alice } from '@/features/admin/components/accounts/accounts-test-server';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { useCreatorName } from './use-creator-name';

function Creators({ ids }: { ids: string[] }) {
  return (
    <ul>
      {ids.map((id) => (
        <Creator key={id} id={id} />
      ))}
    </ul>
  );
}

function Creator({ id }: { id: string }) {
  return <li>{useCreatorName(id)}</li>;
}

const key = { id: 'k1', name: 'CI bot' };
let paths: string[] = [];
let accountsAnswer: () => Response;

beforeEach(() => {
  paths = [];
  accountsAnswer = () =>
    apiAnswer(200, {
      items: [admin, alice, account({ id: 'a7', username: 'root2', role: 'admin' })],
      pagination: { total: 3, limit: 100, offset: 0, page: 1, totalPages: 1 },
    });
  stubFetch((url) => {
    paths.push(url.pathname + url.search);
    if (url.pathname === '/api/admin/accounts') {
      return accountsAnswer();
    }
    if (url.pathname === '/api/admin/api-keys' || url.pathname === '/api/account/api-keys') {
      return apiAnswer(200, [key]);
    }
    return apiAnswer(404, null, 'NOT_FOUND');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('useCreatorName (issue 32)', () => {
  it("shows the admin a member's username, admins as Administrator, keys by name, the unknown by a short id", async () => {
    authStore.signInAdmin('tok');
    await renderWithProviders(
      <Creators ids={['a1', 'a2', 'a7', 'apikey:k1', 'gone-account-id']} />,
    );
    expect(await screen.findByText('alice')).toBeInTheDocument();
    const names = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(names).toEqual([
      'Administrator',
      'alice',
      'Administrator',
      'API key · CI bot',
      'gone-acc',
    ]);
    // One request for every row: the list is cached.
    expect(paths.filter((path) => path.startsWith('/api/admin/accounts'))).toEqual([
      '/api/admin/accounts?page=1&limit=100',
    ]);
  });

  it('falls back to Administrator when the account list cannot be read', async () => {
    accountsAnswer = () => apiAnswer(500, null, 'INTERNAL');
    authStore.signInAdmin('tok');
    await renderWithProviders(<Creators ids={['a2']} />);
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
  });

  it('never asks for the accounts as a member: its own shares are "You"', async () => {
    authStore.signInMember(
      'm-tok',
      { id: 'a2', username: 'alice', display_name: null, basic_path: '/' },
      {
        text: true,
        file: true,
        mount: false,
      },
    );
    await renderWithProviders(<Creators ids={['a2', 'apikey:k1']} />);
    expect(await screen.findByText('API key · CI bot')).toBeInTheDocument();
    expect(screen.getByText('You')).toBeInTheDocument();
    expect(paths.some((path) => path.startsWith('/api/admin/accounts'))).toBe(false);
  });
});
