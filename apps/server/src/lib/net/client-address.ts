import { isIP } from 'node:net';

/**
 * The caller's address for rate limits and logs (DESIGN §5). Without TRUST_PROXY it is the
 * socket's peer. Behind TRUST_PROXY it is read from X-Forwarded-For, where every proxy
 * *appends* the address it received the request from: the right-most `hops` entries were
 * written by our own proxies, everything to their left by the client — who can write
 * anything there. So the client is the entry `hops` places from the right, never the
 * left-most one.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: { trustProxy: boolean; hops: number },
): string {
  const peer = socketAddress ?? 'unknown';
  if (!trust.trustProxy || !forwardedFor) {
    return peer;
  }
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than proxies: the header is short, so nothing in it was the client's own.
  const candidate = entries[Math.max(0, entries.length - trust.hops)];
  return candidate && isIP(candidate) ? candidate : peer;
}
