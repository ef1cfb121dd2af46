import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot } from './support/browser';
import { useJourney } from './support/journey';
import { LANGUAGE_THEME_PAIRS as LOOKS, PHONE } from './support/looks';
import { tr } from './support/messages';
import { gradientPng } from './support/png';
import { expectNoAxeFindings, openSettled } from './support/settled-axe';
import { visible } from './support/ui';
import {
  signatureVerifies,
  startWebhookReceiver,
  type WebhookReceiver,
} from './support/webhook-receiver';

/**
 * Issue 33, "done when" (file requests): the owner creates a request with limits and a
 * webhook in the Requests module; a stranger on a phone, in Chinese, picks three files of
 * which one is refused by type before upload and two arrive; the test's receiver gets the
 * signed events; the owner turns one arrival into a share in one step and its link opens
 * for another stranger. A text request is answered by a stranger and read by the owner.
 */

const REQUEST = { title: 'Client photos', slug: 'client-photos' };
const TEXT_REQUEST = { title: 'API token', slug: 'api-token' };
const ALLOWED = ['.txt', 'image/*'];
const NOTES = {
  name: 'notes.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Shot list: ceremony, dinner, dance.\n'),
};
const PHOTO = { name: 'photo.png', mimeType: 'image/png', buffer: gradientPng(320, 200) };
const CONTRACT = {
  name: 'contract.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
};

/** Adds one chip to a Mantine TagsInput by typing it and pressing Enter. */
async function addTag(input: Locator, value: string): Promise<void> {
  await input.fill(value);
  await input.press('Enter');
}

describe('file requests: strangers send files, the owner is told and shares', () => {
  // The receiver listens on 127.0.0.1: the server may post there only in tests and labs.
  const journey = useJourney({ ALLOW_PRIVATE_URLS: 'true' });
  let receiver: WebhookReceiver;
  let secret = '';
  let shareUrl = '';

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('creates a request with limits and a webhook in the Requests module', async () => {
    const { context, page } = await openSettled(journey, '/admin/file-requests', {
      language: 'en-US',
      theme: 'light',
    });
    await visible(page, page.getByText('No file requests yet'));
    await expectNoAxeFindings(page, 'requests module, empty');
    await page.getByRole('button', { name: 'New request' }).first().click();
    const dialog = await visible(page, page.getByRole('dialog', { name: 'New file request' }));
    await dialog.getByLabel('Title').fill(REQUEST.title);
    await dialog.getByLabel('Message').fill('Please send the **photos** of Saturday.');
    await dialog.getByLabel('Link suffix').fill(REQUEST.slug);
    await dialog.getByLabel('Maximum files').fill('3');
    await dialog.getByLabel('Maximum per file', { exact: true }).fill('1');
    const types = dialog.getByLabel('Accepted types');
    for (const type of ALLOWED) {
      await addTag(types, type);
    }
    await dialog.getByLabel('Webhook URL').fill(receiver.url('client-photos'));
    await expectNoAxeFindings(page, 'new request form');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // A request with a webhook is announced with its link and signing secret, to copy.
    const created = await visible(
      page,
      page.getByRole('dialog', { name: `${REQUEST.title} is ready` }),
    );
    await visible(page, created.getByText(new RegExp(`/r/${REQUEST.slug}$`)));
    secret = ((await created.getByLabel('Webhook signing secret').textContent()) ?? '').trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await expectNoAxeFindings(page, 'request created dialog');
    await created.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => created.isVisible()).toBe(false);

    // What the form sent, as the API keeps it.
    const saved = await journey.call<{
      items: {
        slug: string;
        max_files: number;
        max_file_bytes: number;
        allowed_types: string[];
        webhook_url: string | null;
        webhook_secret: string | null;
      }[];
    }>('GET', '/admin/requests');
    const request = saved.items.find((item) => item.slug === REQUEST.slug);
    expect(request).toMatchObject({
      max_files: 3,
      max_file_bytes: 1024 * 1024,
      allowed_types: ALLOWED,
      webhook_url: receiver.url('client-photos'),
    });

    expect(request?.webhook_secret).toBe(secret);

    // The same secret stays in the request's edit dialog.
    await page.getByRole('button', { name: `Edit ${REQUEST.title}` }).click();
    const edit = await visible(page, page.getByRole('dialog', { name: `Edit ${REQUEST.title}` }));
    await visible(page, edit.locator('code').getByText(secret, { exact: true }));
    await expectNoAxeFindings(page, 'edit request form');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await context.close();
  });

  it('lets a stranger on a phone, in Chinese, send two files and refuses the third by type', async () => {
    const { context, page } = await openSettled(journey, `/r/${REQUEST.slug}`, {
      asAdmin: false,
      language: 'zh-CN',
      theme: 'light',
      viewport: PHONE,
    });
    await visible(page, page.getByRole('heading', { name: REQUEST.title }));
    await visible(page, page.getByRole('button', { name: '选择文件' }));
    await expectNoAxeFindings(page, 'request page, zh-CN phone');
    await page.getByTestId('request-pick-files').setInputFiles([NOTES, CONTRACT, PHOTO]);

    const refusal = tr('zh-CN', 'fileRequests.public.refused.type', {
      name: CONTRACT.name,
      types: ALLOWED.join(', '),
    });
    await visible(page, page.getByRole('alert').filter({ hasText: refusal }));
    const receipt = page.getByRole('status', {
      name: tr('zh-CN', 'fileRequests.public.receipt.title'),
    });
    await visible(page, receipt.getByText(NOTES.name));
    await visible(page, receipt.getByText(PHOTO.name));
    expect(await receipt.getByText(CONTRACT.name).count()).toBe(0);
    await expectNoAxeFindings(page, 'request page with a receipt, zh-CN phone');
    await docsScreenshot(page, 'request-page-sent-zh-CN-light-phone');
    await context.close();
  });

  it('posts one signed event per arrival to the webhook', async () => {
    await expect
      .poll(() => receiver.received.length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    const events = receiver.received.map((hook) => {
      expect(hook.headers['x-pastebox-event']).toBe('file_request.upload');
      expect(signatureVerifies(hook, secret), 'the signature verifies with the shown secret').toBe(
        true,
      );
      expect(signatureVerifies(hook, `${secret}x`)).toBe(false);
      return JSON.parse(hook.body.toString('utf8')) as {
        id: string;
        event: string;
        data: { request: { slug: string }; upload: { filename: string; size: number } };
      };
    });
    expect(events.every((event) => event.event === 'file_request.upload')).toBe(true);
    expect(events.every((event) => event.data.request.slug === REQUEST.slug)).toBe(true);
    expect(events.map((event) => event.data.upload.filename).sort()).toEqual([
      NOTES.name,
      PHOTO.name,
    ]);
    expect(
      events.find((event) => event.data.upload.filename === PHOTO.name)?.data.upload.size,
    ).toBe(PHOTO.buffer.length);
    // The refused file was never sent: nothing was stored, nobody was told.
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('lets the owner share an arrival in one step; its link opens for a stranger', async () => {
    const { context, page } = await openSettled(journey, '/admin/file-requests', {
      language: 'en-US',
      theme: 'light',
    });
    await visible(page, page.getByText('2 / 3 files'));
    await page.getByRole('button', { name: `What ${REQUEST.title} received` }).click();
    const dialog = await visible(
      page,
      page.getByRole('dialog', { name: `Received by ${REQUEST.title}` }),
    );
    await visible(page, dialog.getByRole('listitem', { name: NOTES.name }));
    const photo = dialog.getByRole('listitem', { name: PHOTO.name });
    await expectNoAxeFindings(page, 'uploads received');
    await photo.getByRole('button', { name: `Share ${PHOTO.name}` }).click();
    const link = await visible(page, photo.getByRole('link', { name: /\/file\// }));
    shareUrl = (await link.getAttribute('href')) ?? '';
    expect(shareUrl).toMatch(/\/file\/[^/]+$/);
    // The other arrival stays private: it has no link of its own yet.
    await visible(page, dialog.getByRole('button', { name: `Share ${NOTES.name}` }));
    await expectNoAxeFindings(page, 'uploads received, one shared');
    await docsScreenshot(page, 'request-uploads-en-US-light');
    await context.close();

    const stranger = await openSettled(journey, new URL(shareUrl).pathname, {
      asAdmin: false,
      language: 'en-US',
      theme: 'dark',
    });
    await visible(stranger.page, stranger.page.getByRole('heading', { name: PHOTO.name }));
    await visible(stranger.page, stranger.page.locator('img[alt]').first());
    await stranger.context.close();
  });

  it('takes a text from a stranger that only the owner reads', async () => {
    await journey.call('POST', '/admin/requests', {
      title: TEXT_REQUEST.title,
      slug: TEXT_REQUEST.slug,
      kind: 'text',
      message: 'Paste the staging API token here.',
    });
    const token = 'stg_5f1c2a9e-7d44-4b1f-93a1-0c6e2b8d7a31';
    const { context, page } = await openSettled(journey, `/r/${TEXT_REQUEST.slug}`, {
      asAdmin: false,
      language: 'en-US',
      theme: 'dark',
      viewport: PHONE,
    });
    const field = await visible(page, page.getByLabel('Your text'));
    await expectNoAxeFindings(page, 'text request page');
    await field.fill(token);
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(page, page.getByText('Your text arrived. Only the requester can read it.'));
    await context.close();

    const owner = await openSettled(journey, '/admin/file-requests', { language: 'en-US' });
    await owner.page.getByRole('button', { name: `What ${TEXT_REQUEST.title} received` }).click();
    const dialog = await visible(
      owner.page,
      owner.page.getByRole('dialog', { name: `Received by ${TEXT_REQUEST.title}` }),
    );
    await (await visible(owner.page, dialog.getByRole('button', { name: 'Read' }))).click();
    await visible(owner.page, dialog.getByText(token));
    await owner.context.close();
  });

  for (const look of LOOKS) {
    it(`shows the Requests module and the request page in ${look.language}, ${look.theme}`, async () => {
      const width = look.language === 'zh-CN' ? { viewport: PHONE } : {};
      const suffix = `${look.language}-${look.theme}${look.language === 'zh-CN' ? '-phone' : ''}`;
      const { context, page } = await openSettled(journey, '/admin/file-requests', {
        ...look,
        ...width,
      });
      const words = (key: string, vars: Record<string, string | number> = {}) =>
        tr(look.language, key, vars);
      await visible(page, page.getByText(REQUEST.title).first());
      await expectNoAxeFindings(page, `requests module ${suffix}`);
      await docsScreenshot(page, `requests-module-${suffix}`);
      // What the photos request received, then the new request form.
      const name = { title: REQUEST.title };
      await page.getByRole('button', { name: words('fileRequests.uploads.openOf', name) }).click();
      const uploads = await visible(
        page,
        page.getByRole('dialog', { name: words('fileRequests.uploads.title', name) }),
      );
      await visible(page, uploads.getByRole('listitem', { name: PHOTO.name }));
      await expectNoAxeFindings(page, `uploads received ${suffix}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => uploads.isVisible()).toBe(false);
      await page
        .getByRole('button', { name: words('fileRequests.create') })
        .first()
        .click();
      const form = await visible(
        page,
        page.getByRole('dialog', { name: words('fileRequests.form.createTitle') }),
      );
      await expectNoAxeFindings(page, `new request form ${suffix}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => form.isVisible()).toBe(false);
      await page.goto(`/r/${REQUEST.slug}`);
      await visible(page, page.getByRole('heading', { name: REQUEST.title }));
      await visible(
        page,
        page.getByText(words('fileRequests.public.limits.filesLeft_one', { count: 1 })),
      );
      await expectNoAxeFindings(page, `request page ${suffix}`);
      await docsScreenshot(page, `request-page-${suffix}`);
      await context.close();
    });
  }
});
