import { Notifications, notifications } from '@mantine/notifications';
import type {
  StorageConfigItem,
  StorageUsageFigures,
} from '@pastebox/contract/schemas/storage-config';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { localStorageConfig as config } from '@/test/storage-config';
import { StorageModule } from './StorageModule';

const MB = 1024 * 1024;

/** The configs GET /api/s3-configs answers now; a recount changes them as the server does. */
let configs: StorageConfigItem[] = [];
/** POST /reconcile calls, by config id, each answered when the test says so. */
let recounts: { id: string; answer: (response: Response) => void }[] = [];

function answer(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://localhost');
  const recount = /^\/api\/s3-configs\/([^/]+)\/reconcile$/.exec(url.pathname);
  if (recount && init?.method === 'POST') {
    return new Promise((resolve) => recounts.push({ id: recount[1]!, answer: resolve }));
  }
  if (url.pathname === '/api/s3-configs') {
    return Promise.resolve(json(200, configs));
  }
  return Promise.resolve(json(404, null, 'NOT_FOUND'));
}

/** Answers the pending recount of `id` with `used`/`reserved`, as the server's ledger now says. */
function finishRecount(id: string, used: number, reserved = 0) {
  const index = recounts.findIndex((call) => call.id === id);
  const [call] = recounts.splice(index, 1);
  configs = configs.map((c) => (c.id === id ? { ...c, used_bytes: used + reserved } : c));
  const target = configs.find((c) => c.id === id)!;
  const figures: StorageUsageFigures = {
    config_id: id,
    used_bytes: used,
    reserved_bytes: reserved,
    total_storage_bytes: target.total_storage_bytes,
    reconciled_at: '2026-11-21T06:00:00.000Z',
  };
  call!.answer(json(200, figures));
}

async function renderModule(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <>
      <Notifications />
      <StorageModule title="Storage" />
    </>,
    { language },
  );
}

beforeEach(() => {
  authStore.signInAdmin('tok');
  notifications.clean();
  recounts = [];
  configs = [
    config({ id: 'local', name: 'Local storage', is_default: true, total_storage_bytes: 10 * MB }),
    config({ id: 'archive', name: 'Archive', root_path: '/srv/archive' }),
  ];
  vi.stubGlobal('fetch', vi.fn(answer));
});

afterEach(() => {
  // Unmounted first, so no refetch after a recount reaches the real network.
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('StorageModule "Recount usage"', () => {
  it('recounts from the keyboard, keeps the focus while busy, then shows the new figure', async () => {
    const user = userEvent.setup();
    await renderModule();
    expect(await screen.findByText('0 B of 10 MiB')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Recount usage of Local storage' });
    button.focus();
    await user.keyboard('{Enter}');

    const busy = await screen.findByRole('button', { name: 'Recounting usage of Local storage…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(recounts.map((call) => call.id)).toEqual(['local']);

    finishRecount('local', 1.5 * MB);
    const done = await screen.findByRole('alert');
    expect(done).toHaveTextContent('Recounted Local storage: 1.5 MiB of 10 MiB used.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByText('1.5 MiB of 10 MiB')).toBeInTheDocument();
    const idle = screen.getByRole('button', { name: 'Recount usage of Local storage' });
    expect(idle).not.toHaveAttribute('aria-disabled');
    expect(idle).toHaveFocus();
  });

  it('runs two recounts at once and reports each, writes in flight named', async () => {
    const user = userEvent.setup();
    await renderModule();
    await user.click(await screen.findByRole('button', { name: 'Recount usage of Local storage' }));
    await user.click(screen.getByRole('button', { name: 'Recount usage of Archive' }));
    await waitFor(() => expect(recounts.map((call) => call.id)).toEqual(['local', 'archive']));
    expect(screen.getByRole('button', { name: 'Recounting usage of Archive…' })).toBeVisible();

    finishRecount('archive', 3 * MB, 512 * 1024);
    expect(
      await screen.findByText(
        'Recounted Archive: 3.5 MiB used, no limit. 512 KiB of it is held for uploads in progress.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('3.5 MiB · no limit')).toBeInTheDocument();
    // The first recount still runs, and still answers.
    expect(
      screen.getByRole('button', { name: 'Recounting usage of Local storage…' }),
    ).toBeInTheDocument();
    finishRecount('local', 2 * MB);
    expect(
      await screen.findByText('Recounted Local storage: 2 MiB of 10 MiB used.'),
    ).toBeInTheDocument();
    expect(screen.getByText('2 MiB of 10 MiB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recount usage of Local storage' })).toBeVisible();
  });

  it('says in Chinese when a recount fails, and leaves the figure as it was', async () => {
    const user = userEvent.setup();
    await renderModule('zh-CN');
    expect(await screen.findByText('已用 0 B / 共 10 MiB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重新统计 本地存储 的用量' }));
    await screen.findByRole('button', { name: '正在统计 本地存储 的用量…' });
    recounts.shift()!.answer(json(503, null, 'SERVICE_UNAVAILABLE'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '无法重新统计 本地存储 的用量：服务暂不可用，请稍后再试',
    );
    expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument();
    expect(screen.getByText('已用 0 B / 共 10 MiB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新统计 本地存储 的用量' })).toBeVisible();
  });
});
