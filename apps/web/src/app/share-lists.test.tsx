import type { PasteDetail } from '@pastebox/contract/schemas/paste';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PastesModule } from '@/features/admin/components/pastes/PastesModule';
import { useCreatePaste } from '@/features/editor/api/create-paste';
import { useUpdatePaste } from '@/features/pastes/api/update-paste';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';

// The admin's text list and the screens that create and edit shares elsewhere in the app
// (home editor, paste page) share one QueryClient: a change made there must show here.

function envelope(data: unknown, code = 200) {
  return new Response(JSON.stringify({ code, message: 'OK', data, success: true }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
}

function aPaste(slug: string, overrides: Partial<PasteDetail> = {}): PasteDetail {
  return {
    id: `id-${slug}`,
    slug,
    content: `content of ${slug}`,
    format: 'markdown',
    remark: `remark ${slug}`,
    hasPassword: false,
    expiresAt: null,
    maxViews: 0,
    views: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    created_by: 'admin-1',
    ...overrides,
  };
}

/** A server holding shares in memory: the list, create and update calls. */
function fakeServer(pastes: PasteDetail[]) {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    Promise.resolve(answer(input, init));

  function answer(input: RequestInfo | URL, init?: RequestInit): Response {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Partial<PasteDetail>) : {};
    if (url.pathname === '/api/admin/pastes' && method === 'GET') {
      const items = pastes.map(({ content, ...rest }) => ({
        ...rest,
        preview: content.slice(0, 200),
        size: content.length,
        expired: false,
      }));
      const pagination = { total: items.length, limit: 10, offset: 0, page: 1, totalPages: 1 };
      return envelope({ items, pagination });
    }
    if (url.pathname === '/api/paste' && method === 'POST') {
      const created = aPaste(`new${pastes.length}`, body);
      pastes.unshift(created);
      return envelope(created, 201);
    }
    const match = /^\/api\/(?:admin|user)\/pastes\/(.+)$/.exec(url.pathname);
    const paste = pastes.find((item) => item.id === match?.[1]);
    if (paste && method === 'PUT') {
      Object.assign(paste, body);
      return envelope(paste);
    }
    return envelope([]);
  }
}

/** What the paste page and the home editor do, through their own mutation hooks. */
function ElsewhereInTheApp() {
  const update = useUpdatePaste('one', 'admin');
  const create = useCreatePaste();
  return (
    <>
      <button
        type="button"
        onClick={() => update.mutate({ id: 'id-one', body: { content: 'x', format: 'text' } })}
      >
        edit on the paste page
      </button>
      <button
        type="button"
        onClick={() => create.mutate({ content: 'fresh', format: 'markdown', remark: 'brand new' })}
      >
        create on the home page
      </button>
    </>
  );
}

beforeEach(() => {
  authStore.signInAdmin('tok');
  vi.stubGlobal('fetch', vi.fn(fakeServer([aPaste('one')])));
});

afterEach(() => {
  // Unmount before signing out, or the list would refetch for a signed-out user.
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOut();
});

describe('the admin text list', () => {
  async function renderListBesideEditors() {
    await renderWithProviders(
      <>
        <PastesModule title="Text management" />
        <ElsewhereInTheApp />
      </>,
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('remark one');
    return table;
  }

  it('shows an edit made on the paste page', async () => {
    const table = await renderListBesideEditors();
    expect(within(table).getByText('Markdown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'edit on the paste page' }));
    await waitFor(() => expect(within(table).getByText('Plain text')).toBeInTheDocument());
    expect(within(table).queryByText('Markdown')).not.toBeInTheDocument();
  });

  it('shows a share created on the home page', async () => {
    const table = await renderListBesideEditors();
    await userEvent.click(screen.getByRole('button', { name: 'create on the home page' }));
    expect(await within(table).findByText('brand new')).toBeInTheDocument();
  });
});
