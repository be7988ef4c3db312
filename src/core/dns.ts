import { Resolver } from 'node:dns/promises';

/** The record types the domain checks look up (a subset of what c-ares answers). */
export type DnsRecordType = 'A' | 'AAAA' | 'MX' | 'TXT' | 'CNAME' | 'PTR' | 'NS';

/**
 * A resolver asking PIGEONHOLE_DNS_SERVERS (or the system's resolvers when none are set).
 * Every DNS question the server asks for a user's domain (verification, monitors, the
 * SPF/DKIM/DMARC checks of received mail) goes through one of these, so tests can point
 * them at a loopback DNS server and operators at their own.
 */
export function createResolver(servers: readonly string[], options: { timeoutMs?: number; tries?: number } = {}): Resolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

/** True when a lookup failed because the name or record does not exist (not a fault of the resolver). */
export function isNoSuchRecord(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA' || code === 'ENONAME';
}
