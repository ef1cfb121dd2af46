import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '@/context';
import { whenClientAborts } from '@/lib/client-abort';

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
 * and a client that goes away fails the stream with a ClientAbortError instead of leaving
 * it waiting (lib/client-abort.ts: logged as one quiet line, not a server error).
 */
export function rawBodyOf(c: Context<AppEnv>): Readable {
  return requestBodyStream(nodeRequestOf(c));
}

/** The body of a Node request through a PassThrough that fails as a client's abort. */
export function requestBodyStream(incoming: IncomingMessage): Readable {
  const body = new PassThrough();
  whenClientAborts(incoming, (error) => body.destroy(error));
  return incoming.pipe(body);
}
