import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';

/**
 * The Node request behind a Hono context (@hono/node-server passes it as env.incoming):
 * upload routes read it as a stream instead of letting anything buffer the body.
 */
export function nodeRequestOf(c: Context<AppEnv>): IncomingMessage {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) {
    throw new Error(
      `${c.req.method} ${c.req.path} streams the Node request: run on @hono/node-server`,
    );
  }
  return incoming;
}

/**
 * A raw request body as a stream (a relayed part). It goes through a PassThrough so that
 * a refused body does not destroy the socket the error answer must still be written to,
 * and a client that goes away fails the stream instead of leaving it waiting.
 */
export function rawBodyOf(c: Context<AppEnv>): Readable {
  const incoming = nodeRequestOf(c);
  const body = new PassThrough();
  incoming.once('error', (error) => body.destroy(error));
  incoming.once('aborted', () => body.destroy(new Error('The client aborted the upload')));
  return incoming.pipe(body);
}
