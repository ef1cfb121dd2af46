import { contentDisposition } from '@/lib/content-disposition';
import { normaliseMimetype, safeContentType } from '@/lib/content-type';
import type { VfsEntry } from './types';

/** Types a browser would run or render as a document (HTML, SVG, XML and their kin). */
const ACTIVE = /html|xml|xsl|svg/;

/**
 * What a signed link answers with (DESIGN §5): a download is opaque bytes under the file's
 * name; a link to view shows active content (HTML, SVG) and scripts as plain text, since
 * the local driver's link is served from the app's own origin.
 */
export function linkHeaders(
  entry: VfsEntry,
  forceDownload: boolean,
): { disposition: string; contentType: string } {
  const type = normaliseMimetype(entry.mimetype);
  if (forceDownload) {
    return {
      disposition: contentDisposition('attachment', entry.name),
      contentType: safeContentType(type, 'download'),
    };
  }
  return {
    disposition: contentDisposition('inline', entry.name),
    contentType: ACTIVE.test(type) ? 'text/plain; charset=utf-8' : safeContentType(type, 'view'),
  };
}
