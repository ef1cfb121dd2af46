import { Notifications } from '@mantine/notifications';
import type { AuditEvent } from '@pastebox/contract/schemas/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { AuditModule } from './AuditModule';

const event = (fields: Partial<AuditEvent> & Pick<AuditEvent, 'id' | 'action'>): AuditEvent => ({
  at: '2026-11-20T10:00:00.000Z',
  actor_type: 'account',
  actor_id: 'a1',
  actor_name: 'admin',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  target: null,
  outcome: 'success',
  detail: null,
  ...fields,
});

const entries = [
  event({ id: 'e2', action: 'share.delete', target: 'abc123', detail: { status: 200 } }),
  event({
    id: 'e1',
    action: 'auth.sign_in',
    actor_type: 'anonymous',
    actor_id: null,
    actor_name: 'mallory',
    outcome: 'failure',
    detail: { method: 'password', error: 'INVALID_CREDENTIALS' },
  }),
  event({ id: 'e0', action: 'future.thing', actor_type: 'apikey', actor_name: 'CI bot' }),
];

let calls: { path: string; authorization: string | null }[] = [];
let lost = 0;
let listed: AuditEvent[] = entries;
let exportAnswer: () => Response;

beforeEach(() => {
  calls = [];
  lost = 0;
  listed = entries;
  exportAnswer = () =>
    new Response('at,action\n', {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition':
          'attachment; filename="pastebox-audit-2026-11-20.csv"; filename*=UTF-8\'\'pastebox-audit-2026-11-20.csv',
      },
    });
  authStore.signInAdmin('tok');
  stubFetch((url, init) => {
    calls.push({
      path: url.pathname + url.search,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    if (url.pathname === '/api/admin/audit/export') {
      return exportAnswer();
    }
    if (url.pathname === '/api/admin/audit') {
      const narrowed = url.searchParams.has('outcome');
      const items = narrowed ? [] : listed;
      const pagination = { total: items.length, limit: 50, offset: 0, page: 1, totalPages: 1 };
      return apiAnswer(200, { items, pagination, lost_entries: lost });
    }
    return apiAnswer(404, null, 'NOT_FOUND');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  authStore.signOut();
});

async function renderModule(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <>
      <Notifications />
      <AuditModule title="Audit log" />
    </>,
    { language },
  );
  return screen.findByRole('table');
}

const listCalls = () => calls.filter((call) => call.path.startsWith('/api/admin/audit?'));

describe('AuditModule (issue 32)', () => {
  it('lists entries newest first with labels, actor type, outcome, address and device', async () => {
    const table = await renderModule();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Share deleted')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('abc123')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Signed in')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Anonymous')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failure')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('203.0.113.7')).toBeInTheDocument();
    // An action this app has no label for reads as its raw name.
    expect(within(rows[2]!).getByText('future.thing')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('API key')).toBeInTheDocument();
    expect(listCalls()[0]).toEqual({
      path: '/api/admin/audit?page=1&limit=50',
      authorization: 'Bearer tok',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an entry’s details as pretty JSON', async () => {
    const user = userEvent.setup();
    const table = await renderModule();
    const row = within(table).getAllByRole('row')[2]!;
    await user.click(within(row).getByRole('button', { name: 'Show details' }));
    expect(await screen.findByText(/"error": "INVALID_CREDENTIALS"/)).toBeInTheDocument();
  });

  it('sends every filter in the query string, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderModule();
    await user.type(screen.getByRole('textbox', { name: 'Filter by actor' }), 'alice');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'auth.');
    fireEvent.change(screen.getByLabelText('From (date and time)'), {
      target: { value: '2026-11-01T08:30' },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failure');
    expect(await screen.findByText('No entries match the filters')).toBeInTheDocument();
    const from = new Date('2026-11-01T08:30').toISOString();
    const expected = new URLSearchParams({
      actor: 'alice',
      action: 'auth.',
      outcome: 'failure',
      from,
      page: '1',
      limit: '50',
    });
    await waitFor(() =>
      expect(listCalls().map((call) => call.path)).toContain(`/api/admin/audit?${expected}`),
    );
    // The choices: groups, each action, and an unknown action seen on the page.
    const options = within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['All: Sign-in', 'Signed in', 'All: WebDAV', 'future.thing']),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('exports the filtered log as CSV with the session’s Authorization header', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => 'blob:audit');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await renderModule();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failure');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['pastebox-audit-2026-11-20.csv']));
    expect(calls).toContainEqual({
      path: '/api/admin/audit/export?outcome=failure',
      authorization: 'Bearer tok',
    });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('says so when the export is refused', async () => {
    const user = userEvent.setup();
    exportAnswer = () => apiAnswer(503, null, 'DATABASE_UNAVAILABLE');
    await renderModule('zh-CN');
    await user.click(screen.getByRole('button', { name: '导出 CSV' }));
    expect(await screen.findByText('导出失败')).toBeInTheDocument();
  });

  it('warns when entries were lost, and shows the empty state', async () => {
    lost = 3;
    listed = [];
    await renderWithProviders(<AuditModule title="Audit log" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '3 audit entries could not be written since the server started',
    );
    expect(await screen.findByText('No audit entries yet')).toBeInTheDocument();
  });
});
