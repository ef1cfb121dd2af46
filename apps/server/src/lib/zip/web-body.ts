import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from 'hono';

/**
 * The archive as a Response body. Readable.toWeb would do, but an archive that fails after
 * its status went out would then error the web stream, and @hono/node-server answers that
 * by printing the error to the console and writing "Error: …" into the body. Here a failure
 * (logged by zipAnswer) destroys the connection instead: the client sees a cut download,
 * the console stays the logger's. Backpressure: the archive is paused while the web
 * stream's queue (64 KiB) is full and resumed when the server pulls again.
 */
export function archiveBody(c: Context, archive: Readable): ReadableStream<Uint8Array> {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        archive.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) {
            archive.pause();
          }
        });
        archive.once('end', () => controller.close());
        archive.once('error', (error) => {
          if (outgoing) {
            outgoing.destroy();
          } else {
            // Not on a Node server (app.request in a test): the stream's own error, then.
            controller.error(error);
          }
        });
      },
      pull() {
        archive.resume();
      },
      cancel() {
        archive.destroy();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}
