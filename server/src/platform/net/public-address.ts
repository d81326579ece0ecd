// Which network addresses the server may reach on a user's say-so (web push endpoints; ASVS 5.0 V1.3 SSRF).
// Only public unicast addresses: never loopback, private, shared (CGNAT), link-local (cloud metadata lives
// at 169.254.169.254), multicast, documentation, benchmarking or reserved ranges, in IPv4 or IPv6, and no
// IPv6 form that embeds an IPv4 address (mapped, NAT64, 6to4, Teredo), so none can smuggle one in.
// `guardedLookup` is the `lookup` of the socket itself: the address checked is the address connected to,
// so a DNS answer that changes between a check and the connection (rebinding) cannot slip through.
import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** IANA special-purpose IPv4 ranges (RFC 6890 and successors) plus multicast and the reserved class E. */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['192.175.48.0', 24], // AS112
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** IPv6 is allowed only inside global unicast 2000::/3, and not in these parts of it. */
const V6_GLOBAL: [string, number] = ['2000::', 3];
const V6_BLOCKED: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32, embeds IPv4) among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds IPv4)
  ['3fff::', 20], // documentation
];

const v4Blocked = new BlockList();
for (const [net, prefix] of V4_BLOCKED) v4Blocked.addSubnet(net, prefix, 'ipv4');
const v6Global = new BlockList();
v6Global.addSubnet(V6_GLOBAL[0], V6_GLOBAL[1], 'ipv6');
const v6Blocked = new BlockList();
for (const [net, prefix] of V6_BLOCKED) v6Blocked.addSubnet(net, prefix, 'ipv6');

/** Whether `address` (an IP literal, IPv6 with or without brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[(.*)\]$/, '$1');
  switch (isIP(ip)) {
    case 4:
      return !v4Blocked.check(ip, 'ipv4');
    case 6:
      // Loopback, unspecified, mapped/compatible IPv4, NAT64, unique-local fc00::/7, link-local fe80::/10,
      // site-local and multicast ff00::/8 all lie outside 2000::/3.
      return v6Global.check(ip, 'ipv6') && !v6Blocked.check(ip, 'ipv6');
    default:
      return false; // not an address at all (a zone id such as fe80::1%eth0 included)
  }
}

/** Every address a host name resolves to (all families). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;
/** The system resolver (what a socket would use): getaddrinfo, every address, in the resolver's order. */
export const systemResolve: Resolve = (host) => dns.lookup(host, { all: true, verbatim: true });
/** Which resolved addresses may be reached; public ones only unless a test allows its local service. */
export type AddressRule = (address: string) => boolean;

/** Thrown when a host is, or resolves to, an address the rule refuses (or to nothing). */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(readonly host: string) {
    super(`refused to reach ${host}: not a public address`);
  }
}

/** The host of a URL without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses of `host` (an IP literal is its own address) when every one of them passes `allows`;
 * else AddressRefusedError. All of them: a name answering one public and one private address is refused,
 * since the connection might take either.
 */
export async function allowedAddresses(
  host: string,
  resolve: Resolve = systemResolve,
  allows: AddressRule = isPublicAddress,
): Promise<LookupAddress[]> {
  const family = isIP(host);
  const found = family ? [{ address: host, family }] : await resolve(host).catch(() => []);
  if (found.length === 0 || !found.every((a) => allows(a.address))) throw new AddressRefusedError(host);
  return found;
}

/**
 * A `lookup` for net/tls sockets (https.Agent, http.request) that resolves through `resolve` and refuses
 * the connection unless every address passes `allows`. Node calls it with `all: true` when it races
 * families (autoSelectFamily), else it wants one address. Node never calls it for an IP literal host:
 * callers check those with `allowedAddresses` first.
 */
export function guardedLookup(resolve: Resolve = systemResolve, allows: AddressRule = isPublicAddress) {
  const lookup = (
    host: string,
    options: { all?: boolean; family?: number | string } | number | undefined,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    const opts = typeof options === 'object' ? options : { family: options };
    const family = Number(String(opts.family ?? 0).replace(/^IPv/, '')) || 0;
    allowedAddresses(host, resolve, allows).then(
      (all) => {
        // Every address was checked; the socket may ask for one family only.
        const found = family ? all.filter((a) => a.family === family) : all;
        const [first] = found;
        if (!first)
          callback(
            Object.assign(new Error(`no IPv${family} address for ${host}`), { code: 'ENOTFOUND' }),
            '',
          );
        else if (opts.all) callback(null, found);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, ''),
    );
  };
  return lookup as unknown as LookupFunction;
}
