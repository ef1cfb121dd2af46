import type { DavContext } from '../context';
import { DavHttpError } from '../errors';
import { parseXmlBody, type XmlElement } from './parse';

/**
 * The request bodies WebDAV reads itself (PROPFIND, PROPPATCH, LOCK; MKCOL only looks)
 * are held to a limit before they are read (DESIGN §5): a declared Content-Length over it
 * is refused at once, and a chunked body is counted while it arrives and dropped the moment
 * it passes the limit, so no caller can make the server buffer more than 1 MB of XML.
 */

/** XML bodies are a few KB; 1 MB is far above any real client's. */
export const MAX_XML_BODY_BYTES = 1024 * 1024;

function declaredLength(ctx: DavContext): number | undefined {
  const value = ctx.request.headers.get('content-length');
  const length = Number(value);
  return value !== null && value.trim() !== '' && Number.isSafeInteger(length) && length >= 0
    ? length
    : undefined;
}

/**
 * The body's bytes, at most `maxBytes` of them (413 past that). Stopping destroys only our
 * copy of the stream: Node discards the unread rest after the answer, never buffering it.
 */
async function readLimited(ctx: DavContext, maxBytes: number): Promise<Buffer> {
  if (declaredLength(ctx) === 0) {
    return Buffer.alloc(0);
  }
  const body = ctx.body();
  if ((declaredLength(ctx) ?? 0) > maxBytes) {
    body.destroy();
    throw new DavHttpError(413, undefined, [], 'the XML body is larger than 1 MB');
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      // Leaving the loop destroys the stream: nothing more is read into memory.
      throw new DavHttpError(413, undefined, [], 'the XML body is larger than 1 MB');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** The body as text (UTF-8, a BOM dropped), at most `maxBytes` long. */
export async function readBodyText(
  ctx: DavContext,
  maxBytes = MAX_XML_BODY_BYTES,
): Promise<string> {
  return new TextDecoder().decode(await readLimited(ctx, maxBytes));
}

/**
 * The XML body of a PROPFIND, PROPPATCH or LOCK, or null when there is none. A DOCTYPE is
 * refused: WebDAV bodies need none, and entity declarations are how XML bombs are built.
 */
export async function readXmlBody(ctx: DavContext): Promise<XmlElement | null> {
  const text = await readBodyText(ctx);
  if (/<!DOCTYPE/i.test(text)) {
    throw new DavHttpError(400, undefined, [], 'a DOCTYPE is not accepted');
  }
  return parseXmlBody(text);
}

/**
 * Whether the request has a body, found from its first bytes (a MKCOL with one is refused
 * 415 without the rest being read). A declared length answers without reading anything.
 */
export async function hasBody(ctx: DavContext): Promise<boolean> {
  const declared = declaredLength(ctx);
  if (declared !== undefined) {
    return declared > 0;
  }
  if (!ctx.request.headers.has('transfer-encoding')) {
    return false;
  }
  for await (const chunk of ctx.body() as AsyncIterable<Buffer>) {
    if (chunk.length > 0) {
      return true; // leaving the loop drops the stream and the unread rest with it
    }
  }
  return false;
}
