import { isIPv6 } from 'node:net';

/** The 16-bit groups of an IPv6 address (8 of them), whatever form it is written in. */
function ipv6Groups(address: string): number[] {
  let text = address;
  // An IPv4 tail ("::ffff:192.0.2.1") is the last two groups written in decimal.
  const tailStart = text.lastIndexOf(':') + 1;
  const tail = text.slice(tailStart);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const before = parse(head);
  const after = rest === undefined ? [] : parse(rest);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The block of addresses one guest is counted by: an IPv4 address itself, and for IPv6 its /64
 * network. One subscriber line gets a whole /64 (often more) and may pick any address in it, so
 * counting single IPv6 addresses would give one shopper some 2^64 windows of their own. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 callers) is
 * its IPv4 address. Every spelling of one address or network gives the same text; anything that
 * is no address (a forged header) is kept as it came, a window of its own like any new address.
 */
export function addressBlock(address: string): string {
  const text = address.trim().toLowerCase();
  if (!isIPv6(text)) return text;
  const groups = ipv6Groups(text);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
