import type { PublicBundle } from '@pastebox/contract/schemas/bundle';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { BundlePage } from './BundlePage';

const ORIGIN = 'http://localhost';

const opened: PublicBundle = {
  slug: 'trip',
  title: 'Holiday',
  created_at: '2026-11-24T05:00:00.000Z',
  expires_at: null,
  max_views: 5,
  views: 2,
  requires_password: false,
  file_count: 3,
  total_size: 3072,
  files: [
    {
      filename: 'beach.jpg',
      mimetype: 'image/jpeg',
      size: 1024,
      previewUrl: `${ORIGIN}/api/file-view/a?token=t1`,
      downloadUrl: `${ORIGIN}/api/file-download/a?token=t1`,
    },
    {
      filename: 'notes.txt',
      mimetype: 'text/plain',
      size: 1024,
      previewUrl: `${ORIGIN}/api/file-view/b?token=t2`,
      downloadUrl: `${ORIGIN}/api/file-download/b?token=t2`,
    },
    {
      filename: 'plan.pdf',
      mimetype: 'application/pdf',
      size: 1024,
      previewUrl: `${ORIGIN}/api/file-view/c?token=t3`,
      downloadUrl: `${ORIGIN}/api/file-download/c?token=t3`,
    },
  ],
  zipUrl: `${ORIGIN}/api/bundle-zip/trip?token=z1`,
};

const locked: PublicBundle = {
  slug: 'trip',
  title: 'Holiday',
  created_at: opened.created_at,
  expires_at: null,
  max_views: 0,
  views: 0,
  requires_password: true,
};

let calls: { method: string; path: string; body?: unknown }[] = [];

function serve(answer: (method: string, path: string, body: unknown) => Response) {
  calls = [];
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    return answer(method, url.pathname, body);
  });
}

function renderPage(language: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(
    <Routes>
      <Route path="/b/:slug" element={<BundlePage />} />
    </Routes>,
    { route: '/b/trip', language },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BundlePage', () => {
  it('shows the images as a gallery, the other files as a list, and a ZIP link', async () => {
    serve(() => json(200, opened));
    await renderPage();

    expect(await screen.findByRole('heading', { name: 'Holiday' })).toBeInTheDocument();
    expect(screen.getByText(/3 files · 3 KiB · Never expires · 3 views left/)).toBeInTheDocument();
    const gallery = screen.getByRole('list', { name: 'Pictures' });
    expect(within(gallery).getByRole('img', { name: 'Preview of beach.jpg' })).toHaveAttribute(
      'src',
      opened.files?.[0]?.previewUrl,
    );
    const list = screen.getByRole('list', { name: 'Files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Download plan.pdf' })).toHaveAttribute(
      'href',
      opened.files?.[2]?.downloadUrl,
    );
    expect(screen.getByRole('link', { name: 'Download all (ZIP)' })).toHaveAttribute(
      'href',
      opened.zipUrl,
    );
    // One opening, one view: nothing else was asked of the server.
    expect(calls).toEqual([{ method: 'GET', path: '/api/public/bundles/trip' }]);
  });

  it('asks for the password, then shows the files the verify call answered', async () => {
    serve((method) => (method === 'POST' ? json(200, opened) : json(200, locked)));
    const user = userEvent.setup({ delay: null });
    await renderPage();

    expect(await screen.findByText('This bundle is protected')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(await screen.findByRole('link', { name: 'Download all (ZIP)' })).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/public/bundles/trip/verify',
      body: { password: 'secret' },
    });
  });

  it('says so in Chinese when the bundle does not exist or has expired', async () => {
    serve(() => json(404, null, 'BUNDLE_NOT_FOUND'));
    await renderPage('zh-CN');
    expect(await screen.findByText('找不到文件包')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();

    cleanup();
    serve(() => json(410, null, 'SHARE_EXPIRED'));
    await renderPage('zh-CN');
    expect(await screen.findByText('此文件包已过期')).toBeInTheDocument();
  });
});
