import type { DavContext } from '../context';
import { DavHttpError } from '../errors';
import { parseXmlBody, type XmlElement } from '@/modules/webdav/xml/parse';

/** LOCK and PROPPATCH bodies are small; anything larger is refused before it is parsed. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The XML body of a LOCK or PROPPATCH, or null when there is none. A DOCTYPE is refused:
 * WebDAV bodies need none, and entity declarations are how XML bombs are built.
 */
export async function readXmlBody(ctx: DavContext): Promise<XmlElement | null> {
  const declared = Number(ctx.request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) {
    throw new DavHttpError(413);
  }
  const text = await ctx.request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new DavHttpError(413);
  }
  if (/<!DOCTYPE/i.test(text)) {
    throw new DavHttpError(400, undefined, [], 'a DOCTYPE is not accepted');
  }
  return parseXmlBody(text);
}
