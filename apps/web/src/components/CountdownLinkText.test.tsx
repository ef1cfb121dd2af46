import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_VISIBLE_SECONDS } from '@/lib/use-reveal-countdown';
import { renderWithProviders } from '@/test/render';
import { CountdownLinkText } from './CountdownLinkText';

afterEach(() => vi.useRealTimers());

describe('CountdownLinkText', () => {
  it('hides the link after the countdown and shows it again on request', async () => {
    const link = 'https://paste.example.com/file/abc';
    vi.useFakeTimers();
    await renderWithProviders(<CountdownLinkText link={link} to="/file/abc" />);
    expect(screen.getByRole('link', { name: link })).toBeInTheDocument();

    for (let second = 0; second < LINK_VISIBLE_SECONDS; second += 1) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(screen.queryByText(link)).toBeNull();
    expect(screen.getByLabelText('Link hidden')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
  });
});
