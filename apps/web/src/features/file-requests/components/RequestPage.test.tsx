import type {
  PublicFileRequest,
  RequestUploadToken,
} from '@pastebox/contract/schemas/file-request';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer as json, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { RequestPage } from './RequestPage';

const base: PublicFileRequest = {
  slug: 'photos',
  title: 'Wedding photos',
  message: null,
  kind: 'files',
  state: 'open',
  requires_password: false,
  require_name: false,
  require_email: false,
  expires_at: null,
  allowed_types: ['image/*'],
  max_file_bytes: 1024,
  max_files: 0,
  max_total_bytes: 0,
  files_left: null,
  bytes_left: null,
};

let shown: PublicFileRequest = base;
let calls: { method: string; path: string; body?: unknown }[] = [];

function token(request: PublicFileRequest): RequestUploadToken {
  return {
    token: 'tok',
    expires_at: '2099-01-01T00:00:00.000Z',
    header: 'X-Request-Token',
    multipart: true,
    request,
  };
}

function answer(url: URL, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ method, path: url.pathname, body });
  if (url.pathname === '/api/public/requests/missing') {
    return json(404, null, 'REQUEST_NOT_FOUND');
  }
  if (url.pathname.endsWith('/open')) {
    const password = (body as { password?: string }).password;
    return shown.requires_password && password !== 'right'
      ? json(401, null, 'WRONG_PASSWORD')
      : json(200, token(shown));
  }
  if (url.pathname.endsWith('/text')) {
    return json(201, {
      kind: 'text',
      filename: 'text',
      size: 5,
      received_at: '2026-11-27T10:00:00.000Z',
      files_left: null,
      bytes_left: null,
    });
  }
  return json(200, shown);
}

function renderAt(slug: string, language: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithProviders(
    <Routes>
      <Route path="/r/:slug" element={<RequestPage />} />
    </Routes>,
    { route: `/r/${slug}`, language },
  );
}

beforeEach(() => {
  shown = base;
  calls = [];
  stubFetch(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequestPage', () => {
  it('opens a request that asks nothing at once, once, and offers the drop zone', async () => {
    await renderAt('photos');
    expect(await screen.findByRole('heading', { name: 'Wedding photos' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Choose files' })).toBeEnabled();
    expect(calls.filter((call) => call.path.endsWith('/open'))).toHaveLength(1);
  });

  it('refuses a file of another type before sending anything, naming it', async () => {
    await renderAt('photos');
    const input = await screen.findByTestId('request-pick-files');
    const doc = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [doc] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.txt: this type is not accepted (accepted: image/*)',
    );
    expect(calls.some((call) => call.path.endsWith('/upload'))).toBe(false);
  });

  it('asks the password and the name first, and keeps the form after a wrong password', async () => {
    shown = { ...base, requires_password: true, require_name: true };
    const user = userEvent.setup();
    await renderAt('photos');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/open'))).toBe(false);

    await user.type(screen.getByLabelText(/Your name/), 'Ana');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), 'right');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('/open')).at(-1)?.body).toEqual({
      password: 'right',
      name: 'Ana',
    });
  });

  it('sends a text answer and shows the receipt', async () => {
    shown = { ...base, kind: 'text', allowed_types: [] };
    const user = userEvent.setup();
    await renderAt('photos');
    await user.type(await screen.findByLabelText('Your text'), 'token');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Your text arrived/)).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/text'))?.body).toEqual({ content: 'token' });
  });

  it('says a closed request takes nothing, in Chinese too', async () => {
    shown = { ...base, state: 'closed' };
    await renderAt('photos', 'zh-CN');
    expect(await screen.findByText('此收集已关闭')).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/open'))).toBe(false);
  });

  it('says an unknown link leads nowhere', async () => {
    await renderAt('missing');
    expect(await screen.findByText('Request not found')).toBeInTheDocument();
  });

  it('names the limits a stranger must keep to', async () => {
    shown = { ...base, files_left: 2 };
    await renderAt('photos');
    await waitFor(() =>
      expect(screen.getByText(/Up to 1 KiB per file · 2 files left/)).toBeInTheDocument(),
    );
  });
});
