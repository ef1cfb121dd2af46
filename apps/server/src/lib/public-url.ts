import type { Config } from '../config';

/**
 * Where clients reach this server, for the absolute links it hands out (visit links): a
 * front end on another origin, or a script, cannot use a bare `/api/…` path.
 */

type OriginConfig = Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>;

/** A host as the Host header carries it: a DNS name, IPv4 or [IPv6], and a port. */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/**
 * The value the nearest proxy set: proxies append to a comma-separated list, so the
 * right-most entry is the trusted one and anything left of it the client may have written.
 */
function nearestEntry(value: string | null): string | undefined {
  const entry = value?.split(',').pop()?.trim();
  return entry ? entry : undefined;
}

function forwardedProto(request: Request): 'http' | 'https' | undefined {
  const proto = nearestEntry(request.headers.get('x-forwarded-proto'))?.toLowerCase();
  return proto === 'http' || proto === 'https' ? proto : undefined;
}

/** A forwarded host, only when it is a plain host[:port]: no path, user info or scheme. */
function forwardedHost(request: Request): string | undefined {
  const host = nearestEntry(request.headers.get('x-forwarded-host'));
  if (!host || host.length > 260 || !HOST_PATTERN.test(host)) {
    return undefined;
  }
  const port = /:(\d+)$/.exec(host)?.[1];
  return port === undefined || Number(port) <= 65535 ? host.toLowerCase() : undefined;
}

/**
 * `url` made absolute under `base` when it is a bare path: the local driver signs URLs to
 * this server without knowing which origin the caller used (it is built once per config).
 */
export function absoluteUrl(base: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;
}

/**
 * The base of absolute links, without a trailing slash: PUBLIC_URL when it is set (its
 * path kept, for a server mounted below a prefix); otherwise the origin the request was
 * sent to, where X-Forwarded-Proto and X-Forwarded-Host count only behind TRUST_PROXY
 * (else any client could point the links it is given, and those it shares, elsewhere).
 */
export function publicBaseUrl(config: OriginConfig, request: Request): string {
  if (config.PUBLIC_URL) {
    return config.PUBLIC_URL.replace(/\/+$/, '');
  }
  const url = new URL(request.url);
  if (!config.TRUST_PROXY) {
    return url.origin;
  }
  const proto = forwardedProto(request) ?? url.protocol.slice(0, -1);
  const host = forwardedHost(request) ?? url.host;
  return new URL(`${proto}://${host}`).origin;
}
