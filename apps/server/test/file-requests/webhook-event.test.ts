import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { dialect, startTestServer, type TestServer } from '../support/test-server';
import { createRequest, openAsStranger, sendFile } from './support';

/**
 * What a webhook receiver is told of an arrival (docs/webhooks.md): the request (id, slug,
 * title, its page and the owner's panel link), and the file (upload id, name, size, type,
 * who sent it) — or, for a text answer, its own event without the text itself.
 */
describe(`file request webhook events (${dialect})`, () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    // No runner: the deliveries stay as enqueued, their body is what every attempt sends.
    server = await startTestServer({}, { taskRunner: false });
    admin = await server.admin();
  });
  afterAll(() => server.close());

  /** The body of the one delivery to `url`, once it is enqueued (never on the upload's path). */
  async function deliveredTo(url: string) {
    const row = await vi.waitFor(async () => {
      const found = await server.deps.db
        .selectFrom('webhook_deliveries')
        .select(['event', 'body'])
        .where('url', '=', url)
        .executeTakeFirst();
      if (!found) {
        throw new Error('not enqueued yet');
      }
      return found;
    });
    return { event: row.event, body: JSON.parse(row.body) as Record<string, unknown> };
  }

  it('tells what file arrived, from whom, and where the owner sees it', async () => {
    const url = 'http://127.0.0.1:9/file-event';
    const request = await createRequest(admin, {
      title: 'Logs please',
      target: { type: 'storage' },
      webhook_url: url,
      require_name: true,
    });
    const token = await openAsStranger(server, request.slug, {
      name: 'Ana',
      email: 'ana@example.com',
    });
    const sent = await sendFile(server, request.slug, token, {
      name: 'app.log',
      type: 'text/plain',
      content: 'twelve bytes',
    });
    expect(sent.status).toBe(201);
    const { event, body } = await deliveredTo(url);
    expect(event).toBe('file_request.upload');
    expect(body).toMatchObject({ event: 'file_request.upload' });
    expect(body.data).toEqual({
      request: {
        id: request.id,
        slug: request.slug,
        title: 'Logs please',
        kind: 'files',
        url: request.url,
        panel_url: `${server.baseUrl}/admin/file-requests?request=${request.id}`,
      },
      upload: {
        id: expect.any(String) as string,
        kind: 'file',
        filename: 'app.log',
        mimetype: 'text/plain',
        size: 12,
        uploader_name: 'Ana',
        uploader_email: 'ana@example.com',
        file_id: expect.any(String) as string,
        mount_path: null,
        created_at: expect.any(String) as string,
      },
    });
  });

  it('announces a text answer as its own event, without its content', async () => {
    const url = 'http://127.0.0.1:9/text-event';
    const request = await createRequest(admin, {
      title: 'The token',
      kind: 'text',
      webhook_url: url,
    });
    const token = await openAsStranger(server, request.slug);
    const sent = await fetch(`${server.baseUrl}/api/public/requests/${request.slug}/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-token': token },
      body: JSON.stringify({ content: 'sk-secret-123' }),
    });
    expect(sent.status).toBe(201);
    const { event, body } = await deliveredTo(url);
    expect(event).toBe('file_request.text');
    expect(body.data).toMatchObject({
      request: { id: request.id, slug: request.slug, title: 'The token', kind: 'text' },
      answer: { size: 13, uploader_name: null, uploader_email: null },
    });
    expect(JSON.stringify(body)).not.toContain('sk-secret-123');
  });
});
