import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UploadQueueStore } from '@/lib/uploader/queue-store';
import { DEFAULT_UPLOAD_OPTIONS } from '../lib/upload-options';
import { UploadQueue } from './UploadQueue';

const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cat.png', { type: 'image/png' });
const TEXT = new File(['notes'], 'notes.txt', { type: 'text/plain' });

/** The queue as the upload page shows it, on a store whose uploads never finish. */
async function renderQueue(files: File[]) {
  const store = new UploadQueueStore({ upload: () => new Promise(() => undefined) });
  const ids = store.add(files, DEFAULT_UPLOAD_OPTIONS);
  const view = await renderWithProviders(
    <UploadQueue state={store.getState()} store={store} storageChoices={null} />,
  );
  const rerender = () =>
    view.rerender(<UploadQueue state={store.getState()} store={store} storageChoices={null} />);
  return { store, ids, rerender };
}

describe('UploadQueue', () => {
  it('shows an image file as a thumbnail of itself, other files as an icon', async () => {
    await renderQueue([PNG, TEXT]);

    const thumbnail = await screen.findByRole('img', { name: 'Preview of cat.png' });
    await waitFor(() => expect(thumbnail.getAttribute('src')).toMatch(/^blob:/));
    expect(screen.queryByRole('img', { name: /notes\.txt/ })).toBeNull();
  });

  it('revokes the thumbnail URL when the file leaves the queue', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { store, ids, rerender } = await renderQueue([PNG]);
    const thumbnail = await screen.findByRole('img', { name: 'Preview of cat.png' });
    await waitFor(() => expect(thumbnail.getAttribute('src')).toMatch(/^blob:/));
    const url = thumbnail.getAttribute('src');

    store.remove(ids[0]!);
    rerender();

    expect(screen.queryByRole('img', { name: 'Preview of cat.png' })).toBeNull();
    expect(revoke).toHaveBeenCalledWith(url);
    revoke.mockRestore();
  });

  it('makes "Upload all" the main button: filled and larger than the others', async () => {
    const user = userEvent.setup();
    const { store } = await renderQueue([TEXT, PNG]);

    const uploadAll = screen.getByRole('button', { name: 'Upload all' });
    const uploadOne = screen.getByRole('button', { name: 'Upload notes.txt' });
    expect(uploadAll).toHaveAttribute('data-variant', 'filled');
    expect(uploadAll).toHaveAttribute('data-size', 'md');
    expect(uploadOne).toHaveAttribute('data-size', 'compact-sm');

    await user.click(uploadAll);
    expect(store.getState().items.map((item) => item.status)).toEqual(['uploading', 'uploading']);
  });
});
