import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NotFoundRedirect } from './NotFoundRedirect';

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function open(route: string, language: 'en-US' | 'zh-CN') {
  await renderWithProviders(
    <>
      <Notifications />
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="*" element={<NotFoundRedirect />} />
      </Routes>
      <Location />
    </>,
    { route, language },
  );
}

beforeEach(() => notifications.clean());

describe('NotFoundRedirect', () => {
  it('takes an unknown address home and says so', async () => {
    await open('/no/such/page', 'en-US');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(screen.getByText('home page')).toBeInTheDocument();
    expect(await screen.findByText("Page not found — we've taken you home")).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await open('/pastes', 'zh-CN');
    expect(await screen.findByText('页面不存在，已返回首页')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
