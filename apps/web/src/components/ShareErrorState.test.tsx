import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnavailableOfflineError } from '@/lib/offline/unavailable-offline';
import { renderWithProviders } from '@/test/render';
import { ShareErrorState } from './ShareErrorState';

const texts = {
  notFoundTitle: 'Share not found',
  notFoundBody: 'Gone',
  expiredTitle: 'Expired',
  expiredBody: 'Over',
  viewLimitTitle: 'No views left',
  viewLimitBody: 'Used',
  errorTitle: 'Could not open the share',
};

function show(error: unknown, language: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(
    <ShareErrorState error={error} onRetry={() => undefined} texts={texts} notFoundKeys={[]} />,
    { language },
  );
}

describe('ShareErrorState', () => {
  it('a share never opened here, asked for offline: the unavailable-offline page', async () => {
    await show(new UnavailableOfflineError('/paste/x'));
    expect(
      screen.getByRole('heading', { name: 'This page is unavailable offline' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeInTheDocument();
    expect(screen.queryByText(/Network error/)).toBeNull();
  });

  it('says it in Chinese', async () => {
    await show(new UnavailableOfflineError('/file/x'), 'zh-CN');
    expect(screen.getByRole('heading', { name: '此页面离线时不可用' })).toBeInTheDocument();
  });

  it('a server that does not answer while online is still a network error', async () => {
    await show(new TypeError('Failed to fetch'));
    expect(screen.getByText('Could not open the share')).toBeInTheDocument();
    expect(screen.getByText('Network error: the server is not responding')).toBeInTheDocument();
  });
});
