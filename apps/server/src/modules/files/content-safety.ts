import { contentDisposition } from '../../lib/content-disposition';

/**
 * How a shared file may be shown on the app's own origin (DESIGN §4): active content
 * (HTML, SVG, XML) never runs there; it is shown as sandboxed plain text. Types a browser
 * can only display (images, media, PDF, plain text) are shown inline; anything else is
 * handed over as a download even by the preview link.
 */

const ACTIVE = /html|xml|xsl|svg/;
const DISPLAYABLE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|video\/[\w.+-]+|audio\/[\w.+-]+|application\/pdf|application\/json|text\/[\w.+-]+)$/;

/** A stored mimetype is a bare `type/subtype`, lowercase; anything else is octet-stream. */
export function normaliseMimetype(value: string | null | undefined): string {
  const bare = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(bare) ? bare : 'application/octet-stream';
}

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
  const withCharset = type.startsWith('text/') ? `${type}; charset=utf-8` : type;
  const sandboxed = "sandbox; default-src 'none'; frame-ancestors 'self'";
  if (mode === 'download') {
    return {
      'Content-Type': withCharset,
      'Content-Disposition': contentDisposition('attachment', filename),
      'Content-Security-Policy': sandboxed,
    };
  }
  if (ACTIVE.test(type)) {
    return {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': contentDisposition('inline', filename),
      'Content-Security-Policy': sandboxed,
    };
  }
  if (DISPLAYABLE.test(type)) {
    return {
      'Content-Type': withCharset,
      'Content-Disposition': contentDisposition('inline', filename),
      // Neither sandbox nor default-src: either would stop the browser's PDF viewer, and
      // these types cannot run script anyway (nosniff holds them to their type).
      'Content-Security-Policy': "frame-ancestors 'self'",
    };
  }
  return {
    'Content-Type': type,
    'Content-Disposition': contentDisposition('attachment', filename),
    'Content-Security-Policy': sandboxed,
  };
}
