import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { LinkPreviewCard } from './LinkPreviewCard';

/** What the server stores: GET answers it, a PUT merges its body into it (as the server does). */
let stored: Record<string, unknown>;
/** The PUT bodies the card sent. */
let sent: unknown[];

beforeEach(() => {
  stored = {
    max_upload_size: 100,
    max_upload_size_unit: 'MB',
    max_upload_size_bytes: 100 * 1024 * 1024,
    webdav_upload_mode: 'auto',
    link_preview_snippets: true,
  };
  sent = [];
  stubFetch((url, init) => {
    if (url.pathname !== '/api/admin/system-settings') {
      return apiAnswer(404, null, 'NOT_FOUND');
    }
    if (init?.method === 'PUT' && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      sent.push(body);
      stored = { ...stored, ...body };
    }
    return apiAnswer(200, stored);
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('LinkPreviewCard', () => {
  it('shows the stored setting and turns snippets off and on with the one field', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LinkPreviewCard />);
    const snippets = await screen.findByRole('switch', { name: /Show what public shares contain/ });
    expect(snippets).toBeChecked();
    await user.click(snippets);
    await waitFor(() => expect(snippets).not.toBeChecked());
    expect(sent).toEqual([{ link_preview_snippets: false }]);
    await waitFor(() => expect(snippets).toBeEnabled());
    await user.click(snippets);
    await waitFor(() => expect(snippets).toBeChecked());
    expect(sent).toEqual([{ link_preview_snippets: false }, { link_preview_snippets: true }]);
  });

  it('shows a stored "off"', async () => {
    stored.link_preview_snippets = false;
    await renderWithProviders(<LinkPreviewCard />);
    expect(
      await screen.findByRole('switch', { name: /Show what public shares contain/ }),
    ).not.toBeChecked();
  });

  it('speaks Chinese', async () => {
    await renderWithProviders(<LinkPreviewCard />, { language: 'zh-CN' });
    expect(await screen.findByRole('switch', { name: /显示公开分享的内容/ })).toBeChecked();
    expect(screen.getByText('链接预览')).toBeInTheDocument();
  });
});
