import { Notifications, notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { ServerCacheCard } from './ServerCacheCard';

/** The calls the card made: method and path. */
const calls: string[] = [];

function answerWith(status: number, body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(
        `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input.toString(), 'http://app').pathname}`,
      );
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

beforeEach(() => {
  notifications.clean();
  authStore.signInAdmin('token');
});
afterEach(() => {
  calls.length = 0;
  authStore.signOut();
  vi.unstubAllGlobals();
});

describe('ServerCacheCard', () => {
  it('clears the listing caches through the admin call and says how many', async () => {
    answerWith(200, { code: 200, message: 'OK', data: { cleared: 3 }, success: true });
    await renderWithProviders(
      <>
        <Notifications />
        <ServerCacheCard />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear listing caches' }));
    expect(await screen.findByText('Cleared the listing caches of 3 mounts.')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/admin/cache/clear']);
  });

  it('shows the server refusal in the UI language', async () => {
    answerWith(403, {
      code: 403,
      message: 'forbidden',
      data: null,
      success: false,
      error: 'ADMIN_REQUIRED',
    });
    await renderWithProviders(
      <>
        <Notifications />
        <ServerCacheCard />
      </>,
      { language: 'zh-CN' },
    );
    await userEvent.click(screen.getByRole('button', { name: '清除目录缓存' }));
    expect(await screen.findByText('只有管理员可以执行此操作')).toBeInTheDocument();
  });
});
