import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storageConfig as config } from '@/test/storage-config';
import { StorageList } from './StorageList';

/** The built-in config as the first start creates it. */
const builtIn = config({
  id: 'local',
  name: 'Local storage',
  provider_type: 'local',
  storage_type: 'local',
  endpoint_url: null,
  region: null,
  bucket_name: null,
  root_path: 'files',
  is_default: true,
});
const archive = config({ id: 'archive', name: 'Archive', file_count: 3, mount_count: 1 });
const mounted = config({ id: 'mounted', name: 'Mounted', mount_count: 2 });
const spare = config({ id: 'spare', name: 'Spare' });

async function renderList(language: 'en-US' | 'zh-CN' = 'en-US') {
  const onDelete = vi.fn();
  await renderWithProviders(
    <StorageList
      items={[builtIn, archive, mounted, spare]}
      testingId={null}
      onTest={vi.fn()}
      recountingIds={new Set()}
      onRecount={vi.fn()}
      onEdit={vi.fn()}
      onSetDefault={vi.fn()}
      onDelete={onDelete}
    />,
    { language },
  );
  return onDelete;
}

const DEFAULT_REASON =
  "The default storage can't be deleted. Make another config the default first.";

describe('StorageList delete action', () => {
  it('disables delete for the default and configs in use, saying why, and never asks', async () => {
    const onDelete = await renderList();
    const user = userEvent.setup();
    const defaultBin = screen.getByRole('button', { name: 'Delete Local storage' });
    expect(defaultBin).toHaveAttribute('aria-disabled', 'true');
    expect(defaultBin).toHaveAccessibleDescription(DEFAULT_REASON);
    expect(screen.getByRole('button', { name: 'Delete Archive' })).toHaveAccessibleDescription(
      "In use by 3 files and 1 mount: it can't be deleted",
    );
    expect(screen.getByRole('button', { name: 'Delete Mounted' })).toHaveAccessibleDescription(
      "In use by 2 mounts: it can't be deleted",
    );
    await user.click(defaultBin);
    await user.click(screen.getByRole('button', { name: 'Delete Archive' }));
    expect(onDelete).not.toHaveBeenCalled();

    const spareBin = screen.getByRole('button', { name: 'Delete Spare' });
    expect(spareBin).not.toHaveAttribute('aria-disabled');
    await user.click(spareBin);
    expect(onDelete).toHaveBeenCalledWith(spare);
  });

  it('opens the reason as a tooltip on hover and on keyboard focus', async () => {
    await renderList();
    const user = userEvent.setup();
    // The reason is there once, for screen readers, until the tooltip shows it too.
    expect(screen.getAllByText(DEFAULT_REASON)).toHaveLength(1);
    await user.hover(screen.getByRole('button', { name: 'Delete Local storage' }));
    await waitFor(() => expect(screen.getAllByText(DEFAULT_REASON)).toHaveLength(2));
    await user.unhover(screen.getByRole('button', { name: 'Delete Local storage' }));
    await waitFor(() => expect(screen.getAllByText(DEFAULT_REASON)).toHaveLength(1));

    const archiveBin = screen.getByRole('button', { name: 'Delete Archive' });
    const reason = "In use by 3 files and 1 mount: it can't be deleted";
    while (document.activeElement !== archiveBin) {
      await user.tab();
    }
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
  });

  it('shows the built-in config in Chinese, and the reasons too', async () => {
    await renderList('zh-CN');
    expect(screen.getByText('本地存储')).toBeInTheDocument();
    expect(screen.queryByText('Local storage')).not.toBeInTheDocument();
    expect(screen.getByText('Archive')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /删除.*本地存储/ })).toHaveAccessibleDescription(
      '默认存储不能删除。请先将其他配置设为默认。',
    );
    expect(screen.getByRole('button', { name: /删除.*Archive/ })).toHaveAccessibleDescription(
      '正被 3 个文件和 1 个挂载点使用，不能删除',
    );
  });
});
