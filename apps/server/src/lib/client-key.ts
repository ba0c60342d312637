import { isIPv6 } from 'node:net';

/**
 * The key a per-client limit or hold counts under: an IPv4 address as it is, an IPv6 address as
 * its /64 prefix. One IPv6 subscriber usually gets a whole /64 (often a /56 or /48), so keying on
 * the full address would let one visitor rotate through 2^64 keys. IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) counts as its IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  const zoneless = ip.split('%')[0]!;
  const [head, tail] = zoneless.includes('::') ? zoneless.split('::') : [zoneless, undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:… is handled above; others like 64:ff9b::1.2.3.4) takes two groups.
  const last = tailParts.length ? tailParts : headParts;
  if (last.length && last[last.length - 1]!.includes('.')) {
    const v4 = last.pop()!.split('.').map(Number);
    last.push(((v4[0]! << 8) | v4[1]!).toString(16), ((v4[2]! << 8) | v4[3]!).toString(16));
  }
  const missing = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  return groups.map((g) => parseInt(g || '0', 16).toString(16));
}
