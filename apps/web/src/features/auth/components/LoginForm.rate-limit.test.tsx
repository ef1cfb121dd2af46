import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './LoginForm';

/** The server's 429 (issue 30): the envelope with the wait as a `retry_after` detail. */
function rateLimited(retryAfterSeconds?: number): Response {
  const body = {
    code: 429,
    message: 'Too many attempts',
    data: null,
    success: false,
    error: 'RATE_LIMITED',
    ...(retryAfterSeconds === undefined
      ? {}
      : { details: [{ path: 'retry_after', message: String(retryAfterSeconds) }] }),
  };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: {
      'content-type': 'application/json',
      ...(retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) }),
    },
  });
}

const LABELS = {
  'en-US': { username: /^Username/, password: /^Password/ },
  'zh-CN': { username: /^用户名/, password: /^密码/ },
} as const;

async function loginRefused(language: keyof typeof LABELS, answer: Response): Promise<string> {
  vi.mocked(fetch).mockResolvedValue(answer);
  const user = userEvent.setup();
  await renderWithProviders(<LoginForm />, { language });
  await user.type(screen.getByLabelText(LABELS[language].username), 'admin');
  await user.type(screen.getByLabelText(LABELS[language].password), 'right-password{Enter}');
  return (await screen.findByRole('alert')).textContent ?? '';
}

beforeEach(() => {
  authStore.signOut();
  vi.stubGlobal('fetch', vi.fn<typeof fetch>());
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('LoginForm — too many attempts says how long to wait', () => {
  it('in English, in whole minutes rounded up', async () => {
    expect(await loginRefused('en-US', rateLimited(841))).toContain(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('in English, in seconds under a minute', async () => {
    expect(await loginRefused('en-US', rateLimited(1))).toContain(
      'Too many attempts. Try again in 1 second.',
    );
  });

  it('in Chinese', async () => {
    expect(await loginRefused('zh-CN', rateLimited(900))).toContain(
      '尝试次数过多，请 15 分钟后再试。',
    );
    expect(authStore.get().authType).toBe('none');
  });

  it('falls back to "a few minutes" when the server names no wait', async () => {
    expect(await loginRefused('en-US', rateLimited())).toContain('Wait a few minutes');
  });
});
