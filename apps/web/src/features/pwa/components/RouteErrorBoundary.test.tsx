import { MantineProvider } from '@mantine/core';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { LIMITS } from '@pastebox/contract/limits';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/lib/i18n';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** What Chromium throws when a lazily imported page cannot be downloaded. */
const CHUNK_FAILURE = new TypeError(
  'Failed to fetch dynamically imported module: http://127.0.0.1/assets/UploadPage-x1.js',
);

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The app's route shape: a page that fails to load under a route with the error element. */
async function openFailingPage(failure: Error, language: 'en-US' | 'zh-CN' = 'en-US') {
  initI18n();
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(
    [
      {
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: () => null,
        children: [
          { path: '/', element: <p>home page</p> },
          { path: '/paste/:slug', element: <p>a paste</p> },
          { path: '/upload', lazy: () => Promise.reject(failure) },
        ],
      },
    ],
    { initialEntries: ['/paste/abc', '/upload'], initialIndex: 1 },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => setOnline(false));
afterEach(() => {
  setOnline(true);
  act(() => notifications.clean());
});

describe('a page whose code cannot be downloaded', () => {
  it('offline: shows the offline fallback with home, back and retry', async () => {
    await openFailingPage(CHUNK_FAILURE);
    expect(
      await screen.findByRole('heading', { name: 'This page is unavailable offline' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('offline: a 3-second toast says so and to check the network', async () => {
    await openFailingPage(CHUNK_FAILURE);
    expect(
      await screen.findByText('This page is unavailable offline. Check your network connection.'),
    ).toBeInTheDocument();
    const shown = notificationsStore.getState().notifications;
    expect(shown).toHaveLength(1);
    expect(shown[0]?.autoClose).toBe(LIMITS.offlineToastMs);
    expect(LIMITS.offlineToastMs).toBe(3_000);
  });

  it('"Back" returns to the previous page', async () => {
    const router = await openFailingPage(CHUNK_FAILURE);
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('a paste')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/paste/abc');
  });

  it('"Back to home" opens the home page', async () => {
    const router = await openFailingPage(CHUNK_FAILURE);
    await userEvent.click(await screen.findByRole('link', { name: 'Back to home' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('speaks Chinese', async () => {
    await openFailingPage(CHUNK_FAILURE, 'zh-CN');
    expect(await screen.findByRole('heading', { name: '此页面离线时不可用' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
    expect(await screen.findByText('此页面离线时不可用，请检查网络连接。')).toBeInTheDocument();
  });

  it('online: a generic error screen with retry, no offline toast', async () => {
    setOnline(true);
    await openFailingPage(CHUNK_FAILURE);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/unavailable offline/)).toBeNull();
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });

  it('offline, but another failure: the generic error screen', async () => {
    await openFailingPage(new Error('render failed'));
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/unavailable offline/)).toBeNull();
  });
});
