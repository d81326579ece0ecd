// The client address as rate limits and known login addresses see it. One IPv6 subscriber gets a whole /64
// and may pick any address in it, so an IPv6 address counts as its /64: otherwise a new address per attempt
// would dodge every per-address limit. An IPv4 address mapped into IPv6 counts as the IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

/** Expands a valid IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (isIPv4(dotted)) {
    // The embedded IPv4 form (::ffff:1.2.3.4) as two hex groups.
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const left = parse(halves[0] ?? '');
  const right = parse(halves[1] ?? '');
  const groups =
    halves.length === 1
      ? left
      : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : undefined;
}

export function clientAddress(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // ::ffff:a.b.c.d is an IPv4 client seen through a dual-stack socket.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
