import net from 'node:net';
import type { Resolver } from 'node:dns/promises';
import { isNoSuchRecord } from '../../core/dns.js';
import { nonPublicRange, type AllowList } from '../../jobs/outbound-targets.js';

/**
 * Where mail for a domain goes (RFC 5321 §5.1): its MX hosts by preference; with no MX record
 * the domain itself when it has an address (the implicit MX); a null MX (RFC 7505) or a name
 * that does not exist accepts no mail. A lookup that fails (time-out, SERVFAIL) is thrown:
 * it says nothing about the domain.
 */
export type MailRoute =
  | { kind: 'mx'; hosts: string[] }
  | { kind: 'implicit'; hosts: [string] }
  | { kind: 'null-mx' }
  | { kind: 'no-domain' }
  | { kind: 'no-mail-host' };

export class DnsLookupFailed extends Error {}

export async function mailRouteOf(resolver: Resolver, domain: string): Promise<MailRoute> {
  let answers: Array<{ exchange: string; priority: number }>;
  try {
    answers = await resolver.resolveMx(domain);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND') return { kind: 'no-domain' };
    if (!isNoSuchRecord(error)) throw new DnsLookupFailed(`MX lookup of ${domain} failed: ${code ?? (error as Error).message}`);
    answers = [];
  }
  if (answers.length > 0) {
    const hosts = [...answers].sort((a, b) => a.priority - b.priority).map((a) => a.exchange.replace(/\.$/, ''));
    if (hosts.every((h) => h === '')) return { kind: 'null-mx' };
    return { kind: 'mx', hosts: hosts.filter((h) => h !== '') };
  }
  return (await addressesOf(resolver, domain)).length > 0 ? { kind: 'implicit', hosts: [domain] } : { kind: 'no-mail-host' };
}

/** A host's IPv4 then IPv6 addresses through the resolver; an IP literal is itself. */
export async function addressesOf(resolver: Resolver, host: string): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(bare)) return [bare];
  const found: string[] = [];
  for (const lookup of [() => resolver.resolve4(host), () => resolver.resolve6(host)]) {
    try {
      found.push(...(await lookup()));
    } catch (error) {
      if (!isNoSuchRecord(error)) throw new DnsLookupFailed(`address lookup of ${host} failed: ${(error as { code?: string }).code ?? (error as Error).message}`);
    }
  }
  return found;
}

/** The webhook target policy (jobs/outbound-targets.ts), applied to the address an SMTP check connects to. */
export interface OutboundPolicy {
  blockPrivate: boolean | (() => Promise<boolean>);
  allow?: AllowList;
}

/** Why a connection to address:port (reached through host) is refused, or null when it may go ahead. */
export async function refusalOf(policy: OutboundPolicy, host: string, address: string, port: number): Promise<string | null> {
  const block = typeof policy.blockPrivate === 'function' ? await policy.blockPrivate() : policy.blockPrivate;
  if (!block) return null;
  const range = nonPublicRange(address);
  if (!range) return null;
  if (policy.allow?.allowsAddress(address, port) || policy.allow?.allowsName(host, port)) return null;
  return `${host} resolves to ${address}, a non-public address (${range}), and non-public targets are refused (PIGEONHOLE_WEBHOOK_ALLOW opens them)`;
}
