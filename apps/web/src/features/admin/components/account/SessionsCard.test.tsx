import { Notifications, notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import type { SessionItem } from '@pastebox/contract/schemas/account';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { SessionsCard } from './SessionsCard';

const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

function session(id: string, overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    id,
    current: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: '2026-11-27T09:00:00.000Z',
    expiresAt: '2026-12-04T10:00:00.000Z',
    ip: '198.51.100.7',
    userAgent: LINUX_CHROME,
    method: 'password',
    ...overrides,
  };
}

/** The fake server's sessions, and every call the card made. */
let held: SessionItem[] = [];
let calls: string[] = [];
let failWith: string | null = null;

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  calls.push(`${method} ${url.pathname}`);
  if (failWith) {
    return apiAnswer(500, null, failWith);
  }
  if (method === 'POST' && url.pathname === '/api/account/sessions/end-others') {
    const ended = held.filter((item) => !item.current).length;
    held = held.filter((item) => item.current);
    return apiAnswer(200, { ended });
  }
  if (method === 'DELETE') {
    const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const before = held.length;
    held = held.filter((item) => item.id !== id);
    return held.length < before ? apiAnswer(200, null) : apiAnswer(404, null, 'SESSION_NOT_FOUND');
  }
  return apiAnswer(200, held);
}

async function renderCard(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <SessionsCard />
    </ModalsProvider>,
    { language },
  );
}

beforeEach(() => {
  held = [
    session('s-here', { current: true, lastUsedAt: '2026-11-27T10:00:00.000Z' }),
    session('s-phone', { userAgent: IPHONE_SAFARI, ip: '203.0.113.9', method: 'passkey' }),
    session('s-old', { userAgent: WINDOWS_FIREFOX, lastUsedAt: null, ip: null }),
  ];
  calls = [];
  failWith = null;
  authStore.signInMember(
    'm-token',
    { id: 'm1', username: 'ada', display_name: null, basic_path: '/' },
    { text: true, file: true, mount: true },
  );
  stubFetch(answer);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  authStore.signOut();
});

/** The list item of the session on a device. */
const row = (device: string) => screen.getByRole('listitem', { name: device });

describe('SessionsCard', () => {
  it('lists each session as a device with its address, times and method; this one marked', async () => {
    await renderCard();
    const here = await screen.findByRole('listitem', { name: 'Chrome on Linux' });
    expect(within(here).getByText('This device')).toBeInTheDocument();
    expect(within(here).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(here).getByText('Password')).toBeInTheDocument();
    // This device is ended by logging out, not from the list.
    expect(within(here).queryByRole('button')).not.toBeInTheDocument();

    const phone = row('Safari on iOS');
    expect(within(phone).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(phone).getByText('Passkey')).toBeInTheDocument();
    expect(within(phone).queryByText('This device')).not.toBeInTheDocument();

    const old = row('Firefox on Windows');
    expect(within(old).getByText('Unknown')).toBeInTheDocument();
    expect(within(old).getByText('Not since signing in')).toBeInTheDocument();
    // This device comes first.
    expect(screen.getAllByRole('listitem')[0]).toBe(here);
  });

  it('ends one session only after confirming, and the list drops it', async () => {
    const user = userEvent.setup();
    await renderCard();
    const phone = await screen.findByRole('listitem', { name: 'Safari on iOS' });
    await user.click(
      within(phone).getByRole('button', { name: 'End the session on Safari on iOS' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(within(dialog).getByText(/Safari on iOS \(203\.0\.113\.9\)/)).toBeInTheDocument();
    expect(calls).not.toContain('DELETE /api/account/sessions/s-phone');
    await user.click(within(dialog).getByRole('button', { name: 'End' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Safari on iOS' })).not.toBeInTheDocument(),
    );
    expect(calls).toContain('DELETE /api/account/sessions/s-phone');
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
  });

  it('cancelling the confirmation ends nothing', async () => {
    const user = userEvent.setup();
    await renderCard();
    const old = await screen.findByRole('listitem', { name: 'Firefox on Windows' });
    await user.click(within(old).getByRole('button', { name: /End the session/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('ends every other session after confirming, and says how many', async () => {
    const user = userEvent.setup();
    await renderCard();
    await screen.findByRole('listitem', { name: 'Safari on iOS' });
    await user.click(screen.getByRole('button', { name: 'End all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));

    expect(await screen.findByText('Ended 2 other sessions')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('Only this device is signed in.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
    expect(calls).toContain('POST /api/account/sessions/end-others');
  });

  it('says when a session was already gone, in the reader language, and refreshes', async () => {
    const user = userEvent.setup();
    await renderCard('zh-CN');
    const phone = await screen.findByRole('listitem', { name: 'iOS 上的 Safari' });
    held = held.filter((item) => item.id !== 's-phone');
    await user.click(within(phone).getByRole('button', { name: '结束 iOS 上的 Safari 上的会话' }));
    const dialog = await screen.findByRole('dialog', { name: '结束此会话？' });
    await user.click(within(dialog).getByRole('button', { name: '结束' }));

    expect(await screen.findByText('无法结束会话')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'iOS 上的 Safari' })).not.toBeInTheDocument(),
    );
  });

  it('shows an empty state', async () => {
    held = [];
    await renderCard();
    expect(await screen.findByText('No sessions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
  });

  it('shows why the list could not load', async () => {
    failWith = 'INTERNAL';
    await renderCard();
    const title = await screen.findByText('Could not load your sessions');
    expect(title.closest('[role="alert"]')).not.toBeNull();
  });
});
