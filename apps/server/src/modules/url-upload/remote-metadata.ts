import type { IncomingHttpHeaders } from 'node:http';
import { cleanFileName } from '@pastebox/contract/rules/file-name';

/** What the remote server tells about a file before its body is read. */
export interface RemoteMetadata {
  filename: string;
  mimetype: string;
  size: number | null;
  supportsRange: boolean;
  etag: string | null;
  lastModified: string | null;
}

const FALLBACK_MIMETYPE = 'application/octet-stream';

/** Name, type and size of a remote file from its response headers and final URL. */
export function remoteMetadata(
  headers: IncomingHttpHeaders,
  url: URL,
  contentLength: number | null,
): RemoteMetadata {
  const fromHeader = filenameFromContentDisposition(headers['content-disposition']);
  return {
    filename: cleanFileName(fromHeader ?? filenameFromPath(url)),
    mimetype: mimetypeOf(headers['content-type']),
    size: contentLength,
    supportsRange: (headers['accept-ranges'] ?? '').toLowerCase().includes('bytes'),
    etag: headers.etag ?? null,
    lastModified: headers['last-modified'] ?? null,
  };
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC 8187,
 * percent-encoded UTF-8) wins over `filename`; a plain `filename` sent as raw UTF-8 bytes
 * (common, though not allowed) is repaired from Node's latin1 reading.
 */
export function filenameFromContentDisposition(header: string | undefined): string | null {
  if (!header) {
    return null;
  }
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended.replace(/^"(.*)"$/, '$1'));
    if (match?.[2]) {
      const decoded = decodePercent(match[2], match[1] ?? 'utf-8');
      if (decoded) {
        return decoded;
      }
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1];
  const plain = quoted ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  if (!plain) {
    return null;
  }
  return latin1AsUtf8(plain.replace(/\\(.)/g, '$1'));
}

/** The last segment of the URL's path, percent-decoded ("/a/%E4%BD%A0.txt" → "你.txt"). */
export function filenameFromPath(url: URL): string {
  const segment = url.pathname.split('/').filter(Boolean).pop() ?? '';
  return decodePercent(segment, 'utf-8') ?? segment;
}

/** The media type without parameters, lower case; octet-stream when absent or malformed. */
export function mimetypeOf(header: string | undefined): string {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : FALLBACK_MIMETYPE;
}

function decodePercent(value: string, charset: string): string | null {
  try {
    if (charset.toLowerCase() === 'iso-8859-1') {
      return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    }
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Header values arrive as latin1; raw UTF-8 bytes in them are decoded back to UTF-8. */
function latin1AsUtf8(value: string): string {
  const codes = Array.from(value, (char) => char.codePointAt(0) ?? 0);
  if (!codes.some((code) => code >= 0x80) || codes.some((code) => code > 0xff)) {
    return value;
  }
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? value : decoded;
}
