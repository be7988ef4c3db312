/**
 * DNS blocklist lookups (RFC 5782): an IPv4 address is asked as its reversed octets under each
 * zone (1.2.3.4 → 4.3.2.1.<zone>), an IPv6 address as its reversed nibbles, a domain as itself
 * under the domain-list zones. A listing is an A answer in 127.0.0.0/8, its reason the TXT
 * record of the same name. 127.255.255.0/24 is not a listing: Spamhaus answers with it when it
 * refuses the query (public resolvers, over the free limit), so it is reported as that zone's error.
 */
import { isIP } from 'node:net';
import type { Resolver } from 'node:dns/promises';
import { expandIpv6, lookupRecords, LookupFailed } from './dns-records.js';

export interface ZoneListing { zone: string; listed: boolean; responseCodes: string[]; responseMessages: string[] }
export interface CheckedTarget { ipAddress: string; source: string; listings: ZoneListing[] }
export interface ZoneOutcome { listing: ZoneListing; error: string | null }

/** The name asked of a zone for an address; null for what is not an IP address. */
export function dnsblQueryName(ip: string, zone: string): string | null {
  if (isIP(ip) === 4) return `${ip.split('.').reverse().join('.')}.${zone}`;
  if (isIP(ip) === 6) return `${expandIpv6(ip).split('').reverse().join('.')}.${zone}`;
  return null;
}

const isListingCode = (address: string) => address.startsWith('127.') && !address.startsWith('127.255.255.');

/** One name under one zone: listed or not, or why the zone could not say. */
export async function askZone(resolver: Resolver, query: string, zone: string): Promise<ZoneOutcome> {
  const listing: ZoneListing = { zone, listed: false, responseCodes: [], responseMessages: [] };
  try {
    const codes = (await lookupRecords(resolver, query, 'A', true)).flatMap((r) => r.recordEntries);
    listing.responseCodes = codes;
    const refused = codes.filter((c) => c.startsWith('127.255.255.'));
    listing.listed = codes.some(isListingCode);
    if (codes.length > 0) {
      // the reason is best effort: a listing without a TXT record is still a listing
      listing.responseMessages = await lookupRecords(resolver, query, 'TXT', true).then((r) => r.flatMap((x) => x.recordEntries), () => []);
    }
    const unexpected = codes.filter((c) => !c.startsWith('127.'));
    if (refused.length > 0 && !listing.listed) return { listing, error: `${zone} refused the query (${refused.join(', ')}): it does not answer through this resolver` };
    if (unexpected.length > 0 && !listing.listed) return { listing, error: `${zone} answered ${unexpected.join(', ')}, outside 127.0.0.0/8: not a blocklist answer` };
    return { listing, error: null };
  } catch (error) {
    return { listing, error: error instanceof LookupFailed ? `${zone}: ${error.message}` : `${zone}: ${String(error)}` };
  }
}

/** Every target under every zone of its kind, all at once (each question bounded by the resolver's timeout). */
export async function checkTargets(
  resolver: Resolver,
  targets: ReadonlyArray<{ ipAddress: string; source: string; kind: 'ip' | 'domain' }>,
  zones: { ip: readonly string[]; domain: readonly string[] },
): Promise<{ checked: CheckedTarget[]; errors: string[]; answered: number }> {
  const errors: string[] = [];
  let answered = 0;
  const checked = await Promise.all(targets.map(async (target) => {
    const zoneList = target.kind === 'ip' ? zones.ip : zones.domain;
    const outcomes = await Promise.all(zoneList.map((zone) => {
      const query = target.kind === 'ip' ? dnsblQueryName(target.ipAddress, zone)! : `${target.ipAddress}.${zone}`;
      return askZone(resolver, query, zone);
    }));
    for (const o of outcomes) {
      if (o.error) errors.push(`${target.ipAddress}: ${o.error}`);
      else answered++;
    }
    return { ipAddress: target.ipAddress, source: target.source, listings: outcomes.map((o) => o.listing) };
  }));
  return { checked, errors, answered };
}
