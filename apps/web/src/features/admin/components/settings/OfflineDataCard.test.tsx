import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OfflineDataCard } from './OfflineDataCard';

// happy-dom has no IndexedDB, like a private window: the card must say so, not break.
// The card with a real database (count, size, clearing) is proven in e2e/offline.e2e.ts.
describe('OfflineDataCard', () => {
  it('says offline storage is unavailable and offers nothing to clear', async () => {
    expect(typeof indexedDB).toBe('undefined');
    await renderWithProviders(<OfflineDataCard />);
    expect(await screen.findByText(/does not allow offline storage/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear offline data' })).toBeDisabled();
  });

  it('speaks Chinese too', async () => {
    await renderWithProviders(<OfflineDataCard />, { language: 'zh-CN' });
    expect(await screen.findByText('离线可用')).toBeInTheDocument();
    expect(await screen.findByText(/此浏览器不允许离线存储/)).toBeInTheDocument();
  });
});
