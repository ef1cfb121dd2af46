import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OfflineBadge } from './OfflineBadge';

function goOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => goOnline(true));

describe('OfflineBadge', () => {
  it('shows only while the browser is offline', async () => {
    await renderWithProviders(<OfflineBadge />);
    expect(screen.queryByRole('status')).toBeNull();
    goOnline(false);
    expect(screen.getByRole('status', { name: 'Offline' })).toBeInTheDocument();
    goOnline(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await renderWithProviders(<OfflineBadge />, { language: 'zh-CN' });
    goOnline(false);
    expect(screen.getByRole('status', { name: '离线' })).toBeInTheDocument();
  });
});
