import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { FilePasswordPrompt } from './FilePasswordPrompt';

/** A 429 as apiRequest reads it: the wait in the envelope's detail and in the header. */
function rateLimited(seconds: number, where: 'detail' | 'header'): AppError {
  const details = where === 'detail' ? [{ path: 'retry_after', message: String(seconds) }] : [];
  const header = where === 'header' ? String(seconds) : null;
  return new AppError(429, 'RATE_LIMITED', 'Too many attempts', details, header);
}

describe('FilePasswordPrompt — too many attempts says how long to wait (issue 30)', () => {
  it('in Chinese, in whole minutes rounded up', async () => {
    const unlock = vi.fn().mockRejectedValue(rateLimited(61, 'detail'));
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<FilePasswordPrompt filename="plan.pdf" unlock={unlock} />, {
      language: 'zh-CN',
    });

    await user.type(screen.getByLabelText('密码'), 'guess{Enter}');
    expect(await screen.findByText('尝试次数过多，请 2 分钟后再试。')).toBeInTheDocument();
  });

  it('in English, in seconds, from the Retry-After header alone', async () => {
    const unlock = vi.fn().mockRejectedValue(rateLimited(9, 'header'));
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<FilePasswordPrompt filename="plan.pdf" unlock={unlock} />);

    await user.type(screen.getByLabelText('Password'), 'guess{Enter}');
    expect(
      await screen.findByText('Too many attempts. Try again in 9 seconds.'),
    ).toBeInTheDocument();
  });
});
