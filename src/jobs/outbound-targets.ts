import { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which server-side requests (webhook deliveries and test sends: the only requests this server
 * makes to URLs a user chose) may reach which addresses. A server reachable by others refuses
 * every address that is not global unicast: loopback, unspecified, private (RFC 1918, unique
 * local), link-local, CGNAT, multicast, broadcast, reserved and documentation ranges, and every
 * IPv6 form that embeds an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo),
 * whatever the spelling. The check runs on the address actually connected to.
 */

/** One address a name resolved to. */
export interface ResolvedAddress { address: string; family: 4 | 6 }
/** Resolves a host name to its addresses (all of them); tests inject their own. */
export type DnsLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: DnsLookup = (hostname) => new Promise((resolve, reject) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
    if (err) reject(err);
    else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
  });
});

/** IPv4-compatible IPv6 (::a.b.c.d, deprecated): ipaddr.js calls these unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * An IP literal in any spelling (127.1, 2130706433, 0177.0.0.1, 0x7f.1, [::1], the long IPv6
 * form, [::ffff:127.0.0.1], ...) as its canonical address and its family; null for a name.
 */
export function parseAddress(host: string): { address: string; family: 4 | 6; ip: ipaddr.IPv4 | ipaddr.IPv6 } | null {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (bare === '') return null;
  if (isIP(bare) === 6 || (bare.includes(':') && ipaddr.IPv6.isValid(bare))) {
    // ipaddr.js reads '::a.b.c.d' as IPv4-mapped; the URL parser (what requests use) reads it as
    // IPv4-compatible (::7f00:1), so the dotted tail is rewritten by the URL parser first.
    const [address, zone] = bare.split('%') as [string, string | undefined];
    let canonical = address;
    try {
      canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
    } catch {
      return null;
    }
    const ip = ipaddr.IPv6.parse(zone ? `${canonical}%${zone}` : canonical);
    return { address: ip.toString(), family: 6, ip };
  }
  // ipaddr.js reads the forms inet_aton (and the WHATWG URL parser) accept: octal, hex, 1-4 parts.
  if (ipaddr.IPv4.isValid(bare)) {
    const ip = ipaddr.IPv4.parse(bare);
    return { address: ip.toString(), family: 4, ip };
  }
  return null;
}

/**
 * Why an address is not a public target ('loopback', 'private', 'ipv4Mapped', 'rfc6052' (NAT64), ...),
 * or null for a global unicast address. IPv6 forms embedding an IPv4 address are refused whatever
 * they embed: a public service is reached by its own address.
 */
export function nonPublicRange(address: string): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return null;
  const { ip } = parsed;
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).match(IPV4_COMPATIBLE)) {
    const range = ip.range();
    return range === 'unicast' ? 'ipv4Compatible' : range;
  }
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

/** Kept for callers of the old name: whether an IP literal (any spelling) is not a public target. */
export function isPrivateAddress(address: string): boolean {
  return nonPublicRange(address) !== null;
}

/** Host names that always mean this machine (RFC 6761), refused by name before any lookup. */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** One entry of PIGEONHOLE_WEBHOOK_ALLOW. */
type AllowEntry =
  | { kind: 'name'; name: string; port: number | null }
  | { kind: 'range'; range: [ipaddr.IPv4 | ipaddr.IPv6, number]; port: number | null };

/**
 * Targets opened despite the block: host names (matched against the URL's host, any address
 * it resolves to is then allowed), IP addresses and CIDR ranges (matched against the address
 * connected to), each optionally with a :port.
 */
export class AllowList {
  private constructor(private readonly entries: AllowEntry[], readonly source: readonly string[]) {}

  static readonly EMPTY = new AllowList([], []);

  /** Parses the setting's list; throws with the entries it cannot read. */
  static parse(items: readonly string[]): AllowList {
    const entries: AllowEntry[] = [];
    const wrong: string[] = [];
    for (const raw of items) {
      const item = raw.trim();
      if (!item) continue;
      const entry = parseEntry(item);
      if (entry) entries.push(entry);
      else wrong.push(item);
    }
    if (wrong.length) throw new Error(`cannot read ${wrong.map((w) => JSON.stringify(w)).join(', ')}: use host, host:port, IP, [IPv6]:port or CIDR like 10.0.0.0/8`);
    return new AllowList(entries, items.map((i) => i.trim()).filter(Boolean));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Whether the URL's host name (not an IP literal) is listed for this port. */
  allowsName(host: string, port: number): boolean {
    const name = host.toLowerCase().replace(/\.$/, '');
    return this.entries.some((e) => e.kind === 'name' && e.name === name && (e.port === null || e.port === port));
  }

  /** Whether an address (any spelling) is within a listed address or range, for this port. */
  allowsAddress(address: string, port: number): boolean {
    const parsed = parseAddress(address);
    if (!parsed) return false;
    return this.entries.some((e) => {
      if (e.kind !== 'range' || (e.port !== null && e.port !== port)) return false;
      const [net] = e.range;
      // IPv4-mapped forms of a listed IPv4 range count as within it, and the other way round.
      let ip: ipaddr.IPv4 | ipaddr.IPv6 = parsed.ip;
      if (ip.kind() !== net.kind()) {
        if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
        else if (ip.kind() === 'ipv4') ip = (ip as ipaddr.IPv4).toIPv4MappedAddress();
        else return false;
      }
      return ip.kind() === net.kind() && (ip as ipaddr.IPv4).match(e.range as [ipaddr.IPv4, number]);
    });
  }
}

function parseEntry(item: string): AllowEntry | null {
  if (item.includes('/')) {
    try {
      const [net, bits] = ipaddr.parseCIDR(item.replace(/^\[(.*)\](\/\d+)$/, '$1$2'));
      return { kind: 'range', range: [net, bits], port: null };
    } catch {
      return null;
    }
  }
  const match = /^(\[[^\]]+\]|[^:[\]]+|[0-9a-fA-F:.]+)(?::(\d{1,5}))?$/.exec(item);
  // A bare IPv6 address (several colons, no brackets) has no port.
  const bareV6 = !item.startsWith('[') && (item.match(/:/g)?.length ?? 0) > 1;
  const host = bareV6 ? item : match?.[1];
  const port = bareV6 ? null : match?.[2] !== undefined ? Number(match[2]) : null;
  if (!host || (port !== null && (port < 1 || port > 65535))) return null;
  const parsed = parseAddress(host);
  if (parsed) return { kind: 'range', range: [parsed.ip, parsed.family === 4 ? 32 : 128], port };
  if (!/^[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?\.?$/i.test(host)) return null;
  return { kind: 'name', name: host.toLowerCase().replace(/\.$/, ''), port };
}

/** What the outbound rule decides from: the explicit setting, the bind address and the users. */
export interface OutboundRuleInput {
  /** PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: true or false overrides; undefined = automatic */
  override: boolean | undefined;
  /** PIGEONHOLE_HOST */
  bindHost: string;
  /** whether there is more than one user (the bootstrap admin); asked per request while single */
  hasOtherUsers: () => Promise<boolean>;
}

/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackBind(host: string): boolean {
  if (isLocalhostName(host)) return true;
  const parsed = parseAddress(host);
  if (!parsed) return false;
  const ip = parsed.ip.kind() === 'ipv6' && (parsed.ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed.ip as ipaddr.IPv6).toIPv4Address() : parsed.ip;
  return ip.range() === 'loopback';
}

/**
 * The rule as a function asked before each request, and a sentence saying which applies (logged
 * at start). Automatic: open on a loopback-bound server with only its admin user, blocked once
 * it is bound elsewhere or has a second user (users are never deleted, so that is for good).
 */
export function outboundRule(input: OutboundRuleInput): { blockPrivate: () => Promise<boolean>; describe: () => Promise<string> } {
  if (input.override !== undefined) {
    const fixed = input.override;
    return {
      blockPrivate: async () => fixed,
      describe: async () => fixed
        ? 'non-public ones refused (PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE=true)'
        : 'loopback and private ones allowed (PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE=false)',
    };
  }
  if (!isLoopbackBind(input.bindHost)) {
    return {
      blockPrivate: async () => true,
      describe: async () => `non-public ones refused: bound to ${input.bindHost}, not loopback (automatic rule; PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE overrides)`,
    };
  }
  let shared = false;
  const blockPrivate = async () => {
    if (shared) return true;
    try {
      shared = await input.hasOtherUsers();
    } catch {
      return true; // the users cannot be counted right now: refuse rather than guess open
    }
    return shared;
  };
  return {
    blockPrivate,
    describe: async () => (await blockPrivate())
      ? 'non-public ones refused: more users than the admin (automatic rule; PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE overrides)'
      : 'loopback and private ones allowed: loopback-bound, admin user only; refused once a second user exists (automatic rule; PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE overrides)',
  };
}
