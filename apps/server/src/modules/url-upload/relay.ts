import type { Readable } from 'node:stream';
import type { Context } from 'hono';

/** What the relay needs of Hono node-server's Node response (its `c.env.outgoing`). */
interface NodeOutgoing {
  destroy(error?: Error): void;
}

function nodeOutgoing(c: Context): NodeOutgoing | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('outgoing' in env)) {
    return null;
  }
  const outgoing: unknown = env.outgoing;
  if (typeof outgoing === 'object' && outgoing !== null && 'destroy' in outgoing) {
    return typeof outgoing.destroy === 'function' ? (outgoing as NodeOutgoing) : null;
  }
  return null;
}

/**
 * A web stream of `body` for a streamed Response, with Node backpressure. When `body`
 * fails midway (size limit, timeout, remote cut), the client's connection is destroyed,
 * so the client sees a broken download, never a short one that looks complete. Handing
 * the error to the web stream instead makes node-server print it with console.error and
 * try to end the response with an "Error: …" text, racing its own destroy.
 */
export function relayBody(
  c: Context,
  body: Readable,
  onFailure: (error: Error) => void,
): ReadableStream<Uint8Array> {
  const outgoing = nodeOutgoing(c);
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        body.pause();
        body.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) {
            body.pause();
          }
        });
        body.once('end', () => controller.close());
        body.once('error', (error) => {
          onFailure(error);
          if (outgoing) {
            // node-server cancels this stream when the connection closes.
            outgoing.destroy();
          } else {
            controller.error(error);
          }
        });
      },
      pull() {
        body.resume();
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
