import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/api-client';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { PastePasswordPrompt } from './PastePasswordPrompt';

describe('PastePasswordPrompt', () => {
  it('shows a wrong password, keeps the form usable and signs nobody out', async () => {
    authStore.signInAdmin('token-of-the-admin');
    const unlock = vi
      .fn<(password: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new AppError(401, 'WRONG_PASSWORD', 'Wrong password'))
      .mockResolvedValueOnce({});
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<PastePasswordPrompt unlock={unlock} />);

    const input = screen.getByLabelText('Password');
    await user.type(input, 'guess{Enter}');
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
    expect(unlock).toHaveBeenLastCalledWith('guess');
    expect(authStore.get().authType).toBe('admin');

    // Typing again clears the error; the second try goes through the same form.
    await user.clear(input);
    expect(screen.queryByText('Wrong password')).not.toBeInTheDocument();
    await user.type(input, 'right-one');
    await user.click(screen.getByRole('button', { name: 'Open share' }));
    expect(unlock).toHaveBeenCalledTimes(2);
    expect(unlock).toHaveBeenLastCalledWith('right-one');
    authStore.signOut();
  });

  it('translates rate limiting and asks for a password before calling the server', async () => {
    const unlock = vi.fn().mockRejectedValue(new AppError(429, 'RATE_LIMITED', 'Too many'));
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<PastePasswordPrompt unlock={unlock} />, { language: 'zh-CN' });

    await user.click(screen.getByRole('button', { name: '打开分享' }));
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(unlock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('密码'), 'x{Enter}');
    expect(await screen.findByText('尝试次数过多，请稍后再试')).toBeInTheDocument();
  });

  it('says how long to wait when the server named the wait (issue 30)', async () => {
    const details = [{ path: 'retry_after', message: '125' }];
    const unlock = vi
      .fn()
      .mockRejectedValue(new AppError(429, 'RATE_LIMITED', 'Too many', details));
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<PastePasswordPrompt unlock={unlock} />);

    await user.type(screen.getByLabelText('Password'), 'guess{Enter}');
    expect(
      await screen.findByText('Too many attempts. Try again in 3 minutes.'),
    ).toBeInTheDocument();
  });
});
