import { ModalsProvider } from '@mantine/modals';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { readRecentUploads, rememberUpload } from '../lib/recent-uploads';
import { RecentUploads } from './RecentUploads';

const at = '2026-11-24T05:00:00.000Z';

describe('RecentUploads: a bundle (issue 33)', () => {
  it('lists a bundle with its page, its file count and a copy of its link', async () => {
    rememberUpload({ slug: 'trip', filename: 'report.pdf', size: 5, uploadedAt: at });
    rememberUpload({
      slug: 'trip',
      filename: 'Holiday',
      size: 2048,
      uploadedAt: at,
      bundle: { fileCount: 3 },
    });
    await renderWithProviders(
      <ModalsProvider>
        <RecentUploads />
      </ModalsProvider>,
    );
    // A file and a bundle with the same slug are two pages: both stay.
    expect(readRecentUploads()).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Holiday' })).toHaveAttribute('href', '/b/trip');
    expect(screen.getByRole('link', { name: 'report.pdf' })).toHaveAttribute('href', '/file/trip');
    const bundle = screen.getByRole('link', { name: 'Holiday' }).closest('li') as HTMLElement;
    expect(within(bundle).getByText(/^Bundle of 3 files · 2 KiB/)).toBeInTheDocument();
    expect(within(bundle).getByRole('button', { name: 'Copy the link of Holiday' })).toBeVisible();
  });

  it('says it in Chinese too', async () => {
    rememberUpload({ slug: 'b', filename: 'b', size: 1, uploadedAt: at, bundle: { fileCount: 2 } });
    await renderWithProviders(
      <ModalsProvider>
        <RecentUploads />
      </ModalsProvider>,
      { language: 'zh-CN' },
    );
    expect(screen.getByText(/^文件包 · 2 个文件/)).toBeInTheDocument();
  });
});
