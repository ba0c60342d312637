import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (CONTRACT §8, decision 030): https only, and never to an address of our
 * own network — loopback, private, link-local (the cloud metadata service at 169.254.169.254),
 * carrier-grade NAT, multicast, unspecified, documentation and benchmarking ranges, IPv6
 * unique-local and link-local, and IPv4 addresses written inside IPv6 — checked on every address
 * the name resolves to, at every delivery (a name may move). The request then connects to the
 * address that was checked (`pinnedLookup`), so a second resolution cannot swap it (DNS
 * rebinding). `WEBHOOKS_ALLOW_LOCAL=true` (development and tests) lifts both rules.
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::`, compatible `::a.b.c.d`), if any. */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /(?:^::ffff:|^64:ff9b::|^::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address no webhook may reach outside development. */
export function isLocalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIPv4(address);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export type UrlRefusal = 'url' | 'https_only' | 'local_address' | 'unresolvable';

/** What is wrong with the URL itself (no lookup): a refusal, or undefined. */
export function urlRefusal(url: string, allowLocal: boolean): UrlRefusal | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url';
  }
  if (u.username || u.password || !u.hostname) return 'url';
  if (u.protocol !== 'https:' && !(allowLocal && u.protocol === 'http:')) return allowLocal ? 'url' : 'https_only';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowLocal && (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isLocalAddress(host)))) return 'local_address';
  return undefined;
}

export interface Resolved {
  address: string;
  family: 4 | 6;
}

/** Resolves the URL's host and checks every address; the first one is where the delivery connects. */
export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => lookup(host, { all: true, verbatim: true });

export async function resolveTarget(url: string, allowLocal: boolean, resolve: Lookup = systemLookup): Promise<Resolved | UrlRefusal> {
  const refused = urlRefusal(url, allowLocal);
  if (refused) return refused;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return 'unresolvable';
    }
  }
  if (!addresses.length) return 'unresolvable';
  if (!allowLocal && addresses.some((a) => isLocalAddress(a.address))) return 'local_address';
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for http(s).request that answers the address already checked, whatever the name. */
export function pinnedLookup(target: Resolved) {
  return (_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
