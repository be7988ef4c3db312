/**
 * The DNS records of the generate*Record tools: SPF (RFC 7208), DMARC (RFC 7489), MTA-STS
 * (RFC 8461), SMTP TLS reporting (RFC 8460) and BIMI. Pure functions: the input is checked field by
 * field (a 400 naming the field), the record is built from it, and nothing is looked up or stored.
 */
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../core/errors.js';
import { isDomainName, parseAddress } from '../inbox/address.js';

/** What every generator answers: where to publish the TXT record and its text. */
export interface GeneratedRecord {
  name: string;
  type: 'TXT';
  ttl: number;
  value: string;
}

/** The TTL of records whose options carry none: an hour, a common default that still lets a fix spread the same day. */
export const DEFAULT_TTL_SECONDS = 3600;
/** RFC 2181 §8: a TTL is an unsigned 31-bit number. */
const MAX_TTL_SECONDS = 2_147_483_647;
/** RFC 7208 §4.6.4: evaluating a record may take at most 10 DNS-querying terms. */
export const SPF_LOOKUP_LIMIT = 10;
/** RFC 1035 §3.3: one character-string of a TXT record holds at most 255 bytes. */
const TXT_STRING_BYTES = 255;
/** RFC 8461 §3.2: max_age is at most 31557600 seconds (about a year). */
const MTA_STS_MAX_AGE = 31_557_600;

const field = (name: string, message: string) => badRequest(`${name}: ${message}`);

/** A DNS name as TXT records may sit at: host-name labels, and labels starting with _ (_spf, _dmarc) as RFC 8552 uses them. */
const DNS_NAME_RE = /^(?=.{1,253}$)(_?[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function domainOf(value: string | undefined | null, name: string): string {
  const domain = (value ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (!domain) throw field(name, 'a domain name is required');
  if (!DNS_NAME_RE.test(domain)) throw field(name, `'${value}' is not a domain name`);
  return domain;
}

function ttlOf(value: number | undefined | null, name = 'ttl'): number {
  if (value === undefined || value === null) return DEFAULT_TTL_SECONDS;
  if (!Number.isInteger(value) || value < 0 || value > MAX_TTL_SECONDS) {
    throw field(name, `must be a whole number of seconds from 0 to ${MAX_TTL_SECONDS}`);
  }
  return value;
}

/** An address given bare or as a mailto: URI, as a mailto: URI (the form DMARC and TLS-RPT records take). */
function mailtoOf(value: string, name: string): string {
  const address = value.trim().replace(/^mailto:/i, '');
  if (/[\s,;!]/.test(address)) throw field(name, `'${value}' is not an email address`);
  try {
    return `mailto:${parseAddress(address).address}`;
  } catch {
    throw field(name, `'${value}' is not an email address`);
  }
}

/** An https URL that can sit inside a tag=value record (no separators, no spaces). */
function httpsUrlOf(value: string | undefined | null, name: string): string {
  const text = (value ?? '').trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw field(name, `'${value}' is not a URL`);
  }
  if (url.protocol !== 'https:') throw field(name, `must be an https URL, not ${url.protocol.replace(':', '')}`);
  if (/[\s;,!]/.test(text)) throw field(name, 'may not contain spaces, semicolons, commas or exclamation marks (they separate the record\'s values)');
  return text;
}

function uniqueList(values: readonly string[] | undefined | null): string[] {
  return [...new Set((values ?? []).map((v) => v.trim()).filter((v) => v !== ''))];
}

// ---------------------------------------------------------------------------------------- SPF

export interface SpfOptions {
  domain: string;
  includeDomains?: string[] | null;
  ip4?: string[] | null;
  ip6?: string[] | null;
  mx: boolean;
  a: boolean;
  allPolicy: 'FAIL' | 'SOFTFAIL' | 'NEUTRAL';
}

const ALL_QUALIFIER = { FAIL: '-all', SOFTFAIL: '~all', NEUTRAL: '?all' } as const;

/** An ip4/ip6 value: an address or a CIDR range of the given family. Returns the term and a warning, if any. */
function ipTerm(value: string, kind: 'ip4' | 'ip6', warnings: string[]): string {
  const family = kind === 'ip4' ? 'ipv4' : 'ipv6';
  const [address = '', prefix, ...rest] = value.split('/');
  const valid = kind === 'ip4' ? ipaddr.IPv4.isValidFourPartDecimal(address) : ipaddr.IPv6.isValid(address);
  if (!valid || rest.length > 0) throw field(kind, `'${value}' is not an ${family === 'ipv4' ? 'IPv4' : 'IPv6'} address or CIDR range`);
  const parsed = ipaddr.parse(address);
  if (prefix === undefined) return `${kind}:${parsed.toString()}`;
  const bits = Number(prefix);
  const max = kind === 'ip4' ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) throw field(kind, `'${value}': the prefix length must be 0 to ${max}`);
  const cidr = `${parsed.toString()}/${bits}`;
  const base = kind === 'ip4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  if (base.toString() !== parsed.toString()) {
    warnings.push(`${value} has host bits set: receivers read it as ${base.toString()}/${bits}`);
  }
  if (bits < (kind === 'ip4' ? 8 : 16)) warnings.push(`${value} authorises a very large range (/${bits})`);
  return `${kind}:${base.toString()}/${bits}`;
}

/** generateSpfRecord: a `v=spf1` TXT record for the domain itself. */
export function generateSpf(options: SpfOptions): GeneratedRecord & { estimatedLookupCount: number; warnings: string[] } {
  const domain = domainOf(options.domain, 'domain');
  const warnings: string[] = [];
  const terms: string[] = ['v=spf1'];
  if (options.a) terms.push('a');
  if (options.mx) terms.push('mx');
  for (const ip of uniqueList(options.ip4)) terms.push(ipTerm(ip, 'ip4', warnings));
  for (const ip of uniqueList(options.ip6)) terms.push(ipTerm(ip, 'ip6', warnings));
  const includes = uniqueList(options.includeDomains).map((d) => domainOf(d, 'includeDomains'));
  for (const include of includes) {
    if (include === domain) throw field('includeDomains', `${include} is the domain itself: including it would loop`);
    terms.push(`include:${include}`);
  }
  const qualifier = ALL_QUALIFIER[options.allPolicy];
  if (!qualifier) throw field('allPolicy', 'must be FAIL, SOFTFAIL or NEUTRAL');
  terms.push(qualifier);
  const value = terms.join(' ');

  // a, mx and each include cost one lookup here; what the included records do on top is not known without resolving them.
  const estimatedLookupCount = (options.a ? 1 : 0) + (options.mx ? 1 : 0) + includes.length;
  if (estimatedLookupCount > SPF_LOOKUP_LIMIT) {
    warnings.push(`${estimatedLookupCount} DNS lookups: receivers answer permerror past ${SPF_LOOKUP_LIMIT} (RFC 7208 §4.6.4)`);
  }
  if (includes.length > 0) warnings.push('each include may add lookups of its own, which this count does not resolve');
  if (terms.length === 2) {
    warnings.push(options.allPolicy === 'FAIL' ? 'no sender is authorised: all mail from this domain fails SPF' : 'no sender is authorised');
  }
  if (options.allPolicy === 'NEUTRAL') warnings.push('?all asserts nothing about unlisted senders');
  if (Buffer.byteLength(value) > TXT_STRING_BYTES) {
    warnings.push(`the record is ${Buffer.byteLength(value)} bytes: publish it as several strings of at most ${TXT_STRING_BYTES} bytes in one TXT record`);
  }
  return { name: domain, type: 'TXT', ttl: DEFAULT_TTL_SECONDS, value, estimatedLookupCount, warnings };
}

// -------------------------------------------------------------------------------------- DMARC

type Policy = 'NONE' | 'QUARANTINE' | 'REJECT';
export interface DmarcOptions {
  domain: string;
  version: 'DMARC1';
  policy: Policy;
  subdomainPolicy?: Policy;
  reportEmailAddress?: string[] | null;
  forensicEmailAddress?: string[] | null;
  percentage?: number | null;
  reportFormat?: 'AFRF';
  secondsBetweenReports?: number | null;
  adkim?: 'STRICT' | 'RELAXED';
  aspf?: 'STRICT' | 'RELAXED';
  fo?: 'FO_0' | 'FO_1' | 'FO_D' | 'FO_S';
}

const ALIGNMENT = { STRICT: 's', RELAXED: 'r' } as const;
const FAILURE_OPTION = { FO_0: '0', FO_1: '1', FO_D: 'd', FO_S: 's' } as const;

/** generateDmarcRecord: the `v=DMARC1` TXT record at _dmarc.<domain>. */
export function generateDmarc(options: DmarcOptions): GeneratedRecord {
  const domain = domainOf(options.domain, 'domain');
  if (options.version !== 'DMARC1') throw field('version', 'must be DMARC1');
  const tags = ['v=DMARC1', `p=${options.policy.toLowerCase()}`];
  if (options.subdomainPolicy) tags.push(`sp=${options.subdomainPolicy.toLowerCase()}`);
  const pct = options.percentage;
  if (pct !== undefined && pct !== null) {
    if (!Number.isInteger(pct) || pct < 0 || pct > 100) throw field('percentage', 'must be a whole number from 0 to 100');
    if (pct !== 100) tags.push(`pct=${pct}`);
  }
  const rua = uniqueList(options.reportEmailAddress).map((a) => mailtoOf(a, 'reportEmailAddress'));
  if (rua.length) tags.push(`rua=${rua.join(',')}`);
  const ruf = uniqueList(options.forensicEmailAddress).map((a) => mailtoOf(a, 'forensicEmailAddress'));
  if (ruf.length) tags.push(`ruf=${ruf.join(',')}`);
  if (options.reportFormat) tags.push(`rf=${options.reportFormat.toLowerCase()}`);
  const ri = options.secondsBetweenReports;
  if (ri !== undefined && ri !== null) {
    // RFC 7489 §6.3: ri is a 32-bit unsigned count of seconds; zero would ask for reports without pause.
    if (!Number.isInteger(ri) || ri < 1 || ri > 4_294_967_295) throw field('secondsBetweenReports', 'must be a whole number of seconds from 1 to 4294967295');
    tags.push(`ri=${ri}`);
  }
  if (options.adkim) tags.push(`adkim=${ALIGNMENT[options.adkim]}`);
  if (options.aspf) tags.push(`aspf=${ALIGNMENT[options.aspf]}`);
  if (options.fo) {
    if (!ruf.length) throw field('fo', 'failure reporting options need forensicEmailAddress (ruf) to send the reports to');
    tags.push(`fo=${FAILURE_OPTION[options.fo]}`);
  }
  return { name: `_dmarc.${domain}`, type: 'TXT', ttl: DEFAULT_TTL_SECONDS, value: tags.join('; ') };
}

// ------------------------------------------------------------------------------------ MTA-STS

export interface MtaStsOptions {
  host: string;
  version: 'STSv1';
  mode: 'TESTING' | 'ENFORCE' | 'NONE';
  ttl: number;
  maxAgeSeconds: number;
  mxRecords: string[];
}

/** An mx line of a policy: a host name, or `*.` and a domain (RFC 8461 §3.2). */
function mxPatternOf(value: string): string {
  const pattern = value.trim().toLowerCase().replace(/\.$/, '');
  const host = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
  if (!isDomainName(host)) throw field('mxRecords', `'${value}' is not a host name or a *.domain pattern`);
  return pattern;
}

/**
 * generateMtaStsRecord: the `_mta-sts` TXT record announcing a policy, and the policy file served at
 * https://mta-sts.<host>/.well-known/mta-sts.txt. The id only has to change when the policy does:
 * the time of generation (UTC, digits only) is one that does.
 */
export function generateMtaSts(options: MtaStsOptions, now: Date): GeneratedRecord & { wellKnownValue: string; wellKnownUrl: string } {
  const host = domainOf(options.host, 'host');
  if (options.version !== 'STSv1') throw field('version', 'must be STSv1');
  const ttl = ttlOf(options.ttl);
  const maxAge = options.maxAgeSeconds;
  if (!Number.isInteger(maxAge) || maxAge < 0 || maxAge > MTA_STS_MAX_AGE) {
    throw field('maxAgeSeconds', `must be a whole number of seconds from 0 to ${MTA_STS_MAX_AGE} (RFC 8461 §3.2)`);
  }
  const mx = uniqueList(options.mxRecords).map(mxPatternOf);
  if (options.mode !== 'NONE' && mx.length === 0) throw field('mxRecords', `mode ${options.mode} needs at least one mx host`);
  const id = now.toISOString().replace(/\D/g, '').slice(0, 17);
  // RFC 8461 §3.2: the policy is key/value lines ending in CRLF.
  const lines = ['version: STSv1', `mode: ${options.mode.toLowerCase()}`, ...mx.map((m) => `mx: ${m}`), `max_age: ${maxAge}`];
  return {
    name: `_mta-sts.${host}`,
    type: 'TXT',
    ttl,
    value: `v=STSv1; id=${id}`,
    wellKnownValue: lines.map((l) => `${l}\r\n`).join(''),
    wellKnownUrl: `https://mta-sts.${host}/.well-known/mta-sts.txt`,
  };
}

// ------------------------------------------------------------------------------------ TLS-RPT

export interface TlsReportingOptions {
  reportingAddresses: string[];
  reportingUrl?: string | null;
  host: string;
  version: 'TLSRPTv1';
  ttl: number;
}

/** generateTlsReportingRecord: the `v=TLSRPTv1` TXT record at _smtp._tls.<host> (RFC 8460 §3). */
export function generateTlsReporting(options: TlsReportingOptions): GeneratedRecord {
  const host = domainOf(options.host, 'host');
  if (options.version !== 'TLSRPTv1') throw field('version', 'must be TLSRPTv1');
  const ttl = ttlOf(options.ttl);
  const rua = uniqueList(options.reportingAddresses).map((a) => mailtoOf(a, 'reportingAddresses'));
  const url = options.reportingUrl?.trim() ? httpsUrlOf(options.reportingUrl, 'reportingUrl') : undefined;
  if (url) rua.push(url);
  if (rua.length === 0) throw field('reportingAddresses', 'give at least one address (or a reportingUrl) for the reports');
  return { name: `_smtp._tls.${host}`, type: 'TXT', ttl, value: `v=TLSRPTv1; rua=${rua.join(',')}` };
}

// --------------------------------------------------------------------------------------- BIMI

export interface BimiOptions {
  domain: string;
  version: 'BIMI1';
  logoUrl: string;
  vmcUrl?: string | null;
}

/** generateBimiRecord: the `v=BIMI1` TXT record of the default selector, default._bimi.<domain>. */
export function generateBimi(options: BimiOptions): GeneratedRecord {
  const domain = domainOf(options.domain, 'domain');
  if (options.version !== 'BIMI1') throw field('version', 'must be BIMI1');
  const logo = httpsUrlOf(options.logoUrl, 'logoUrl');
  // BIMI logos are SVG Tiny PS documents; mail clients fetch nothing else.
  if (!new URL(logo).pathname.toLowerCase().endsWith('.svg')) throw field('logoUrl', 'must point to an SVG file (.svg)');
  const tags = ['v=BIMI1', `l=${logo}`];
  if (options.vmcUrl?.trim()) tags.push(`a=${httpsUrlOf(options.vmcUrl, 'vmcUrl')}`);
  return { name: `default._bimi.${domain}`, type: 'TXT', ttl: DEFAULT_TTL_SECONDS, value: tags.join('; ') };
}
