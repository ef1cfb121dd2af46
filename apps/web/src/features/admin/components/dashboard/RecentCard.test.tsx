import type { DashboardRecentItem } from '@pastebox/contract/schemas/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/features/admin/utils/format';
import { renderWithProviders } from '@/test/render';
import { RecentCard } from './RecentCard';

const ITEMS: DashboardRecentItem[] = [
  { kind: 'file', slug: 'report', label: 'report.pdf', created_at: '2026-11-24T09:00:00.000Z' },
  { kind: 'paste', slug: 'notes', label: '', created_at: '2026-11-24T08:00:00.000Z' },
];

/** How many times `text` is printed inside `element`. */
const timesPrinted = (element: HTMLElement, text: string) =>
  (element.textContent ?? '').split(text).length - 1;

describe('the dashboard’s recent shares', () => {
  it('names each share once and says what it is and when it was made beneath', async () => {
    await renderWithProviders(<RecentCard items={ITEMS} />);
    const [file, paste] = screen.getAllByRole('listitem');
    if (!file || !paste) {
      throw new Error('two rows expected');
    }

    expect(within(file).getByRole('link', { name: 'report.pdf' })).toHaveAttribute(
      'href',
      '/file/report',
    );
    expect(file).toHaveTextContent(`File · ${formatDateTime(ITEMS[0]!.created_at, 'en-US')}`);
    expect(timesPrinted(file, '/file/report')).toBe(0);

    // A paste without a remark is named by its link — printed once, not as title and subtitle.
    expect(within(paste).getByRole('link', { name: '/paste/notes' })).toBeInTheDocument();
    expect(timesPrinted(paste, '/paste/notes')).toBe(1);
    expect(paste).toHaveTextContent(`Text · ${formatDateTime(ITEMS[1]!.created_at, 'en-US')}`);
    expect(within(paste).getByText(formatDateTime(ITEMS[1]!.created_at, 'en-US'))).toHaveAttribute(
      'datetime',
      ITEMS[1]!.created_at,
    );
  });

  it('says the same in Chinese', async () => {
    await renderWithProviders(<RecentCard items={ITEMS} />, { language: 'zh-CN' });
    const paste = screen.getAllByRole('listitem')[1]!;
    expect(paste).toHaveTextContent(`文本 · ${formatDateTime(ITEMS[1]!.created_at, 'zh-CN')}`);
    expect(timesPrinted(paste, '/paste/notes')).toBe(1);
  });
});
