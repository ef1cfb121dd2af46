import { Notifications } from '@mantine/notifications';
import type { SsoSettings } from '@pastebox/contract/schemas/sso';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { apiAnswer, stubFetch } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { SsoSettingsCard } from './SsoSettingsCard';

const REDIRECT = 'http://pastebox.test/api/auth/sso/callback';
const stored: SsoSettings = {
  enabled: true,
  name: 'Acme account',
  issuer: 'https://sso.example.com/realms/acme',
  client_id: 'pastebox',
  client_secret_set: true,
  scopes: 'openid profile email',
  allowed_email_domains: ['acme.com'],
  claim: 'groups',
  admin_values: ['pastebox-admins'],
  member_permissions: { text: true, file: true, mount: false },
  member_basic_path: '/',
  create_accounts: true,
  hide_password_form: false,
  redirect_uri: REDIRECT,
  fixed_by_environment: [],
};

let settings: SsoSettings;
let sent: Record<string, unknown>[] = [];

beforeEach(() => {
  settings = { ...stored };
  sent = [];
  authStore.signInAdmin('tok');
  stubFetch((url, init) => {
    if (url.pathname !== '/api/admin/sso-settings') {
      return apiAnswer(404, null, 'NOT_FOUND');
    }
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      sent.push(body);
      const { client_secret: secret, ...rest } = body;
      settings = {
        ...settings,
        ...rest,
        ...(secret !== undefined ? { client_secret_set: secret !== '' } : {}),
      };
    }
    return apiAnswer(200, settings);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.signOut();
});

async function renderCard(language: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithProviders(
    <>
      <Notifications />
      <SsoSettingsCard />
    </>,
    { language },
  );
  return screen.findByRole('form', { name: language === 'en-US' ? 'Single sign-on' : '单点登录' });
}

describe('SsoSettingsCard (issue 32)', () => {
  it('shows every field, the redirect URI to copy, and never the secret', async () => {
    const form = await renderCard();
    expect(within(form).getByRole('textbox', { name: 'Issuer URL' })).toHaveValue(stored.issuer);
    expect(within(form).getByRole('textbox', { name: 'Client ID' })).toHaveValue('pastebox');
    expect(within(form).getByText('A secret is stored')).toBeInTheDocument();
    expect(within(form).queryByLabelText(/^Client secret/, { selector: 'input' })).toBeNull();
    expect(within(form).getByText(REDIRECT)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(form).getByText('acme.com')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Files' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Mounts' })).not.toBeChecked();
  });

  it('keeps the secret unless replaced or removed: write-only', async () => {
    const user = userEvent.setup();
    const form = await renderCard();
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).not.toHaveProperty('client_secret');

    await user.click(await within(form).findByRole('button', { name: 'Replace' }));
    await user.type(within(form).getByLabelText(/^Client secret/, { selector: 'input' }), 's3cr3t');
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ client_secret: 's3cr3t' });

    const again = await screen.findByRole('form', { name: 'Single sign-on' });
    await user.click(await within(again).findByRole('button', { name: 'Remove' }));
    expect(
      within(again).getByText('The stored secret is removed when you save.'),
    ).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ client_secret: '' });
    // Nothing stored now: a field for one, empty (a public client).
    expect(
      await screen.findByText('Leave empty for a public client (PKCE only).'),
    ).toBeInTheDocument();
  });

  it('locks the fields the environment fixes, says which variable, and does not send them', async () => {
    const user = userEvent.setup();
    settings = {
      ...stored,
      fixed_by_environment: ['enabled', 'issuer', 'client_secret', 'member_permissions'],
    };
    const form = await renderCard();
    const issuer = within(form).getByRole('textbox', { name: 'Issuer URL' });
    expect(issuer).toHaveAttribute('readonly');
    expect(within(form).getAllByText('Set by OIDC_ISSUER on the server')).toHaveLength(2);
    expect(within(form).getByText('Set by OIDC_CLIENT_SECRET on the server')).toBeInTheDocument();
    expect(
      within(form).getByText('Set by OIDC_MEMBER_PERMISSIONS on the server'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: /^Offer single sign-on/ })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Text' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Replace' })).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'Client ID' })).not.toHaveAttribute(
      'readonly',
    );
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.keys(sent[0]!)).not.toEqual(expect.arrayContaining(['enabled']));
    for (const field of ['enabled', 'issuer', 'client_secret', 'member_permissions']) {
      expect(sent[0]).not.toHaveProperty(field);
    }
  });

  it('shows validation errors per field and sends nothing, in Chinese too', async () => {
    const user = userEvent.setup();
    const form = await renderCard('zh-CN');
    const issuer = within(form).getByRole('textbox', { name: '签发者 URL' });
    await user.clear(issuer);
    await user.type(issuer, 'not a url');
    await user.clear(within(form).getByRole('textbox', { name: '客户端 ID' }));
    await user.click(within(form).getByRole('button', { name: '保存单点登录设置' }));
    expect(await within(form).findByText('请输入完整的 http(s) URL')).toBeInTheDocument();
    expect(within(form).getByText('请输入客户端 ID')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('places a server refusal on its field', async () => {
    const user = userEvent.setup();
    stubFetch((_url, init) =>
      init?.method === 'PUT' ? apiAnswer(400, null, 'BASIC_PATH_INVALID') : apiAnswer(200, stored),
    );
    const form = await renderCard();
    await user.click(within(form).getByRole('button', { name: 'Save single sign-on' }));
    expect(await within(form).findByText('The base path must start with /')).toBeInTheDocument();
  });
});
