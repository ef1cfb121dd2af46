import net from 'node:net';

/**
 * Which addresses a server-side fetch may connect to (DESIGN §5, URL upload). Only public
 * unicast addresses pass; everything a request could use to reach the server itself, its
 * network or a cloud metadata service is refused. Ranges from the IANA special-purpose
 * registries (RFC 6890 and its updates).
 */

const IPV4_SPECIAL: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. 169.254.169.254 (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. 255.255.255.255
];

/** Inside 2000::/3 (global unicast), the blocks that are not reachable public hosts. */
const IPV6_SPECIAL: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

const ipv4Special = new net.BlockList();
for (const [address, prefix] of IPV4_SPECIAL) {
  ipv4Special.addSubnet(address, prefix, 'ipv4');
}
const ipv6Special = new net.BlockList();
for (const [address, prefix] of IPV6_SPECIAL) {
  ipv6Special.addSubnet(address, prefix, 'ipv6');
}

/** Host names that reach cloud metadata services or this machine without looking private. */
const FORBIDDEN_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** True when `hostname` (lower case, no trailing dot) is refused by name alone. */
export function isForbiddenHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return FORBIDDEN_NAMES.has(name) || name.endsWith('.localhost');
}

/** True when a fetch may connect to this IP address (v4 or v6, no brackets). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) {
    return !ipv4Special.check(address, 'ipv4');
  }
  if (family !== 6) {
    return false;
  }
  const bytes = ipv6Bytes(address);
  if (!bytes) {
    return false;
  }
  const embedded = embeddedIpv4(bytes);
  if (embedded) {
    return isPublicAddress(embedded);
  }
  // Only global unicast (2000::/3) is public: this excludes ::, ::1, fc00::/7 (unique
  // local), fe80::/10 (link-local), fec0::/10, ff00::/8 (multicast), 100::/64 (discard).
  const first = bytes[0] ?? 0;
  if ((first & 0xe0) !== 0x20) {
    return false;
  }
  return !ipv6Special.check(address, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that route to it: IPv4-mapped
 * (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). So ::ffff:127.0.0.1 is
 * judged as 127.0.0.1.
 */
function embeddedIpv4(bytes: number[]): string | null {
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  if (isZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return v4(12);
  }
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    return isZero(4, 12) ? v4(12) : '0.0.0.0'; // 64:ff9b:1::/48 is local-use: refuse
  }
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    return v4(2);
  }
  return null;
}

/** The 16 bytes of an IPv6 address (with or without a dotted IPv4 tail); null if invalid. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) {
    return null;
  }
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const headGroups = groups(head);
  const tailGroups = tail === undefined ? [] : groups(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) {
    return null;
  }
  const all = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) {
      return null;
    }
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}
