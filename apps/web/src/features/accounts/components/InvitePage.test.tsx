import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { InvitePage } from './InvitePage';

const TOKEN = 'tok-abcdefghijklmnopqrstuv';
/** Every call the page made: method, path, body and whether it carried credentials. */
let calls: { method: string; path: string; body?: unknown; auth: boolean }[] = [];
let inviteState: 'open' | 'used' | 'outage' = 'open';

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const auth = new Headers(init?.headers).has('Authorization');
  calls.push({ method, path: url.pathname, body, auth });
  if (url.pathname !== `/api/invites/${TOKEN}`) {
    return json(404, null, 'NOT_FOUND');
  }
  if (inviteState === 'outage') {
    return json(503, null, 'DATABASE_UNAVAILABLE');
  }
  if (inviteState === 'used') {
    return json(410, null, 'INVITE_INVALID');
  }
  if (method === 'POST') {
    inviteState = 'used';
    return json(200, { username: 'alice' });
  }
  return json(200, {
    username: 'alice',
    display_name: null,
    expires_at: '2026-12-04T09:30:00.000Z',
  });
}

async function renderPage(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <Routes>
      <Route path="/invite/:token" element={<InvitePage />} />
    </Routes>,
    { language, route: `/invite/${TOKEN}` },
  );
}

beforeEach(() => {
  calls = [];
  inviteState = 'open';
  stubFetch(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvitePage', () => {
  it('lets the invited person choose a password, then sends them to sign in', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Choose a password for alice' }),
    ).toBeVisible();
    expect(screen.getByText(/^This link works once, until .*2026/)).toBeInTheDocument();
    expect(document.title).toBe('Invitation - Pastebox');
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    const confirm = screen.getByLabelText(/^Confirm password/, { selector: 'input' });
    await user.type(password, 'abc');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 6 characters')).toBeVisible();
    await user.type(password, 'def');
    await user.type(confirm, 'abcdeX');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The two passwords differ')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/admin');
    expect(calls).toContainEqual({
      method: 'POST',
      path: `/api/invites/${TOKEN}`,
      body: { password: 'abcdef' },
      auth: false,
    });
  });

  it('says clearly, in Chinese too, that a used or expired link does not work', async () => {
    inviteState = 'used';
    await renderPage('zh-CN');
    expect(await screen.findByRole('heading', { name: '此邀请链接无效' })).toBeVisible();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    // Retrying cannot revive the link.
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByLabelText(/^密码/, { selector: 'input' })).toBeNull();
  });

  it('offers a retry when the server could not answer', async () => {
    const user = userEvent.setup();
    inviteState = 'outage';
    await renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('heading', { name: 'Could not read the invitation' })).toBeVisible();
    inviteState = 'open';
    await user.click(retry);
    expect(
      await screen.findByRole('heading', { name: 'Choose a password for alice' }),
    ).toBeVisible();
  });
});
