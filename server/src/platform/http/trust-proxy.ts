import net from 'node:net';

/**
 * The networks a proxy in front of the server sits on: loopback, the private ranges (RFC 1918),
 * IPv6 unique-local and link-local, and their IPv4-mapped forms.
 */
const PRIVATE = (() => {
  const list = new net.BlockList();
  for (const [prefix, bits] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['169.254.0.0', 16],
  ] as const)
    list.addSubnet(prefix, bits, 'ipv4');
  for (const [prefix, bits] of [
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(prefix, bits, 'ipv6');
  return list;
})();

/** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) is on a private or loopback network. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = net.isIP(ip);
  if (family === 0) return false;
  return PRIVATE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A list of addresses and subnets is trusted as it is. A hop
 * count trusts that many proxies, but only at private or loopback addresses: a client that reaches
 * the port directly from outside cannot write its own X-Forwarded-For, so every per-address limit
 * still counts it by its own address.
 */
export function trustProxyOption(
  setting: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (address, hop) => hop < setting && isPrivateAddress(address);
}

/**
 * What a TRUST_PROXY setting believes beyond the proxies' own addresses, said in the log at start: a
 * hop count believes any private or loopback peer (a pupil's phone on the school's network that
 * reaches the port directly), and a subnet believes every client in it.
 */
export function trustProxyWarnings(setting: boolean | number | string[]): string[] {
  if (setting === true) return ['TRUST_PROXY believes every peer: any client can name its own address'];
  if (typeof setting === 'number') {
    return [
      `TRUST_PROXY=${setting} believes X-Forwarded-For from any private or loopback address, so a client on the same network that reaches the port directly can name its own address; list the proxies' own addresses instead`,
    ];
  }
  if (!Array.isArray(setting)) return [];
  const wide = setting.filter((entry) => {
    const bits = /\/(\d+)$/.exec(entry)?.[1];
    return bits !== undefined && Number(bits) < (entry.includes(':') ? 128 : 32);
  });
  return wide.length
    ? [
        `TRUST_PROXY trusts every client in ${wide.join(', ')} as a proxy: any of them can name its own address; list the proxies' own addresses instead`,
      ]
    : [];
}
