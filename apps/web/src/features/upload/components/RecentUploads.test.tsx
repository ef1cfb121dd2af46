import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { readRecentUploads, rememberUpload } from '../lib/recent-uploads';
import { RecentUploads } from './RecentUploads';

async function renderWithOneUpload() {
  rememberUpload({
    slug: 'q3',
    filename: 'report.pdf',
    size: 2048,
    uploadedAt: new Date().toISOString(),
  });
  const user = userEvent.setup();
  await renderWithProviders(
    <ModalsProvider>
      <RecentUploads />
    </ModalsProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Clear the list' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Clear recent uploads?' }) };
}

describe('RecentUploads', () => {
  it('asks before clearing, and keeps the list when the answer is no', async () => {
    const { user, dialog } = await renderWithOneUpload();

    expect(readRecentUploads()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readRecentUploads()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'report.pdf' })).toBeInTheDocument();
  });

  it('clears the list once confirmed', async () => {
    const { user, dialog } = await renderWithOneUpload();

    await user.click(within(dialog).getByRole('button', { name: 'Clear list' }));

    await waitFor(() => expect(readRecentUploads()).toEqual([]));
    expect(await screen.findByText('Your latest uploads appear here.')).toBeInTheDocument();
  });
});
