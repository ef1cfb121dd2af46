import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from './support/api';
import { screenshot } from './support/browser';
import { startCorsProxy } from './support/cors-proxy';
import { useJourney } from './support/journey';
import { startSwift, type SwiftServer } from './support/swift';
import { visible } from './support/ui';

describe('S3 storage configured in the admin panel', () => {
  let swift: SwiftServer;
  let proxy: { url: string; stop(): Promise<void> };
  // Registered before the journey's: the bucket is up before the server, down after it.
  beforeAll(async () => {
    swift = await startSwift();
    proxy = await startCorsProxy(swift.endpoint);
  }, 180_000);
  afterAll(async () => {
    await proxy?.stop();
    swift?.stop();
  });
  const journey = useJourney();

  it('adds an S3 config, tests it, makes it default and uploads to it', async () => {
    const { server, token } = journey;
    const { context, page } = await journey.open('/admin/storage-config', {
      language: 'en-US',
      theme: 'light',
    });
    await (await visible(page, page.getByRole('button', { name: 'Add storage' }))).click();
    const form = page.getByRole('form', { name: 'Storage config' });
    await (await visible(page, form.getByLabel('Name'))).fill('Swift bucket');
    await form.getByRole('textbox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'MinIO' }).click();
    await (await visible(page, form.getByLabel('Endpoint URL'))).fill(proxy.url);
    await form.getByRole('textbox', { name: 'Region' }).fill(swift.region);
    await form.getByRole('textbox', { name: 'Bucket' }).fill(swift.bucket);
    await form.getByRole('textbox', { name: 'Access key ID' }).fill(swift.accessKeyId);
    await form.locator('input[type=password]').fill(swift.secretAccessKey);
    await screenshot(page, 'admin-storage-form-en-US-light');
    await form.getByRole('button', { name: 'Create' }).click();
    await visible(page, page.getByRole('button', { name: 'Test Swift bucket' }));

    await page.getByRole('button', { name: 'Test Swift bucket' }).click();
    await visible(page, page.getByText('Every step worked: this storage is ready for uploads.'));
    await page.waitForTimeout(400); // the modal's fade-in, for the screenshot
    await screenshot(page, 'admin-storage-test-en-US-light');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Make Swift bucket the default' }).click();
    await visible(page, page.getByText('Swift bucket is now the default storage'));
    await screenshot(page, 'admin-storage-list-en-US-light');

    await page.goto('/upload');
    await page
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'hello-s3.txt', mimeType: 'text/plain', buffer: Buffer.from('stored in a bucket') },
      ]);
    await (await visible(page, page.getByRole('button', { name: 'Upload all' }))).click();
    await visible(page, page.getByText('1 of 1 uploaded'));
    const file = (await listFiles(server.baseUrl, token)).find(
      (f) => f.filename === 'hello-s3.txt',
    )!;
    const configs = (await (
      await fetch(`${server.baseUrl}/api/s3-configs`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: string; name: string }[] };
    expect(file.s3_config_id).toBe(configs.data.find((c) => c.name === 'Swift bucket')?.id);
    const opened = (await (
      await fetch(`${server.baseUrl}/api/public/files/${file.slug}`)
    ).json()) as { data: { downloadUrl: string } };
    const download = await fetch(new URL(opened.data.downloadUrl, server.baseUrl));
    expect(await download.text()).toBe('stored in a bucket');
    await context.close();
  });
});
