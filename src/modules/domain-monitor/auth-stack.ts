/**
 * The checks of a domain's mail authentication stack, every answer from a real DNS lookup
 * (through the resolver of PIGEONHOLE_DNS_SERVERS), a real HTTPS fetch (the MTA-STS policy) or a
 * real SMTP greeting (MX reachability). Nothing here is guessed: a lookup that failed is an ERROR
 * saying so, a fetch that failed is reported as failed.
 *
 * Published records are read with mailauth's own parsers where it has one for a record on its
 * own (the DMARC record, with its organisational-domain fallback; the MTA-STS policy file);
 * SPF terms and the lookup count are parsed here (mailauth only evaluates SPF for a sender IP).
 */
import { createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import type { Resolver } from 'node:dns/promises';
import { isNoSuchRecord } from '../../core/dns.js';
import https from 'node:https';
import { nonPublicRange, type AllowList } from '../../jobs/outbound-targets.js';

const require = createRequire(import.meta.url);
// mailauth's parsers, required on first use: its modules are a quarter of a second of every
// process start, and most never check a domain's stack
const getDmarcRecord = (domain: string, resolver: (name: string, type: string) => Promise<unknown>) =>
  (require('mailauth/lib/dmarc/get-dmarc-record.js') as (d: typeof domain, r: typeof resolver) => Promise<false | Record<string, unknown>>)(domain, resolver);
const parsePolicy = (text: string) =>
  (require('mailauth/lib/mta-sts.js') as { parsePolicy: (t: string) => { mode?: string; mx?: string[]; maxAge?: number; version?: string } }).parsePolicy(text);

export const CHECKS = ['SPF', 'DKIM', 'DMARC', 'MX', 'MX_REACHABILITY', 'MTA_STS', 'TLS_RPT', 'BIMI'] as const;
export type CheckName = (typeof CHECKS)[number];
export type CheckStatus = 'PASS' | 'WARN' | 'FAIL' | 'ERROR';
export type StackStatus = 'HEALTHY' | 'DEGRADED' | 'CRITICAL' | 'FAILED';

export interface CheckResult {
  check: CheckName;
  status: CheckStatus;
  details: string;
}

export interface DnsLookupResult { recordType: string; ttl: number; recordEntries: string[]; name: string }
export interface DnsLookupOptions { hostname: string; recordTypes: string[]; omitFinalDNSDot: boolean }
export interface RecordLookup { valid: boolean; query: DnsLookupOptions; records: DnsLookupResult[]; errors: string[]; warnings: string[] }

/** CheckEmailAuthStackResults, as the client reads it. */
export interface AuthStackResults {
  domain: string;
  status: StackStatus;
  healthScore: number;
  totalChecks: number;
  passingChecks: number;
  failingChecks: number;
  spf: { valid: boolean; host: string; record: string | null; flattenedRecord: string | null; lookupCount: number;
    mechanisms: Array<{ kind: string; value: string | null; qualifier: string | null }>; warnings: string[]; errors: string[] };
  dmarc: RecordLookup;
  dkim: { valid: boolean; queriedName: string | null; selector: string | null; record: string | null; algorithm: string | null;
    keyLength: number | null; checkedNames: string[]; warnings: string[]; errors: string[] };
  bimi: RecordLookup;
  mx: { records: DnsLookupResult[]; errors: string[]; warnings: string[] };
  mtaSts: RecordLookup & { wellKnownQuery: string; wellKnownPresent: boolean; wellKnownValue: string };
  tlsReporting: RecordLookup;
  insights: string[];
  warnings: string[];
  errors: string[];
}

/** What a run keeps: the stack as the client sees it, the per-check results and whether DMARC is enforced. */
export interface AuthStackReport {
  stack: AuthStackResults;
  checks: CheckResult[];
  dmarcEnforced: boolean;
  /** set when no check could be made at all (every lookup failed) */
  errorMessage: string | null;
}

export interface AuthStackSettings {
  resolver: Resolver;
  /** port the MX reachability probe connects to (25 unless PIGEONHOLE_MX_PROBE_PORT says otherwise) */
  mxProbePort: number;
  /** per network step (an SMTP greeting, the policy fetch) */
  timeoutMs: number;
  /** the webhook target policy, applied to the MTA-STS policy fetch */
  blockPrivate: boolean;
  allow?: AllowList;
}

/** Selectors tried when a monitor names none: the ones common providers publish. */
export const DEFAULT_DKIM_SELECTORS = ['default', 'selector1', 'selector2', 'google', 'k1', 's1', 's2', 'dkim', 'mail'];
const MAX_SPF_LOOKUPS = 10;
const MAX_MX_PROBES = 5;
const MAX_POLICY_BYTES = 64 * 1024;

const txtName = (hostname: string): DnsLookupOptions => ({ hostname, recordTypes: ['TXT'], omitFinalDNSDot: true });
const describe = (error: unknown) => (error as Error)?.message ?? String(error);

/** The lookup a fault of the resolver (not a missing record) throws out of. */
class LookupFault extends Error {}

async function txt(resolver: Resolver, name: string): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    if (isNoSuchRecord(error)) return [];
    throw new LookupFault(`TXT lookup of ${name} failed: ${(error as { code?: string }).code ?? describe(error)}`);
  }
}

/** `k=v; k2=v2` tag lists (DKIM keys, TLS-RPT, BIMI, MTA-STS TXT). */
export function tagList(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return tags;
}

export interface SpfTerm { kind: string; value: string | null; qualifier: string | null }

/** The terms of an SPF record (RFC 7208 §4.6.1): mechanisms with their qualifier, and modifiers. */
export function parseSpf(record: string): SpfTerm[] {
  const terms: SpfTerm[] = [];
  for (const raw of record.trim().split(/\s+/).slice(1)) {
    if (!raw) continue;
    const modifier = /^([a-z][a-z0-9_.-]*)=(.*)$/i.exec(raw);
    if (modifier) {
      terms.push({ kind: modifier[1]!.toLowerCase(), value: modifier[2]!, qualifier: null });
      continue;
    }
    const qualifier = /^[+?~-]/.test(raw) ? raw[0]! : '+';
    const body = /^[+?~-]/.test(raw) ? raw.slice(1) : raw;
    const sep = body.search(/[:/]/);
    const kind = (sep < 0 ? body : body.slice(0, sep)).toLowerCase();
    const value = sep < 0 ? null : body[sep] === ':' ? body.slice(sep + 1) : body.slice(sep);
    terms.push({ kind, value, qualifier });
  }
  return terms;
}

const LOOKUP_TERMS = new Set(['include', 'a', 'mx', 'ptr', 'exists', 'redirect']);

/** DNS-querying terms of a record and of every record it includes (RFC 7208 §4.6.4), up to one past the limit. */
async function countSpfLookups(resolver: Resolver, terms: SpfTerm[], errors: string[], seen: Set<string>): Promise<number> {
  let count = 0;
  for (const term of terms) {
    if (!LOOKUP_TERMS.has(term.kind)) continue;
    count++;
    if (count > MAX_SPF_LOOKUPS) return count;
    if ((term.kind === 'include' || term.kind === 'redirect') && term.value && !term.value.includes('%')) {
      const target = term.value.toLowerCase();
      if (seen.has(target)) {
        errors.push(`SPF ${term.kind} of ${target} loops`);
        continue;
      }
      seen.add(target);
      const records = (await txt(resolver, target)).filter((r) => /^v=spf1(\s|$)/i.test(r));
      if (records.length !== 1) {
        errors.push(records.length === 0 ? `SPF ${term.kind}:${target} has no SPF record (permerror)` : `SPF ${term.kind}:${target} has ${records.length} SPF records`);
        continue;
      }
      count += await countSpfLookups(resolver, parseSpf(records[0]!), errors, seen);
      if (count > MAX_SPF_LOOKUPS) return count;
    }
  }
  return count;
}

export async function checkSpf(resolver: Resolver, domain: string): Promise<{ spf: AuthStackResults['spf']; result: CheckResult }> {
  const spf: AuthStackResults['spf'] = { valid: false, host: domain, record: null, flattenedRecord: null, lookupCount: 0, mechanisms: [], warnings: [], errors: [] };
  const records = (await txt(resolver, domain)).filter((r) => /^v=spf1(\s|$)/i.test(r));
  if (records.length === 0) {
    spf.errors.push(`no SPF record (TXT v=spf1) at ${domain}`);
    return { spf, result: { check: 'SPF', status: 'FAIL', details: spf.errors[0]! } };
  }
  if (records.length > 1) {
    spf.errors.push(`${records.length} SPF records at ${domain}: receivers treat that as a permanent error`);
    spf.record = records.join(' | ');
    return { spf, result: { check: 'SPF', status: 'FAIL', details: spf.errors[0]! } };
  }
  const record = records[0]!;
  spf.record = record;
  const terms = parseSpf(record);
  spf.mechanisms = terms;
  spf.lookupCount = await countSpfLookups(resolver, terms, spf.errors, new Set([domain]));
  if (spf.lookupCount > MAX_SPF_LOOKUPS) spf.errors.push(`SPF needs more than ${MAX_SPF_LOOKUPS} DNS lookups (permerror)`);
  const all = terms.find((t) => t.kind === 'all');
  const redirect = terms.some((t) => t.kind === 'redirect');
  if (all?.qualifier === '+') spf.warnings.push('SPF ends in +all: every host may send as the domain');
  else if (all?.qualifier === '?') spf.warnings.push('SPF ends in ?all: unlisted hosts are neutral, not refused');
  else if (!all && !redirect) spf.warnings.push('SPF has no all mechanism: unlisted hosts are neutral');
  spf.valid = spf.errors.length === 0;
  const status: CheckStatus = spf.errors.length > 0 ? 'FAIL' : spf.warnings.length > 0 ? 'WARN' : 'PASS';
  const details = status === 'PASS' ? `SPF ${record} (${spf.lookupCount} DNS lookups)` : [...spf.errors, ...spf.warnings].join('; ');
  return { spf, result: { check: 'SPF', status, details } };
}

function rsaKeyLength(base64: string): number | null {
  try {
    const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyDetails?.modulusLength ?? null;
  } catch {
    return null;
  }
}

export async function checkDkim(resolver: Resolver, domain: string, selectors: readonly string[]): Promise<{ dkim: AuthStackResults['dkim']; result: CheckResult }> {
  const dkim: AuthStackResults['dkim'] = { valid: false, queriedName: null, selector: null, record: null, algorithm: null, keyLength: null, checkedNames: [], warnings: [], errors: [] };
  // every selector asked at once (a slow name server costs one timeout, not one per selector); the first in order with a key wins
  const found = await Promise.all(selectors.map(async (selector) => {
    const name = `${selector}._domainkey.${domain}`;
    return { selector, name, records: (await txt(resolver, name)).filter((r) => /(^|;)\s*p=/i.test(r) || /^v=DKIM1/i.test(r)) };
  }));
  for (const { selector, name, records } of found) {
    dkim.checkedNames.push(name);
    if (records.length === 0) continue;
    const record = records[0]!;
    const tags = tagList(record);
    Object.assign(dkim, { queriedName: name, selector, record, algorithm: (tags.get('k') ?? 'rsa').toLowerCase() });
    const key = (tags.get('p') ?? '').replace(/\s+/g, '');
    if (!key) {
      dkim.errors.push(`DKIM key at ${name} is revoked (empty p=)`);
      return { dkim, result: { check: 'DKIM', status: 'FAIL', details: dkim.errors[0]! } };
    }
    if (dkim.algorithm === 'rsa') {
      dkim.keyLength = rsaKeyLength(key);
      if (dkim.keyLength === null) dkim.errors.push(`DKIM key at ${name} is not a readable RSA public key`);
      else if (dkim.keyLength < 1024) dkim.errors.push(`DKIM key at ${name} is ${dkim.keyLength} bits: receivers ignore keys under 1024`);
      else if (dkim.keyLength < 2048) dkim.warnings.push(`DKIM key at ${name} is ${dkim.keyLength} bits; 2048 is recommended`);
    } else if (dkim.algorithm === 'ed25519') {
      dkim.keyLength = Buffer.from(key, 'base64').length * 8;
    }
    dkim.valid = dkim.errors.length === 0;
    const status: CheckStatus = dkim.errors.length > 0 ? 'FAIL' : dkim.warnings.length > 0 ? 'WARN' : 'PASS';
    const details = status === 'PASS' ? `DKIM key at ${name} (${dkim.algorithm}${dkim.keyLength ? ` ${dkim.keyLength} bits` : ''})` : [...dkim.errors, ...dkim.warnings].join('; ');
    return { dkim, result: { check: 'DKIM', status, details } };
  }
  dkim.errors.push(`no DKIM key at ${dkim.checkedNames.join(', ')}`);
  return { dkim, result: { check: 'DKIM', status: 'FAIL', details: dkim.errors[0]! } };
}

export async function checkDmarc(resolver: Resolver, domain: string): Promise<{ dmarc: RecordLookup; result: CheckResult; enforced: boolean }> {
  const name = `_dmarc.${domain}`;
  const dmarc: RecordLookup = { valid: false, query: txtName(name), records: [], errors: [], warnings: [] };
  let parsed: false | Record<string, unknown>;
  try {
    parsed = await getDmarcRecord(domain, (n, type) => resolver.resolve(n, type as 'TXT') as Promise<unknown>);
  } catch (error) {
    throw new LookupFault(`DMARC lookup of ${name} failed: ${(error as { code?: string }).code ?? describe(error)}`);
  }
  if (!parsed) {
    dmarc.errors.push(`no DMARC record (TXT v=DMARC1) at ${name}`);
    return { dmarc, result: { check: 'DMARC', status: 'FAIL', details: dmarc.errors[0]! }, enforced: false };
  }
  const record = String(parsed.rr);
  dmarc.records.push({ recordType: 'TXT', ttl: 0, recordEntries: [record], name: parsed.isOrgRecord ? '_dmarc (organisational domain)' : name });
  const policy = String(parsed.p ?? '').toLowerCase();
  const pct = typeof parsed.pct === 'number' ? parsed.pct : 100;
  const enforced = (policy === 'quarantine' || policy === 'reject') && pct > 0;
  if (!['none', 'quarantine', 'reject'].includes(policy)) dmarc.errors.push(`DMARC record at ${name} has no valid p= policy`);
  else if (policy === 'none') dmarc.warnings.push('DMARC policy is p=none: failing mail is not quarantined or rejected');
  else if (pct < 100) dmarc.warnings.push(`DMARC applies to pct=${pct}% of failing mail only`);
  if (!parsed.rua) dmarc.warnings.push('DMARC has no rua= address: no aggregate reports are sent');
  dmarc.valid = dmarc.errors.length === 0;
  const status: CheckStatus = dmarc.errors.length > 0 ? 'FAIL' : policy === 'none' ? 'WARN' : 'PASS';
  const details = status === 'FAIL' ? dmarc.errors.join('; ') : `DMARC ${record}${dmarc.warnings.length ? ` (${dmarc.warnings.join('; ')})` : ''}`;
  return { dmarc, result: { check: 'DMARC', status, details }, enforced };
}

export async function checkMx(resolver: Resolver, domain: string): Promise<{ mx: AuthStackResults['mx']; hosts: string[]; result: CheckResult }> {
  const mx: AuthStackResults['mx'] = { records: [], errors: [], warnings: [] };
  let answers: Array<{ exchange: string; priority: number }>;
  try {
    answers = await resolver.resolveMx(domain);
  } catch (error) {
    if (!isNoSuchRecord(error)) throw new LookupFault(`MX lookup of ${domain} failed: ${(error as { code?: string }).code ?? describe(error)}`);
    answers = [];
  }
  answers.sort((a, b) => a.priority - b.priority);
  if (answers.length > 0) {
    mx.records.push({ recordType: 'MX', ttl: 0, recordEntries: answers.map((a) => `${a.priority} ${a.exchange}`), name: domain });
  }
  const hosts = answers.map((a) => a.exchange.replace(/\.$/, '')).filter((h) => h !== '');
  if (answers.length === 0) mx.errors.push(`no MX record at ${domain}`);
  else if (hosts.length === 0) mx.errors.push(`${domain} publishes a null MX: it accepts no mail`);
  const status: CheckStatus = mx.errors.length > 0 ? 'FAIL' : 'PASS';
  return { mx, hosts, result: { check: 'MX', status, details: status === 'PASS' ? `MX ${mx.records[0]!.recordEntries.join(', ')}` : mx.errors[0]! } };
}

/** Connects to an MX host and reads its SMTP greeting; resolves to the greeting line or throws why not. */
async function smtpGreeting(address: string, port: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    let buffer = '';
    const done = (error: Error | null, line?: string) => {
      clearTimeout(timer);
      socket.removeAllListeners('data');
      if (!error) socket.end('QUIT\r\n');
      socket.destroy();
      if (error) reject(error);
      else resolve(line!);
    };
    const timer = setTimeout(() => done(new Error(`no SMTP greeting within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (error) => done(error));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      // a multi-line greeting ends with the line whose code is followed by a space
      const lines = buffer.split(/\r?\n/);
      const last = lines.find((l) => /^\d{3} /.test(l) || /^\d{3}$/.test(l));
      if (last) done(null, last);
      else if (buffer.length > 4096) done(new Error('greeting too long'));
    });
  });
}

async function addressesOf(resolver: Resolver, host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const found: string[] = [];
  for (const lookup of [() => resolver.resolve4(host), () => resolver.resolve6(host)]) {
    try {
      found.push(...(await lookup()));
    } catch (error) {
      if (!isNoSuchRecord(error)) throw error;
    }
  }
  return found;
}

export async function checkMxReachability(settings: AuthStackSettings, hosts: string[]): Promise<CheckResult> {
  if (hosts.length === 0) return { check: 'MX_REACHABILITY', status: 'FAIL', details: 'no MX host to connect to' };
  const probed = hosts.slice(0, MAX_MX_PROBES);
  // every host probed at once; outcomes reported in MX preference order
  const outcomes = await Promise.all(probed.map(async (host): Promise<{ kind: 'reachable' | 'refused' | 'failed'; text: string }> => {
    let addresses: string[];
    try {
      addresses = await addressesOf(settings.resolver, host);
    } catch (error) {
      return { kind: 'failed', text: `${host}: address lookup failed (${(error as { code?: string }).code ?? describe(error)})` };
    }
    if (addresses.length === 0) return { kind: 'failed', text: `${host}: no A or AAAA record` };
    const address = addresses[0]!;
    const range = settings.blockPrivate ? nonPublicRange(address) : null;
    if (range && !settings.allow?.allowsAddress(address, settings.mxProbePort) && !settings.allow?.allowsName(host, settings.mxProbePort)) {
      return { kind: 'refused', text: `${host} not probed: ${address} is a private address (${range}) and private targets are refused` };
    }
    try {
      const greeting = await smtpGreeting(address, settings.mxProbePort, settings.timeoutMs);
      return greeting.startsWith('220')
        ? { kind: 'reachable', text: `${host} (${address}:${settings.mxProbePort}) greeted: ${greeting.slice(0, 120)}` }
        : { kind: 'failed', text: `${host} (${address}:${settings.mxProbePort}) refused: ${greeting.slice(0, 120)}` };
    } catch (error) {
      return { kind: 'failed', text: `${host} (${address}:${settings.mxProbePort}) unreachable: ${describe(error)}` };
    }
  }));
  const reachable = outcomes.filter((o) => o.kind === 'reachable').length;
  const refused = outcomes.filter((o) => o.kind === 'refused').length;
  const status: CheckStatus = reachable === probed.length ? 'PASS' : reachable > 0 ? 'WARN' : refused === probed.length ? 'ERROR' : 'FAIL';
  return { check: 'MX_REACHABILITY', status, details: outcomes.map((o) => o.text).join('; ') };
}

/**
 * GETs the MTA-STS policy (RFC 8461 §3.3): HTTPS with a certificate valid for the host, no
 * redirects followed, the host's address from the monitor's resolver (checked against the
 * webhook target policy when private targets are blocked) and connected to as resolved.
 */
async function fetchPolicy(settings: AuthStackSettings, url: URL): Promise<{ status: number; body: string }> {
  const addresses = await addressesOf(settings.resolver, url.hostname);
  if (addresses.length === 0) throw new Error(`${url.hostname} has no A or AAAA record`);
  const address = addresses[0]!;
  if (settings.blockPrivate) {
    const range = nonPublicRange(address);
    if (range && !(settings.allow?.allowsAddress(address, 443) || settings.allow?.allowsName(url.hostname, 443))) {
      throw new Error(`target refused: ${url.hostname} resolves to the private address ${address} (${range})`);
    }
  }
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: 'GET',
      agent: false,
      lookup: (_host, options, callback) => {
        const family = net.isIP(address) as 4 | 6;
        if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else (callback as (e: null, a: string, f: number) => void)(null, address, family);
      },
      signal: AbortSignal.timeout(settings.timeoutMs),
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_POLICY_BYTES) request.destroy(new Error(`policy larger than ${MAX_POLICY_BYTES} bytes`));
        else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

export async function checkMtaSts(settings: AuthStackSettings, domain: string, mxHosts: string[]): Promise<{ mtaSts: AuthStackResults['mtaSts']; result: CheckResult }> {
  const name = `_mta-sts.${domain}`;
  const url = `https://mta-sts.${domain}/.well-known/mta-sts.txt`;
  const mtaSts: AuthStackResults['mtaSts'] = {
    valid: false, query: txtName(name), records: [], errors: [], warnings: [], wellKnownQuery: url, wellKnownPresent: false, wellKnownValue: '',
  };
  const records = (await txt(settings.resolver, name)).filter((r) => /^v=STSv1/i.test(r));
  if (records.length === 0) {
    mtaSts.warnings.push(`no MTA-STS record (TXT v=STSv1) at ${name}: senders may deliver without TLS`);
    return { mtaSts, result: { check: 'MTA_STS', status: 'WARN', details: mtaSts.warnings[0]! } };
  }
  mtaSts.records.push({ recordType: 'TXT', ttl: 0, recordEntries: records, name });
  if (records.length > 1) mtaSts.errors.push(`${records.length} MTA-STS records at ${name}`);
  if (!tagList(records[0]!).get('id')) mtaSts.errors.push(`MTA-STS record at ${name} has no id=`);
  try {
    const fetched = await fetchPolicy(settings, new URL(url));
    if (fetched.status !== 200) {
      mtaSts.errors.push(`MTA-STS policy fetch answered HTTP ${fetched.status}`);
    } else {
      mtaSts.wellKnownPresent = true;
      mtaSts.wellKnownValue = fetched.body;
      const policy = parsePolicy(mtaSts.wellKnownValue);
      if (policy.version !== 'STSv1') mtaSts.errors.push('MTA-STS policy has no version: STSv1');
      if (!['enforce', 'testing', 'none'].includes(policy.mode ?? '')) mtaSts.errors.push('MTA-STS policy has no valid mode');
      else if (policy.mode !== 'enforce') mtaSts.warnings.push(`MTA-STS policy mode is ${policy.mode}, not enforce`);
      const patterns = policy.mx ?? [];
      const matches = (host: string) => patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.split('.').length === p.split('.').length : host === p));
      const uncovered = mxHosts.filter((h) => !matches(h.toLowerCase()));
      if (uncovered.length > 0) mtaSts.errors.push(`MTA-STS policy does not list MX ${uncovered.join(', ')}`);
    }
  } catch (error) {
    mtaSts.errors.push(`MTA-STS policy could not be fetched from ${url}: ${describe(error)}`);
  }
  mtaSts.valid = mtaSts.errors.length === 0;
  const status: CheckStatus = mtaSts.errors.length > 0 ? 'FAIL' : mtaSts.warnings.length > 0 ? 'WARN' : 'PASS';
  return { mtaSts, result: { check: 'MTA_STS', status, details: status === 'PASS' ? `MTA-STS ${records[0]} with an enforcing policy` : [...mtaSts.errors, ...mtaSts.warnings].join('; ') } };
}

export async function checkTagged(resolver: Resolver, name: string, version: RegExp, check: CheckName, label: string, required: string, missingWhy: string): Promise<{ lookup: RecordLookup; result: CheckResult }> {
  const lookup: RecordLookup = { valid: false, query: txtName(name), records: [], errors: [], warnings: [] };
  const records = (await txt(resolver, name)).filter((r) => version.test(r));
  if (records.length === 0) {
    lookup.warnings.push(`no ${label} record at ${name}: ${missingWhy}`);
    return { lookup, result: { check, status: 'WARN', details: lookup.warnings[0]! } };
  }
  lookup.records.push({ recordType: 'TXT', ttl: 0, recordEntries: records, name });
  if (records.length > 1) lookup.errors.push(`${records.length} ${label} records at ${name}`);
  if (!tagList(records[0]!).get(required)) lookup.errors.push(`${label} record at ${name} has no ${required}=`);
  lookup.valid = lookup.errors.length === 0;
  return { lookup, result: { check, status: lookup.valid ? 'PASS' : 'FAIL', details: lookup.valid ? `${label} ${records[0]}` : lookup.errors.join('; ') } };
}

/** Runs one check, turning a resolver fault into an ERROR result. */
async function guarded<T>(check: CheckName, run: () => Promise<T & { result: CheckResult }>, empty: NoInfer<T>): Promise<T & { result: CheckResult }> {
  try {
    return await run();
  } catch (error) {
    const message = error instanceof LookupFault ? error.message : `${check} check failed: ${describe(error)}`;
    return { ...empty, result: { check, status: 'ERROR', details: message } };
  }
}

const CORE: ReadonlySet<CheckName> = new Set(['SPF', 'DMARC', 'MX']);

/** The run's status from its checks: see README "Domain monitors". */
export function stackStatus(checks: CheckResult[], dmarcEnforced: boolean): StackStatus {
  if (checks.every((c) => c.status === 'ERROR')) return 'FAILED';
  if (checks.some((c) => CORE.has(c.check) && (c.status === 'FAIL' || c.status === 'ERROR'))) return 'CRITICAL';
  if (checks.some((c) => c.status === 'FAIL' || c.status === 'ERROR') || !dmarcEnforced) return 'DEGRADED';
  return 'HEALTHY';
}

/** 100 for every check passing; a warning counts half. */
export function healthScore(checks: CheckResult[]): number {
  const points = checks.reduce((sum, c) => sum + (c.status === 'PASS' ? 1 : c.status === 'WARN' ? 0.5 : 0), 0);
  return Math.round((100 * points) / checks.length);
}

export async function checkAuthStack(settings: AuthStackSettings, rawDomain: string, selectors: readonly string[]): Promise<AuthStackReport> {
  const domain = rawDomain.toLowerCase().replace(/\.$/, '');
  const { resolver } = settings;
  const emptyLookup = (name: string): RecordLookup => ({ valid: false, query: txtName(name), records: [], errors: [], warnings: [] });
  // independent checks run at once: a slow name server costs one timeout per chain of lookups, not one per lookup
  const [spf, dkim, dmarc, tls, bimi, [mx, reach, mtaSts]] = await Promise.all([
    guarded<{ spf: AuthStackResults['spf'] }>('SPF', () => checkSpf(resolver, domain),
      { spf: { valid: false, host: domain, record: null, flattenedRecord: null, lookupCount: 0, mechanisms: [], warnings: [], errors: [] } }),
    guarded<{ dkim: AuthStackResults['dkim'] }>('DKIM', () => checkDkim(resolver, domain, selectors),
      { dkim: { valid: false, queriedName: null, selector: null, record: null, algorithm: null, keyLength: null, checkedNames: [], warnings: [], errors: [] } }),
    guarded<{ dmarc: RecordLookup; enforced: boolean }>('DMARC', () => checkDmarc(resolver, domain), { dmarc: emptyLookup(`_dmarc.${domain}`), enforced: false }),
    guarded<{ lookup: RecordLookup }>('TLS_RPT', () => checkTagged(resolver, `_smtp._tls.${domain}`, /^v=TLSRPTv1/i, 'TLS_RPT', 'TLS-RPT', 'rua',
      'TLS delivery failures are not reported'), { lookup: emptyLookup(`_smtp._tls.${domain}`) }),
    guarded<{ lookup: RecordLookup }>('BIMI', () => checkTagged(resolver, `default._bimi.${domain}`, /^v=BIMI1/i, 'BIMI', 'BIMI', 'l',
      'no brand logo is shown'), { lookup: emptyLookup(`default._bimi.${domain}`) }),
    (async () => {
      const mx = await guarded<{ mx: AuthStackResults['mx']; hosts: string[] }>('MX', () => checkMx(resolver, domain), { mx: { records: [], errors: [], warnings: [] }, hosts: [] as string[] });
      // the MX hosts decide both the probe and which hosts the MTA-STS policy must list
      return Promise.all([
        mx,
        mx.result.status === 'ERROR'
          ? { check: 'MX_REACHABILITY' as const, status: 'ERROR' as const, details: 'MX lookup failed' }
          : checkMxReachability(settings, mx.hosts),
        guarded<{ mtaSts: AuthStackResults['mtaSts'] }>('MTA_STS', () => checkMtaSts(settings, domain, mx.hosts),
          { mtaSts: { ...emptyLookup(`_mta-sts.${domain}`), wellKnownQuery: `https://mta-sts.${domain}/.well-known/mta-sts.txt`, wellKnownPresent: false, wellKnownValue: '' } }),
      ] as const);
    })(),
  ]);
  if (bimi.result.status === 'PASS' && !dmarc.enforced) {
    bimi.lookup.warnings.push('BIMI needs an enforcing DMARC policy (quarantine or reject) to be shown');
    bimi.result = { ...bimi.result, status: 'WARN', details: `${bimi.result.details}; ${bimi.lookup.warnings.at(-1)}` };
  }
  const checks = [spf.result, dkim.result, dmarc.result, mx.result, reach, mtaSts.result, tls.result, bimi.result];
  const status = stackStatus(checks, dmarc.enforced);
  const stack: AuthStackResults = {
    domain,
    status,
    healthScore: healthScore(checks),
    totalChecks: checks.length,
    passingChecks: checks.filter((c) => c.status === 'PASS').length,
    failingChecks: checks.filter((c) => c.status === 'FAIL' || c.status === 'ERROR').length,
    spf: spf.spf,
    dmarc: dmarc.dmarc,
    dkim: dkim.dkim,
    bimi: bimi.lookup,
    mx: mx.mx,
    mtaSts: mtaSts.mtaSts,
    tlsReporting: tls.lookup,
    insights: checks.filter((c) => c.status === 'PASS').map((c) => c.details),
    warnings: checks.filter((c) => c.status === 'WARN').map((c) => c.details),
    errors: checks.filter((c) => c.status === 'FAIL' || c.status === 'ERROR').map((c) => c.details),
  };
  return {
    stack, checks, dmarcEnforced: dmarc.enforced,
    errorMessage: status === 'FAILED' ? `no check could be made: ${checks[0]!.details}` : null,
  };
}
