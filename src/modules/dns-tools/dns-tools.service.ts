/**
 * The DNS tools of ToolsController and MailServerController: lookups and checks a caller asks
 * of any domain, answered by real DNS questions to PIGEONHOLE_DNS_SERVERS (each operation under
 * one time budget, PIGEONHOLE_DNS_TOOLS_TIMEOUT), the real MTA-STS policy fetch and real SMTP
 * greetings, both through the webhook target guard. Nothing is stored.
 *
 * The mail authentication checks are the domain monitor's own (domain-monitor/auth-stack.ts), so
 * a one-off check and a monitor run judge a domain alike; this module adds term-by-term syntax
 * checks where a lookup tool should say more than a monitor grade.
 */
import { isIP } from 'node:net';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { AllowList } from '../../jobs/outbound-targets.js';
import {
  DEFAULT_DKIM_SELECTORS, checkAuthStack, checkDkim, checkDmarc, checkMtaSts, checkMx, checkMxReachability, checkSpf, checkTagged,
  type AuthStackResults, type AuthStackSettings, type DnsLookupResult, type RecordLookup,
} from '../domain-monitor/auth-stack.js';
import { budgetedResolver } from './deadline-resolver.js';
import { addressesOf, answerableType, dnsName, lookupRecords, LookupFailed } from './dns-records.js';
import { checkTargets, type CheckedTarget } from './dnsbl.js';
import { checkPropagation, type PropagationReport } from './propagation.js';
import { bimiFindings, dmarcTagFindings, spfTermFindings, tlsRptFindings } from './record-checks.js';
import { MAX_LOOKUPS, MAX_RECORD_TYPES } from './dns-tools.schemas.js';

export interface DnsToolsSettings {
  /** PIGEONHOLE_DNS_SERVERS; empty = the system's resolvers */
  dnsServers: readonly string[];
  /** PIGEONHOLE_DNS_PROPAGATION_RESOLVERS; empty = each of dnsServers (or of the system's) on its own */
  propagationResolvers: readonly string[];
  /** PIGEONHOLE_DNSBL_ZONES (addresses) and PIGEONHOLE_DNSBL_DOMAIN_ZONES (names) */
  dnsblZones: readonly string[];
  dnsblDomainZones: readonly string[];
  /** PIGEONHOLE_DNS_TOOLS_TIMEOUT: milliseconds of DNS one operation may spend */
  dnsBudgetMs: number;
  /** PIGEONHOLE_MX_PROBE_PORT: where MX hosts' SMTP greetings are read */
  mxProbePort: number;
  /** the webhook policy: the SMTP probes and the MTA-STS policy fetch go through its guard and timeout */
  timeoutMs: number;
  blockPrivate: boolean | (() => Promise<boolean>);
  allow?: AllowList;
  /** the system's resolvers, for propagation when no server is configured */
  systemServers: () => string[];
}

export interface DnsLookupInput { hostname: string; recordTypes: string[]; omitFinalDNSDot: boolean }
export interface BlacklistInput { domain?: string | null; ipAddress?: string | null; mxHost?: string | null }

const SELECTOR_RE = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i;
/** At most this many addresses are checked on the blocklists per call (a domain with many MX hosts). */
const MAX_BLACKLIST_ADDRESSES = 10;

/** A check's result with a fault of the resolver turned into one of its errors rather than a 5xx. */
async function orFault<T extends { errors: string[] }>(run: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    empty.errors.push((error as Error).message ?? String(error));
    return empty;
  }
}

const emptyLookup = (name: string): RecordLookup => ({ valid: false, query: { hostname: name, recordTypes: ['TXT'], omitFinalDNSDot: true }, records: [], errors: [], warnings: [] });

export class DnsToolsService {
  constructor(private readonly settings: DnsToolsSettings) {}

  /** Runs `work` with a resolver on the configured servers under the operation's DNS budget. */
  private async withResolver<T>(work: (resolver: ReturnType<typeof budgetedResolver>['resolver']) => Promise<T>): Promise<T> {
    const { resolver, release } = budgetedResolver(this.settings.dnsServers, this.settings.dnsBudgetMs);
    try {
      return await work(resolver);
    } finally {
      release();
    }
  }

  private async stackSettings(resolver: AuthStackSettings['resolver']): Promise<AuthStackSettings> {
    const rule = this.settings.blockPrivate;
    return {
      resolver, mxProbePort: this.settings.mxProbePort, timeoutMs: this.settings.timeoutMs,
      blockPrivate: typeof rule === 'function' ? await rule() : rule, allow: this.settings.allow,
    };
  }

  async dnsLookups(lookups: readonly DnsLookupInput[]): Promise<{ results: DnsLookupResult[] }> {
    if (lookups.length > MAX_LOOKUPS) throw badRequest(`lookups may hold at most ${MAX_LOOKUPS} lookups`);
    const questions = lookups.flatMap((lookup, i) => {
      const field = lookups.length === 1 ? '' : `lookups[${i}].`;
      const hostname = isIP(lookup.hostname.trim()) ? lookup.hostname.trim() : dnsName(lookup.hostname, `${field}hostname`);
      if (lookup.recordTypes.length === 0) throw badRequest(`${field}recordTypes must name at least one record type`);
      if (lookup.recordTypes.length > MAX_RECORD_TYPES) throw badRequest(`${field}recordTypes may name at most ${MAX_RECORD_TYPES} types`);
      const types = [...new Set(lookup.recordTypes.map((t, j) => answerableType(t, `${field}recordTypes[${j}]`)))];
      return types.map((type) => ({ hostname, type, omit: lookup.omitFinalDNSDot }));
    });
    return this.withResolver(async (resolver) => {
      const answers = await Promise.all(questions.map(async (q) => {
        try {
          return await lookupRecords(resolver, q.hostname, q.type, q.omit);
        } catch (error) {
          // DNSLookupResults has no place for errors: a lookup the resolver could not answer is a 408 naming it
          if (error instanceof LookupFailed) throw new AppError('TIMEOUT', error.message);
          throw error;
        }
      }));
      return { results: answers.flat() };
    });
  }

  async ipAddress(rawName: string): Promise<{ address: string; hostname: string }> {
    const name = rawName.trim();
    if (isIP(name)) return { address: name, hostname: name };
    const hostname = dnsName(name, 'name');
    const { v4, v6 } = await this.withResolver((resolver) => addressesOf(resolver, hostname)).catch((error: unknown) => {
      if (error instanceof LookupFailed) throw new AppError('TIMEOUT', error.message);
      throw error;
    });
    const address = v4[0] ?? v6[0];
    if (!address) throw notFound(`${hostname} has no A or AAAA record`);
    return { address, hostname };
  }

  async describeDomain(rawDomain: string): Promise<{ mxRecords: Array<{ raw: string; recordType: string; priority: string; value: string }>; domain: string; message: string | null }> {
    const domain = dnsName(rawDomain, 'domain');
    return this.withResolver(async (resolver) => {
      let answers: Array<{ priority: number; exchange: string }>;
      try {
        answers = (await lookupRecords(resolver, domain, 'MX', true)).flatMap((r) => r.recordEntries).map((entry) => {
          const [priority, exchange] = entry.split(' ');
          return { priority: Number(priority), exchange: exchange ?? '' };
        });
      } catch (error) {
        return { mxRecords: [], domain, message: (error as Error).message };
      }
      const mxRecords = answers.map((a) => ({ raw: `${domain}. MX ${a.priority} ${a.exchange}.`, recordType: 'MX', priority: String(a.priority), value: a.exchange }));
      const hosts = answers.map((a) => a.exchange).filter((h) => h !== '' && h !== '.');
      if (answers.length === 0) return { mxRecords, domain, message: `no MX record at ${domain}` };
      if (hosts.length === 0) return { mxRecords, domain, message: `${domain} publishes a null MX: it accepts no mail` };
      const reach = await checkMxReachability(await this.stackSettings(resolver), hosts);
      return { mxRecords, domain, message: reach.details };
    });
  }

  lookupMx(host: string): Promise<AuthStackResults['mx']> {
    const domain = dnsName(host, 'host');
    return this.withResolver((resolver) => orFault(async () => (await checkMx(resolver, domain)).mx, { records: [], errors: [], warnings: [] }));
  }

  async lookupPtr(rawIp: string) {
    const ip = rawIp.trim();
    if (!isIP(ip)) throw badRequest(`ip must be an IPv4 or IPv6 address (got ${JSON.stringify(rawIp.slice(0, 64))})`);
    return this.withResolver(async (resolver) => {
      const result = { ip, ptrHostnames: [] as string[], forwardConfirmed: false, forwardARecords: [] as string[], forwardAaaaRecords: [] as string[], warnings: [] as string[], errors: [] as string[] };
      try {
        result.ptrHostnames = (await lookupRecords(resolver, ip, 'PTR', true)).flatMap((r) => r.recordEntries);
      } catch (error) {
        result.errors.push((error as Error).message);
        return result;
      }
      if (result.ptrHostnames.length === 0) {
        result.warnings.push(`${ip} has no PTR record: many receivers distrust mail from addresses without reverse DNS`);
        return result;
      }
      // forward-confirmed reverse DNS (FCrDNS): a PTR name whose A/AAAA records lead back to the address
      for (const name of result.ptrHostnames) {
        try {
          const { v4, v6 } = await addressesOf(resolver, name);
          result.forwardARecords.push(...v4);
          result.forwardAaaaRecords.push(...v6);
          if ([...v4, ...v6].some((a) => normalizeIp(a) === normalizeIp(ip))) result.forwardConfirmed = true;
        } catch (error) {
          result.errors.push((error as Error).message);
        }
      }
      if (!result.forwardConfirmed && result.errors.length === 0) {
        result.warnings.push(`no PTR name of ${ip} (${result.ptrHostnames.join(', ')}) resolves back to it: reverse DNS is not forward-confirmed`);
      }
      return result;
    });
  }

  lookupSpf(host: string): Promise<AuthStackResults['spf']> {
    const domain = dnsName(host, 'host');
    const empty: AuthStackResults['spf'] = { valid: false, host: domain, record: null, flattenedRecord: null, lookupCount: 0, mechanisms: [], warnings: [], errors: [] };
    return this.withResolver((resolver) => orFault(async () => {
      const { spf } = await checkSpf(resolver, domain);
      const findings = spfTermFindings(spf.mechanisms);
      spf.errors.push(...findings.errors);
      spf.warnings.push(...findings.warnings);
      spf.valid = spf.record !== null && spf.errors.length === 0;
      return spf;
    }, empty));
  }

  lookupDkim(host: string, rawSelector?: string | null): Promise<AuthStackResults['dkim']> {
    let name = dnsName(host, 'host');
    let selector = rawSelector?.trim() || null;
    const at = name.indexOf('._domainkey.');
    if (at > 0) {
      selector ??= name.slice(0, at);
      name = name.slice(at + '._domainkey.'.length);
    }
    if (selector !== null && !SELECTOR_RE.test(selector)) throw badRequest(`selector must be a DKIM selector such as s1 or 2024.mail (got ${JSON.stringify(selector.slice(0, 63))})`);
    const domain = name;
    const empty: AuthStackResults['dkim'] = { valid: false, queriedName: null, selector, record: null, algorithm: null, keyLength: null, checkedNames: [], warnings: [], errors: [] };
    return this.withResolver((resolver) => orFault(async () => (await checkDkim(resolver, domain, selector ? [selector.toLowerCase()] : DEFAULT_DKIM_SELECTORS)).dkim, empty));
  }

  lookupDmarc(host: string): Promise<RecordLookup> {
    const domain = dnsName(host, 'host').replace(/^_dmarc\./, '');
    return this.withResolver((resolver) => orFault(async () => {
      const { dmarc } = await checkDmarc(resolver, domain);
      const record = dmarc.records[0]?.recordEntries[0];
      if (record) {
        const findings = dmarcTagFindings(record);
        dmarc.errors.push(...findings.errors);
        dmarc.warnings.push(...findings.warnings);
        dmarc.valid = dmarc.errors.length === 0;
      }
      return dmarc;
    }, emptyLookup(`_dmarc.${domain}`)));
  }

  lookupMtaSts(host: string): Promise<AuthStackResults['mtaSts']> {
    const domain = dnsName(host, 'host').replace(/^_mta-sts\./, '');
    const url = `https://mta-sts.${domain}/.well-known/mta-sts.txt`;
    return this.withResolver(async (resolver) => orFault(async () => {
      // the policy must list every MX host; a failed MX lookup leaves none to compare
      const mxHosts = await checkMx(resolver, domain).then((mx) => mx.hosts, () => []);
      return (await checkMtaSts(await this.stackSettings(resolver), domain, mxHosts)).mtaSts;
    }, { ...emptyLookup(`_mta-sts.${domain}`), wellKnownQuery: url, wellKnownPresent: false, wellKnownValue: '' }));
  }

  lookupTlsReporting(host: string): Promise<RecordLookup> {
    const domain = dnsName(host, 'host').replace(/^_smtp\._tls\./, '');
    const name = `_smtp._tls.${domain}`;
    return this.withResolver((resolver) => orFault(async () => {
      const { lookup } = await checkTagged(resolver, name, /^v=TLSRPTv1/i, 'TLS_RPT', 'TLS-RPT', 'rua', 'TLS delivery failures are not reported');
      return withFindings(lookup, tlsRptFindings);
    }, emptyLookup(name)));
  }

  lookupBimi(host: string): Promise<RecordLookup> {
    const given = dnsName(host, 'host');
    const name = given.includes('._bimi.') ? given : `default._bimi.${given}`;
    return this.withResolver((resolver) => orFault(async () => {
      const { lookup } = await checkTagged(resolver, name, /^v=BIMI1/i, 'BIMI', 'BIMI', 'l', 'no brand logo is shown');
      return withFindings(lookup, bimiFindings);
    }, emptyLookup(name)));
  }

  async authStack(rawDomain: string, rawSelector?: string | null): Promise<AuthStackResults> {
    return (await this.authStackReport(rawDomain, rawSelector)).stack;
  }

  private authStackReport(rawDomain: string, rawSelector?: string | null) {
    const domain = dnsName(rawDomain, 'domain');
    const selector = rawSelector?.trim() || null;
    if (selector !== null && !SELECTOR_RE.test(selector)) throw badRequest(`dkimSelector must be a DKIM selector such as s1 (got ${JSON.stringify(selector.slice(0, 63))})`);
    return this.withResolver(async (resolver) => checkAuthStack(await this.stackSettings(resolver), domain, selector ? [selector.toLowerCase()] : DEFAULT_DKIM_SELECTORS));
  }

  /** checkDomainMonitor: a monitor run's checks once, with the domain's MX addresses on the blocklists. */
  async domainMonitorCheck(rawDomain: string) {
    const domain = dnsName(rawDomain, 'domain');
    const [report, blacklist] = await Promise.all([this.authStackReport(domain), this.blacklist({ domain })]);
    const status = (check: string) => report.checks.find((c) => c.check === check)?.status;
    const checked = blacklist.status !== 'FAILED';
    return {
      domain, status: report.stack.status, healthScore: report.stack.healthScore,
      totalChecks: report.stack.totalChecks, passingChecks: report.stack.passingChecks, failingChecks: report.stack.failingChecks,
      spfOk: status('SPF') === 'PASS', dmarcOk: status('DMARC') === 'PASS' || status('DMARC') === 'WARN', dmarcEnforced: report.dmarcEnforced,
      mxOk: status('MX') === 'PASS' && status('MX_REACHABILITY') !== 'FAIL', dkimOk: status('DKIM') === 'PASS', bimiOk: status('BIMI') === 'PASS',
      mtaStsOk: status('MTA_STS') === 'PASS', tlsReportingOk: status('TLS_RPT') === 'PASS',
      blacklistChecked: checked, blacklistOk: checked && !blacklist.listed, blacklistListed: blacklist.listed,
      insights: [
        ...report.checks.map((c) => `${c.check} ${c.status}: ${c.details}`),
        checked
          ? `BLACKLIST ${blacklist.listed ? 'FAIL' : 'PASS'}: ${blacklist.checkedIpAddresses.length} addresses and names on ${blacklist.checkedZoneCount} zones, ${blacklist.totalListings} listings`
          : `BLACKLIST ERROR: ${blacklist.errors.join('; ') || 'nothing to check'}`,
      ],
      errorMessage: report.errorMessage,
    };
  }

  async propagation(rawHost: string, rawType: string, expectedValue?: string | null): Promise<PropagationReport> {
    const host = isIP(rawHost.trim()) ? rawHost.trim() : dnsName(rawHost, 'host');
    const type = answerableType(rawType, 'recordType');
    if (type === 'ANY') throw badRequest('recordType ANY cannot be compared: servers answer it minimally (RFC 8482); ask for one type');
    const configured = this.settings.propagationResolvers.length > 0 ? this.settings.propagationResolvers
      : this.settings.dnsServers.length > 0 ? this.settings.dnsServers : this.settings.systemServers();
    const report = await checkPropagation(configured, host, type, expectedValue ?? null, this.settings.dnsBudgetMs);
    if (configured.length === 1) report.warnings.push('only one resolver is configured (PIGEONHOLE_DNS_PROPAGATION_RESOLVERS): there is nothing to compare it with');
    return report;
  }

  async blacklist(input: BlacklistInput) {
    const domain = input.domain ? dnsName(input.domain, 'domain') : null;
    const mxHost = input.mxHost ? dnsName(input.mxHost, 'mxHost') : null;
    const ipAddress = input.ipAddress?.trim() || null;
    if (ipAddress !== null && !isIP(ipAddress)) throw badRequest(`ipAddress must be an IPv4 or IPv6 address (got ${JSON.stringify(ipAddress.slice(0, 64))})`);
    if (!domain && !mxHost && !ipAddress) throw badRequest('name a domain, an ipAddress or an mxHost to check');
    const warnings: string[] = [];
    const errors: string[] = [];
    const checked = await this.withResolver(async (resolver) => {
      const targets: Array<{ ipAddress: string; source: string; kind: 'ip' | 'domain' }> = [];
      const add = (address: string, source: string) => {
        if (!targets.some((t) => t.kind === 'ip' && t.ipAddress === address)) targets.push({ ipAddress: address, source, kind: 'ip' });
      };
      if (ipAddress) add(ipAddress, 'ipAddress');
      const hostsOf = async (host: string, source: string) => {
        try {
          const { v4, v6 } = await addressesOf(resolver, host);
          if (v4.length + v6.length === 0) warnings.push(`${host} has no A or AAAA record`);
          for (const address of [...v4, ...v6]) add(address, source);
        } catch (error) {
          errors.push((error as Error).message);
        }
      };
      if (mxHost) await hostsOf(mxHost, `mxHost ${mxHost}`);
      if (domain) {
        const mx = await lookupRecords(resolver, domain, 'MX', true).catch((error: Error) => {
          errors.push(error.message);
          return [];
        });
        const hosts = mx.flatMap((r) => r.recordEntries).map((e) => e.split(' ')[1] ?? '').filter((h) => h && h !== '.');
        if (mx.length === 0) warnings.push(`${domain} has no MX record: its own addresses are checked`);
        await Promise.all([...hosts.slice(0, 5).map((h) => hostsOf(h, `MX ${h}`)), ...(hosts.length === 0 ? [hostsOf(domain, `A/AAAA ${domain}`)] : [])]);
      }
      if (targets.length > MAX_BLACKLIST_ADDRESSES) {
        warnings.push(`${targets.length} addresses found; the first ${MAX_BLACKLIST_ADDRESSES} are checked`);
        targets.length = MAX_BLACKLIST_ADDRESSES;
      }
      if (domain) targets.push({ ipAddress: domain, source: 'domain (domain blocklists)', kind: 'domain' });
      const outcome = await checkTargets(resolver, targets, { ip: this.settings.dnsblZones, domain: this.settings.dnsblDomainZones });
      errors.push(...outcome.errors);
      return outcome;
    });
    return { domain, requestedIpAddress: ipAddress, requestedMxHost: mxHost, ...blacklistVerdict(checked.checked, checked.answered, this.settings), warnings, errors };
  }
}

/** Listed on two zones or more is CRITICAL, on one DEGRADED; a check that asked nothing successfully FAILED. */
function blacklistVerdict(checked: CheckedTarget[], answered: number, settings: Pick<DnsToolsSettings, 'dnsblZones' | 'dnsblDomainZones'>) {
  const listings = checked.flatMap((t) => t.listings);
  const totalListings = listings.filter((l) => l.listed).length;
  const zones = new Set([...(checked.some((t) => t.source.startsWith('domain')) ? settings.dnsblDomainZones : []), ...(checked.some((t) => !t.source.startsWith('domain')) ? settings.dnsblZones : [])]);
  const status = answered === 0 ? 'FAILED' as const : totalListings >= 2 ? 'CRITICAL' as const : totalListings === 1 ? 'DEGRADED' as const : 'HEALTHY' as const;
  return { status, listed: totalListings > 0, checkedIpAddresses: checked, checkedZoneCount: zones.size, totalListings };
}

function withFindings(lookup: RecordLookup, findings: (record: string) => string[]): RecordLookup {
  const record = lookup.records[0]?.recordEntries[0];
  if (record) {
    lookup.errors.push(...findings(record));
    lookup.valid = lookup.errors.length === 0;
  }
  return lookup;
}

/** An address as one spelling (IPv6 has many). */
function normalizeIp(address: string): string {
  return isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname : address;
}
