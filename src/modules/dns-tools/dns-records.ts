/**
 * One DNS question of any type Node's resolver (c-ares) can ask, with its answers written as
 * zone-file text. Only A and AAAA answers carry their TTL through Node's API; the others report
 * 0 (the DNSLookupResult schema says so) rather than a guessed figure.
 */
import { isIP } from 'node:net';
import type { Resolver } from 'node:dns/promises';
import { badRequest } from '../../core/errors.js';
import { isNoSuchRecord } from '../../core/dns.js';
import type { DnsLookupResult } from '../domain-monitor/auth-stack.js';

/** The types this server can ask; the client lists more (SVCB, TLSA, ...) that c-ares in Node 20 cannot. */
export const ANSWERABLE_TYPES = ['A', 'AAAA', 'CAA', 'CNAME', 'MX', 'NAPTR', 'NS', 'PTR', 'SOA', 'SRV', 'TXT', 'ANY'] as const;
export type AnswerableType = (typeof ANSWERABLE_TYPES)[number];

/** A lookup the resolver could not answer (timeout, SERVFAIL, refused): not the same as "no such record". */
export class LookupFailed extends Error {
  constructor(readonly host: string, readonly type: string, readonly code: string) {
    super(`${type} lookup of ${host} failed: ${code}`);
  }
}

const HOSTNAME_RE = /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/** A DNS name as asked: lower case, no trailing dot; a 400 naming the field when it is not one. */
export function dnsName(value: string, field: string): string {
  const name = value.trim().toLowerCase().replace(/\.$/, '');
  if (!HOSTNAME_RE.test(name)) throw badRequest(`${field} must be a DNS name such as example.com (got ${JSON.stringify(value.slice(0, 80))})`);
  return name;
}

/** A record type this server can ask, or a 400 naming the ones it can. */
export function answerableType(value: string, field: string): AnswerableType {
  const type = value.trim().toUpperCase();
  if ((ANSWERABLE_TYPES as readonly string[]).includes(type)) return type as AnswerableType;
  throw badRequest(`${field} ${JSON.stringify(value.slice(0, 20))} cannot be looked up by this server; it answers ${ANSWERABLE_TYPES.join(', ')}`);
}

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? String((error as Error)?.message ?? error);

/** Entries of one answer as zone-file text. */
function entriesOf(type: AnswerableType, answer: unknown[], dot: (name: string) => string): string[] {
  switch (type) {
    case 'A': case 'AAAA': return (answer as Array<{ address: string }>).map((a) => a.address);
    case 'TXT': return (answer as string[][]).map((chunks) => chunks.join(''));
    case 'MX': return (answer as Array<{ priority: number; exchange: string }>).sort((a, b) => a.priority - b.priority).map((a) => `${a.priority} ${dot(a.exchange)}`);
    case 'CNAME': case 'NS': case 'PTR': return (answer as string[]).map(dot);
    case 'SRV': return (answer as Array<{ priority: number; weight: number; port: number; name: string }>).map((a) => `${a.priority} ${a.weight} ${a.port} ${dot(a.name)}`);
    case 'CAA': return (answer as Array<Record<string, string | number>>).map((a) => {
      const tag = Object.keys(a).find((k) => k !== 'critical') ?? '';
      return `${a.critical ?? 0} ${tag} "${a[tag]}"`;
    });
    case 'NAPTR': return (answer as Array<{ order: number; preference: number; flags: string; service: string; regexp: string; replacement: string }>)
      .map((a) => `${a.order} ${a.preference} "${a.flags}" "${a.service}" "${a.regexp}" ${dot(a.replacement || '.')}`);
    default: return [];
  }
}

function soaEntry(soa: { nsname: string; hostmaster: string; serial: number; refresh: number; retry: number; expire: number; minttl: number }, dot: (n: string) => string): string {
  return `${dot(soa.nsname)} ${dot(soa.hostmaster)} ${soa.serial} ${soa.refresh} ${soa.retry} ${soa.expire} ${soa.minttl}`;
}

/**
 * The answers of one question, or [] when the name or record does not exist. A fault of the
 * resolver throws LookupFailed. ANY yields one result per type in the answer (many servers
 * answer ANY minimally, RFC 8482).
 */
export async function lookupRecords(resolver: Resolver, hostname: string, type: AnswerableType, omitFinalDot: boolean): Promise<DnsLookupResult[]> {
  const dot = (name: string) => (omitFinalDot || name.endsWith('.') ? name : `${name}.`);
  const name = omitFinalDot ? hostname : `${hostname}.`;
  try {
    if (type === 'A' || type === 'AAAA') {
      const answer = type === 'A' ? await resolver.resolve4(hostname, { ttl: true }) : await resolver.resolve6(hostname, { ttl: true });
      if (answer.length === 0) return [];
      return [{ recordType: type, ttl: Math.min(...answer.map((a) => a.ttl)), recordEntries: answer.map((a) => a.address), name }];
    }
    if (type === 'PTR' && isIP(hostname)) {
      // resolvePtr of the arpa name, not reverse(): c-ares answers reverse() from /etc/hosts first
      const names = await resolver.resolvePtr(reverseName(hostname));
      return names.length === 0 ? [] : [{ recordType: 'PTR', ttl: 0, recordEntries: names.map(dot), name }];
    }
    if (type === 'SOA') return [{ recordType: 'SOA', ttl: 0, recordEntries: [soaEntry(await resolver.resolveSoa(hostname), dot)], name }];
    if (type === 'ANY') {
      const byType = new Map<string, string[]>();
      for (const record of await resolver.resolveAny(hostname) as unknown as Array<Record<string, unknown> & { type: string }>) {
        const { type: recordType, ...rest } = record;
        const entry = recordType === 'SOA' ? soaEntry(rest as never, dot)
          : recordType === 'TXT' ? (rest.entries as string[]).join('')
          : (ANSWERABLE_TYPES as readonly string[]).includes(recordType) ? entriesOf(recordType as AnswerableType, [recordType === 'CNAME' || recordType === 'NS' || recordType === 'PTR' ? rest.value : rest], dot)[0]
          : undefined;
        if (entry !== undefined) byType.set(recordType, [...(byType.get(recordType) ?? []), entry]);
      }
      return [...byType].map(([recordType, recordEntries]) => ({ recordType, ttl: 0, recordEntries, name }));
    }
    const answer = await resolver.resolve(hostname, type) as unknown[];
    const entries = entriesOf(type, answer, dot);
    return entries.length === 0 ? [] : [{ recordType: type, ttl: 0, recordEntries: entries, name }];
  } catch (error) {
    if (isNoSuchRecord(error)) return [];
    throw new LookupFailed(hostname, type, codeOf(error));
  }
}

/** A and AAAA addresses of a host (an IP literal is its own address); LookupFailed when both lookups fail. */
export async function addressesOf(resolver: Resolver, host: string): Promise<{ v4: string[]; v6: string[] }> {
  if (isIP(host) === 4) return { v4: [host], v6: [] };
  if (isIP(host) === 6) return { v4: [], v6: [host] };
  const [v4, v6] = await Promise.allSettled([lookupRecords(resolver, host, 'A', true), lookupRecords(resolver, host, 'AAAA', true)]);
  if (v4.status === 'rejected' && v6.status === 'rejected') throw v4.reason;
  const entries = (r: PromiseSettledResult<DnsLookupResult[]>) => (r.status === 'fulfilled' ? r.value.flatMap((x) => x.recordEntries) : []);
  return { v4: entries(v4), v6: entries(v6) };
}

/** The 32 hex digits of an IPv6 address. */
export function expandIpv6(ip: string): string {
  let text = ip.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const octets = v4[1]!.split('.').map(Number);
    text = text.slice(0, -v4[1]!.length) + `${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') as [string, string] : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.padStart(4, '0')).join('');
}

/** The in-addr.arpa / ip6.arpa name of an address (RFC 1035 §3.5, RFC 3596 §2.5). */
export function reverseName(ip: string): string {
  return isIP(ip) === 4 ? `${ip.split('.').reverse().join('.')}.in-addr.arpa` : `${expandIpv6(ip).split('').reverse().join('.')}.ip6.arpa`;
}
