import { LIMITS, STORAGE_KEYS } from '@pastebox/contract/limits';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InstallPrompt } from './InstallPrompt';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What Chromium fires when the app may be installed, with the user's answer scripted. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function dismissedDaysAgo(days: number) {
  localStorage.setItem(STORAGE_KEYS.installPromptDismissedAt, String(Date.now() - days * DAY_MS));
}

const card = () => screen.queryByRole('region', { name: 'Install Pastebox' });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  // The browser withdraws its offer once the app is installed: a clean slate per test.
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
});

describe('InstallPrompt', () => {
  it('stays hidden until the browser offers installing', async () => {
    await renderWithProviders(<InstallPrompt />);
    expect(card()).toBeNull();
    const event = offerInstall();
    expect(card()).toBeInTheDocument();
    // The browser's own mini-infobar is suppressed in favour of the card.
    expect(event.defaultPrevented).toBe(true);
  });

  it('hides on "Not now" and remembers when, for the 7-day snooze', async () => {
    await renderWithProviders(<InstallPrompt />);
    offerInstall();
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(card()).toBeNull();
    const stored = Number(localStorage.getItem(STORAGE_KEYS.installPromptDismissedAt));
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
  });

  it('the close button snoozes too', async () => {
    await renderWithProviders(<InstallPrompt />);
    offerInstall();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(card()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.installPromptDismissedAt)).not.toBeNull();
  });

  it('stays hidden within 7 days of a dismissal', async () => {
    dismissedDaysAgo(6.9);
    await renderWithProviders(<InstallPrompt />);
    offerInstall();
    expect(card()).toBeNull();
  });

  it('shows again once 7 days have passed', async () => {
    dismissedDaysAgo(7.01);
    await renderWithProviders(<InstallPrompt />);
    offerInstall();
    expect(card()).toBeInTheDocument();
  });

  it('re-checks every 5 s, so a snooze that runs out shows the card without a reload', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const snoozeEndsIn = 3_000;
    localStorage.setItem(
      STORAGE_KEYS.installPromptDismissedAt,
      String(Date.now() - LIMITS.installPromptSnoozeMs + snoozeEndsIn),
    );
    await renderWithProviders(<InstallPrompt />);
    offerInstall();
    expect(card()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(LIMITS.installPromptCheckMs - 1);
    });
    expect(card()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(card()).toBeInTheDocument();
  });

  it('is not shown when the app already runs installed', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('display-mode: standalone'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    await renderWithProviders(<InstallPrompt />);
    offerInstall();
    expect(card()).toBeNull();
  });

  it('"Install" opens the browser dialog once; declining there snoozes the card', async () => {
    await renderWithProviders(<InstallPrompt />);
    const event = offerInstall('dismissed');
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
    await vi.waitFor(() =>
      expect(localStorage.getItem(STORAGE_KEYS.installPromptDismissedAt)).not.toBeNull(),
    );
  });

  it('an accepted install leaves no snooze behind', async () => {
    await renderWithProviders(<InstallPrompt />);
    const event = offerInstall('accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    await event.userChoice;
    expect(card()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.installPromptDismissedAt)).toBeNull();
  });

  it('speaks Chinese', async () => {
    await renderWithProviders(<InstallPrompt />, { language: 'zh-CN' });
    offerInstall();
    expect(screen.getByRole('region', { name: '安装 Pastebox' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '暂不' })).toBeInTheDocument();
  });
});
