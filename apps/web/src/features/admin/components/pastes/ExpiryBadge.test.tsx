import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ExpiryBadge } from './ExpiryBadge';

describe('ExpiryBadge', () => {
  it('reads "Expires: never" as written, not a bare upper-cased "NEVER"', async () => {
    await renderWithProviders(<ExpiryBadge expiresAt={null} expired={false} />);

    const badge = screen.getByText('Expires: never').closest<HTMLElement>('.mantine-Badge-root');
    // Badges upper-case by default (Mantine's stylesheet, absent here): the badge opts out.
    expect(badge?.style.textTransform).toBe('none');
  });

  it('says it in Chinese too', async () => {
    await renderWithProviders(<ExpiryBadge expiresAt={null} expired={false} />, {
      language: 'zh-CN',
    });

    expect(screen.getByText('过期时间：永不')).toBeInTheDocument();
  });
});
