import type { ApiKeyItem } from '@pastebox/contract/schemas/api-key';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { CreateKeyModal } from './CreateKeyModal';
import { KeysModule } from './KeysModule';

function keyItem(overrides: Partial<ApiKeyItem>): ApiKeyItem {
  return {
    id: 'k1',
    name: 'Laptop',
    key: 'k3y_Laptop',
    expires_at: null,
    text_permission: true,
    file_permission: true,
    mount_permission: false,
    basic_path: '/',
    created_at: '2026-11-01T00:00:00.000Z',
    last_used: null,
    expired: false,
    ...overrides,
  };
}

const KEYS = [
  keyItem({}),
  keyItem({ id: 'k2', name: 'Notes', key: 'k3y_Notes', file_permission: false }),
  keyItem({
    id: 'k3',
    name: 'Mounts',
    key: 'k3y_Mounts',
    text_permission: false,
    file_permission: false,
    mount_permission: true,
  }),
];

/** What was downloaded: each file's name and text, as the object URL's Blob held it. */
let downloads: { name: string; text: Promise<string> }[];

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({
      name: this.download,
      text: blobs.get(this.href)?.text() ?? Promise.resolve(''),
    });
  });
  stubFetch((url, init) => {
    if (url.pathname === '/api/admin/api-keys' && init?.method === 'POST') {
      return apiAnswer(201, keyItem({ id: 'k9', name: 'Phone', key: 'k3y_Phone' }));
    }
    if (url.pathname === '/api/admin/api-keys') {
      return apiAnswer(200, KEYS);
    }
    return apiAnswer(404, null, 'NOT_FOUND');
  });
  authStore.signInAdmin('tok');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  authStore.signOut();
});

const origin = window.location.origin;

/** The key list, then the tools dialog of the key named `name`. */
async function openToolsOf(user: ReturnType<typeof userEvent.setup>, name: string) {
  await renderWithProviders(<KeysModule title="API keys" />);
  await user.click(
    await screen.findByRole('button', { name: `Screenshot and share tools for ${name}` }),
  );
  return screen.findByRole('dialog', { name: `Use ${name} with screenshot tools` });
}

// The dialogs mount Mantine's transitions: a busy 2-core CI box needs more than 5 s.
describe('screenshot and share tools of a key (issue 36)', { timeout: 20_000 }, () => {
  it("downloads the key's ShareX uploaders: files and images, and texts", async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = await openToolsOf(user, 'Laptop');

    await user.click(
      within(dialog).getByRole('button', { name: 'Download Pastebox (Laptop).sxcu' }),
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Download Pastebox text (Laptop).sxcu' }),
    );
    expect(downloads.map((file) => file.name)).toEqual([
      'Pastebox (Laptop).sxcu',
      'Pastebox text (Laptop).sxcu',
    ]);
    expect(JSON.parse(await downloads[0]!.text)).toMatchObject({
      RequestURL: `${origin}/api/upload`,
      Headers: { Authorization: 'ApiKey k3y_Laptop' },
      FileFormName: 'file',
      URL: `${origin}/file/{json:data.slug}`,
    });
    expect(JSON.parse(await downloads[1]!.text)).toMatchObject({
      RequestURL: `${origin}/api/paste`,
      URL: `${origin}/paste/{json:data.slug}`,
    });
  });

  it('shows the Flameshot and curl one-liners and downloads the iOS Shortcut recipe', async () => {
    const user = userEvent.setup({ delay: null });
    const dialog = await openToolsOf(user, 'Laptop');
    await user.click(within(dialog).getByRole('tab', { name: 'Flameshot & curl' }));
    expect(within(dialog).getByText(/^flameshot gui --raw \| curl/)).toHaveTextContent(
      `${origin}/file/\\1`,
    );
    expect(within(dialog).getAllByRole('button', { name: 'Copy command' })).toHaveLength(3);

    await user.click(within(dialog).getByRole('tab', { name: 'iOS' }));
    await user.click(
      within(dialog).getByRole('button', { name: 'Download Pastebox (Laptop) iOS Shortcut.json' }),
    );
    expect(JSON.parse(await downloads[0]!.text)).toMatchObject({ name: 'Pastebox (Laptop)' });
  });

  it('offers a text-only key only text tools, in Chinese, and a mount-only key none', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<KeysModule title="API keys" />, { language: 'zh-CN' });
    await user.click(await screen.findByRole('button', { name: 'Notes 的截图与分享工具' }));
    const dialog = await screen.findByRole('dialog', { name: '在截图工具中使用 Notes' });
    expect(
      within(dialog)
        .getAllByRole('button', { name: /^下载/ })
        .map((b) => b.textContent),
    ).toEqual(['下载 Pastebox text (Notes).sxcu']);
    await user.click(within(dialog).getByRole('tab', { name: 'Flameshot 与 curl' }));
    expect(within(dialog).getByText('curl：从标准输入分享文本（需要 jq）')).toBeInTheDocument();
    expect(within(dialog).queryByText(/flameshot gui/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mounts 的截图与分享工具' })).toBeNull();
  });

  it('shows the tools with the new key once it is created', async () => {
    const user = userEvent.setup({ delay: null });
    await renderWithProviders(<CreateKeyModal opened onClose={() => undefined} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('heading', { name: 'Use with screenshot tools' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Download Pastebox (Phone).sxcu' }));
    await waitFor(() =>
      expect(downloads.map((file) => file.name)).toEqual(['Pastebox (Phone).sxcu']),
    );
    expect(JSON.parse(await downloads[0]!.text)).toMatchObject({
      Headers: { Authorization: 'ApiKey k3y_Phone' },
    });
  });
});
