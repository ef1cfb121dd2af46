import type { DashboardStats } from '@pastebox/contract/schemas/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { renderWithProviders } from '@/test/render';
import { DashboardModule } from './DashboardModule';

const MIB = 1024 * 1024;

const stats: DashboardStats = {
  totals: { pastes: 1234, files: 7, api_keys: 2, mounts: 3, storage_configs: 2, views: 98 },
  today: { pastes: 5, files: 1 },
  activity: [
    { date: '2026-11-18', pastes: 0, files: 0 },
    { date: '2026-11-19', pastes: 2, files: 1 },
    { date: '2026-11-20', pastes: 0, files: 0 },
    { date: '2026-11-21', pastes: 1, files: 3 },
    { date: '2026-11-22', pastes: 0, files: 0 },
    { date: '2026-11-23', pastes: 4, files: 2 },
    { date: '2026-11-24', pastes: 5, files: 1 },
  ],
  storage: [
    {
      config_id: 'local',
      name: 'Local disk',
      provider_type: 'local',
      bucket_name: null,
      is_default: true,
      used_bytes: 1536,
      capacity_bytes: null,
      file_count: 4,
    },
    {
      config_id: 'b1',
      name: 'Team bucket',
      provider_type: 'minio',
      bucket_name: 'team',
      is_default: false,
      used_bytes: 25 * MIB,
      capacity_bytes: 100 * MIB,
      file_count: 3,
    },
  ],
  recent: [
    { kind: 'file', slug: 'report', label: 'report.pdf', created_at: '2026-11-24T09:00:00.000Z' },
    { kind: 'paste', slug: 'notes', label: '', created_at: '2026-11-24T08:00:00.000Z' },
  ],
};

/** What GET /api/admin/dashboard/stats answers next. */
let answer: { status: number; data: DashboardStats | null } = { status: 200, data: stats };
let requests: string[] = [];

beforeEach(() => {
  answer = { status: 200, data: stats };
  requests = [];
  authStore.signInAdmin('tok');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      requests.push(new URL(input, 'http://localhost').pathname);
      const ok = answer.status < 300;
      return Promise.resolve(
        Response.json(
          {
            code: answer.status,
            message: ok ? 'OK' : 'Database unavailable',
            data: answer.data,
            success: ok,
            ...(ok ? {} : { error: 'INTERNAL' }),
          },
          { status: answer.status },
        ),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

const statValue = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByTestId('stat-value');

describe('DashboardModule', () => {
  it('shows the totals, today’s additions, storage usage and the newest shares', async () => {
    await renderWithProviders(<DashboardModule title="Dashboard" />);
    await screen.findByRole('group', { name: 'Text shares' });
    expect(requests).toEqual(['/api/admin/dashboard/stats']);
    expect(statValue('Text shares')).toHaveTextContent('1,234');
    expect(statValue('File shares')).toHaveTextContent('7');
    expect(statValue('Views')).toHaveTextContent('98');
    expect(statValue('API keys')).toHaveTextContent('2');
    expect(statValue('Mounts')).toHaveTextContent('3');
    expect(statValue('Storage configs')).toHaveTextContent('2');
    expect(screen.getByText('+5 today')).toBeInTheDocument();
    expect(screen.getByText('+1 today')).toBeInTheDocument();
    // Default config first: local, unlimited, no bar.
    expect(screen.getByRole('textbox', { name: 'Storage bucket' })).toHaveValue('Local disk');
    expect(screen.getByText('1.5 KiB')).toBeInTheDocument();
    expect(screen.getByText('Unlimited')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'report.pdf' })).toHaveAttribute(
      'href',
      '/file/report',
    );
    // A paste without a remark is named by its link.
    expect(screen.getByRole('link', { name: '/paste/notes' })).toHaveAttribute(
      'href',
      '/paste/notes',
    );
  });

  it('switches the chart between bars and lines', async () => {
    const user = userEvent.setup();
    const { container } = await renderWithProviders(<DashboardModule title="Dashboard" />);
    // The chart is a lazy chunk (recharts): the first import takes a moment.
    await waitFor(
      () => expect(container.querySelector('[data-chart-type="bar"]')).toBeInTheDocument(),
      { timeout: 10_000 },
    );
    expect(container.querySelector('.mantine-BarChart-root')).toBeInTheDocument();
    expect(screen.getByText('12 text shares and 7 file shares created (UTC days)')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: 'Lines' }));
    await waitFor(() =>
      expect(container.querySelector('[data-chart-type="line"]')).toBeInTheDocument(),
    );
    expect(container.querySelector('.mantine-LineChart-root')).toBeInTheDocument();
    expect(container.querySelector('.mantine-BarChart-root')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Bars' }));
    await waitFor(() =>
      expect(container.querySelector('.mantine-BarChart-root')).toBeInTheDocument(),
    );
  });

  it('shows the usage of the bucket picked in the selector', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<DashboardModule title="Dashboard" />);
    await user.click(await screen.findByRole('textbox', { name: 'Storage bucket' }));
    await user.click(await screen.findByRole('option', { name: 'Team bucket', hidden: true }));
    expect(screen.getByRole('textbox', { name: 'Storage bucket' })).toHaveValue('Team bucket');
    expect(screen.getByText('Bucket: team')).toBeInTheDocument();
    expect(screen.getByText('25 MiB')).toBeInTheDocument();
    expect(screen.getByText('100 MiB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('25% of the capacity used')).toBeInTheDocument();
    expect(screen.queryByText('Unlimited')).not.toBeInTheDocument();
  });

  it('says so on a fresh install, in Chinese too', async () => {
    answer = {
      status: 200,
      data: {
        ...stats,
        totals: { pastes: 0, files: 0, api_keys: 0, mounts: 0, storage_configs: 1, views: 0 },
        today: { pastes: 0, files: 0 },
        activity: stats.activity.map((day) => ({ ...day, pastes: 0, files: 0 })),
        storage: stats.storage.slice(0, 1),
        recent: [],
      },
    };
    await renderWithProviders(<DashboardModule title="仪表盘" />, { language: 'zh-CN' });
    expect(await screen.findByText('还没有分享')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新建文本分享' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '上传文件' })).toHaveAttribute('href', '/upload');
    expect(screen.queryByRole('radiogroup', { name: '图表类型' })).not.toBeInTheDocument();
    expect(screen.queryByText('最近分享')).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry that reads again', async () => {
    const user = userEvent.setup();
    answer = { status: 500, data: null };
    await renderWithProviders(<DashboardModule title="Dashboard" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server error, please try again');
    answer = { status: 200, data: stats };
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('group', { name: 'Text shares' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
