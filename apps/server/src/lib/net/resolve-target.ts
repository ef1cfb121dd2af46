import dns from 'node:dns';
import net from 'node:net';
import { AppError } from '../errors';
import { isForbiddenHostname, isPublicAddress } from './address-policy';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses; injectable so tests can fake DNS. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo, as the OS would connect), every address. */
export const systemResolver: HostResolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({
    address: answer.address,
    family: answer.family === 6 ? 6 : 4,
  }));
};

/** The host of a URL as a resolver or net.isIP wants it: no IPv6 brackets, no trailing dot. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
}

/**
 * Checks that `url` may be fetched and returns the one address to connect to. Every
 * address the name resolves to must be public (unless private ones are allowed): a name
 * answering one public and one private address could otherwise be steered to the private
 * one. The caller connects to the returned address itself, so a second DNS answer
 * (rebinding) cannot swap it.
 */
export async function resolveAllowedTarget(
  url: URL,
  options: { allowPrivate: boolean; resolver: HostResolver },
): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('URL_NOT_ALLOWED', 'Only http and https URLs can be fetched');
  }
  const hostname = bareHostname(url);
  if (hostname === '') {
    throw new AppError('URL_NOT_ALLOWED', 'The URL has no host');
  }
  const literal = net.isIP(hostname);
  if (literal !== 0) {
    assertAllowed(hostname, options.allowPrivate);
    return { address: hostname, family: literal === 6 ? 6 : 4 };
  }
  if (!options.allowPrivate && isForbiddenHostname(hostname)) {
    throw new AppError('URL_NOT_ALLOWED', 'This host name points to a local or internal service');
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolver(hostname);
  } catch {
    throw new AppError('URL_FETCH_FAILED', 'The host name could not be resolved');
  }
  const first = addresses[0];
  if (!first) {
    throw new AppError('URL_FETCH_FAILED', 'The host name could not be resolved');
  }
  for (const { address } of addresses) {
    assertAllowed(address, options.allowPrivate);
  }
  return first;
}

function assertAllowed(address: string, allowPrivate: boolean): void {
  if (!allowPrivate && !isPublicAddress(address)) {
    throw new AppError(
      'URL_NOT_ALLOWED',
      'This URL points to a private, loopback, link-local or reserved address',
    );
  }
}
