import { contentDisposition } from '@/lib/content-disposition';
import { isScriptType, normaliseMimetype, safeContentType } from '@/lib/content-type';

/**
 * How a shared file may be shown on the app's own origin (DESIGN §4, §5): active content
 * (HTML, SVG, XML) and scripts never run there; they are shown as sandboxed plain text,
 * and a script is downloaded as opaque bytes, never with its script type. Types a browser
 * can only display (images, media, PDF, plain text) are shown inline; anything else is
 * handed over as a download even by the preview link.
 */

const ACTIVE = /html|xml|xsl|svg/;
const DISPLAYABLE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|application\/json|text\/[\w.+-]+)$/;

// The uploads module normalises stored types through the files module, its public face.
export { normaliseMimetype };

export type DeliveryHeaders = {
  'Content-Type': string;
  'Content-Disposition': string;
  'Content-Security-Policy': string;
};

/** The headers that decide how the browser treats the bytes of `mimetype`. */
export function deliveryHeaders(
  mode: 'view' | 'download',
  mimetype: string,
  filename: string,
): DeliveryHeaders {
  const type = normaliseMimetype(mimetype);
  const withCharset = (safe: string) =>
    safe.startsWith('text/') ? `${safe}; charset=utf-8` : safe;
  const sandboxed = "sandbox; default-src 'none'; frame-ancestors 'self'";
  if (mode === 'download') {
    return {
      'Content-Type': withCharset(safeContentType(type, 'download')),
      'Content-Disposition': contentDisposition('attachment', filename),
      'Content-Security-Policy': sandboxed,
    };
  }
  if (ACTIVE.test(type) || isScriptType(type)) {
    return {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': contentDisposition('inline', filename),
      'Content-Security-Policy': sandboxed,
    };
  }
  if (DISPLAYABLE.test(type)) {
    return {
      'Content-Type': withCharset(safeContentType(type, 'view')),
      'Content-Disposition': contentDisposition('inline', filename),
      // Neither sandbox nor default-src: either would stop the browser's PDF viewer, and
      // these types cannot run script anyway (nosniff holds them to their type).
      'Content-Security-Policy': "frame-ancestors 'self'",
    };
  }
  return {
    'Content-Type': safeContentType(type, 'download'),
    'Content-Disposition': contentDisposition('attachment', filename),
    'Content-Security-Policy': sandboxed,
  };
}
