import { ModalsProvider } from '@mantine/modals';
import type { DavLockItem } from '@pastebox/contract/schemas/dav-lock';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { DavLocksSection } from './DavLocksSection';

const TOKEN = 'opaquelocktoken:7f1c2f4e-0000-4000-8000-000000000001';

function lockFor(overrides: Partial<DavLockItem> = {}): DavLockItem {
  return {
    token: TOKEN,
    root: '/team/report.docx',
    scope: 'exclusive',
    depth: 'infinity',
    owner: { kind: 'key', key_id: 'k1', key_name: 'CI bot' },
    owner_xml: '<D:href xmlns:D="DAV:">mailto:ci@example.com</D:href>',
    created_at: new Date(Date.now() - 60_000).toISOString(),
    expires_at: new Date(Date.now() + 2 * 3600_000 + 30_000).toISOString(),
    ...overrides,
  };
}

/** What the fake server holds, and every call the section made. */
let held: DavLockItem[] = [];
let calls: { method: string; path: string }[] = [];
let listFails = false;

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  calls.push({ method, path: url.pathname });
  if (method === 'DELETE') {
    const token = decodeURIComponent(url.pathname.split('/').pop() ?? '');
    const before = held.length;
    held = held.filter((lock) => lock.token !== token);
    return held.length < before ? json(200, null) : json(404, null, 'DAV_LOCK_NOT_FOUND');
  }
  return listFails ? json(500, null, 'INTERNAL') : json(200, held);
}

async function renderSection(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <ModalsProvider>
      <DavLocksSection />
    </ModalsProvider>,
    { language },
  );
}

beforeEach(() => {
  held = [];
  calls = [];
  listFails = false;
  authStore.signInAdmin('tok');
  stubFetch(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('DavLocksSection', () => {
  it('lists a lock with its path, scope, depth, holder, client note and time left', async () => {
    held = [lockFor()];
    await renderSection();
    const row = (await screen.findByText('/team/report.docx')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Exclusive')).toBeInTheDocument();
    expect(within(row).getByText('With everything below')).toBeInTheDocument();
    expect(within(row).getByText('Key: CI bot')).toBeInTheDocument();
    expect(within(row).getByText('Client: mailto:ci@example.com')).toBeInTheDocument();
    expect(within(row).getByText('in 2 hours')).toBeInTheDocument();
  });

  it('names the admin, and a key that is gone, as holders', async () => {
    held = [
      lockFor({ owner: { kind: 'admin', key_id: null, key_name: null }, owner_xml: null }),
      lockFor({
        token: 'opaquelocktoken:2',
        root: '/team/old',
        scope: 'shared',
        depth: '0',
        owner: { kind: 'key', key_id: 'k9', key_name: null },
      }),
    ];
    await renderSection();
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('A deleted key')).toBeInTheDocument();
    expect(screen.getByText('Shared')).toBeInTheDocument();
    expect(screen.getByText('This item only')).toBeInTheDocument();
  });

  it('asks before releasing; cancelling sends nothing, confirming frees the lock', async () => {
    held = [lockFor()];
    const user = userEvent.setup();
    await renderSection();
    const release = await screen.findByRole('button', {
      name: 'Release the lock on /team/report.docx',
    });

    await user.click(release);
    let dialog = await screen.findByRole('dialog', { name: 'Release this lock?' });
    expect(
      within(dialog).getByText(/The lock held by the key “CI bot” ends now/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(release);
    dialog = await screen.findByRole('dialog', { name: 'Release this lock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No WebDAV locks are held')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/api/admin/dav/locks/${encodeURIComponent(TOKEN)}` },
    ]);
  });

  it('drops a lock that is already gone from the list (404 DAV_LOCK_NOT_FOUND)', async () => {
    held = [lockFor()];
    const user = userEvent.setup();
    await renderSection();
    await user.click(
      await screen.findByRole('button', { name: 'Release the lock on /team/report.docx' }),
    );
    held = [];
    const dialog = await screen.findByRole('dialog', { name: 'Release this lock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No WebDAV locks are held')).toBeInTheDocument();
  });

  it('says why the list could not be read, not that nothing is locked, and retries', async () => {
    listFails = true;
    const user = userEvent.setup();
    await renderSection();
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('No WebDAV locks are held')).toBeNull();
    listFails = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No WebDAV locks are held')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    held = [lockFor()];
    await renderSection('zh-CN');
    expect(await screen.findByText('独占')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'WebDAV 锁' })).toBeInTheDocument();
    expect(screen.getByText('密钥：CI bot')).toBeInTheDocument();
    expect(screen.getByText('2小时后')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '释放 /team/report.docx 上的锁' })).toBeVisible();
  });
});
