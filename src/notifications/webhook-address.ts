import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not be delivered to unless the operator allows it
 * (MUSTER_WEBHOOKS_ALLOW_PRIVATE): loopback, private, link-local, carrier-grade
 * NAT, unspecified, multicast and reserved ranges, IPv4 and IPv6 — so a player
 * cannot make the service call into its own network.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4-mapped IPv6 address is checked as the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return true;
}

/** Why a webhook URL is refused, or null: http(s) only, no credentials, a public address. */
export async function webhookUrlProblem(
  raw: string,
  allowPrivate: boolean,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'the URL is not a valid absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'a webhook URL starts with https:// or http://';
  if (url.username || url.password) return 'a webhook URL carries no user name or password';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `the host "${host}" does not resolve`;
  }
  const bad = addresses.find(isPrivateAddress);
  return bad
    ? `the host "${host}" is a private address (${bad}); this service delivers to public addresses only`
    : null;
}
