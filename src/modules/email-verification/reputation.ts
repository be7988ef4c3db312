import net from 'node:net';
import type { Resolver } from 'node:dns/promises';
import { badRequest } from '../../core/errors.js';
import { isNoSuchRecord } from '../../core/dns.js';
import { isParsed, parseMailbox } from './address-syntax.js';
import type { SmtpVerifier } from './smtp-verifier.js';

export interface ReputationInput {
  target: string;
  ipAddress?: string | null;
  mxHost?: string | null;
  includeBlacklist?: boolean | null;
}

/** The DNSBL check of the dns-tools module (checkEmailBlacklist), in its CheckEmailBlacklistResults shape. */
export type BlacklistCheck = (input: { domain?: string | null; ipAddress?: string | null; mxHost?: string | null }) => Promise<{
  status: 'HEALTHY' | 'DEGRADED' | 'CRITICAL' | 'FAILED';
  listed: boolean;
  totalListings: number;
  errors: string[];
}>;

type Status = 'HEALTHY' | 'DEGRADED' | 'CRITICAL' | 'FAILED';
const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** The TXT records of a name starting with `prefix`; [] when there are none; throws when the question went unanswered. */
async function taggedTxt(resolver: Resolver, name: string, prefix: RegExp): Promise<string[]> {
  try {
    return (await resolver.resolveTxt(name)).map((parts) => parts.join('')).filter((t) => prefix.test(t));
  } catch (error) {
    if (isNoSuchRecord(error)) return [];
    throw new Error(`TXT lookup of ${name} failed: ${(error as { code?: string }).code ?? (error as Error).message}`);
  }
}

/**
 * checkEmailDomainReputation: what DNS says of a sender's domain (mail hosts, SPF, DMARC) and,
 * unless includeBlacklist is false, the DNSBL listings of its mail hosts' addresses and of the
 * domain (PIGEONHOLE_DNSBL_ZONES and PIGEONHOLE_DNSBL_DOMAIN_ZONES, through checkEmailBlacklist's
 * code). No reputation score is invented: a fact that could not be learnt is an error, not a guess.
 */
export async function domainReputation(verifier: SmtpVerifier, blacklist: BlacklistCheck, input: ReputationInput) {
  const raw = input.target.trim();
  let emailAddress: string | null = null;
  let domain: string | null = null;
  let ipAddress = input.ipAddress?.trim() || null;
  if (ipAddress && !net.isIP(ipAddress)) throw badRequest(`ipAddress "${ipAddress.slice(0, 64)}" is not an IP address`);
  if (raw.includes('@')) {
    const parsed = parseMailbox(raw);
    if (!isParsed(parsed) || parsed.literal) throw badRequest(`target "${raw.slice(0, 320)}" is not an email address with a domain name${isParsed(parsed) ? '' : `: ${parsed.error}`}`);
    emailAddress = parsed.address;
    domain = parsed.domain;
  } else if (net.isIP(raw)) {
    ipAddress = ipAddress ?? raw;
  } else {
    const name = raw.toLowerCase().replace(/\.$/, '');
    if (!DOMAIN_RE.test(name)) throw badRequest(`target "${raw.slice(0, 320)}" is not an email address, domain, IP address or host name`);
    domain = name;
  }
  const mxHost = input.mxHost?.trim().toLowerCase().replace(/\.$/, '') || null;
  if (mxHost && !DOMAIN_RE.test(mxHost)) throw badRequest(`mxHost "${mxHost.slice(0, 255)}" is not a host name`);

  const insights: string[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  let status: Status = 'HEALTHY';
  const lower = (to: Status) => {
    const order: Status[] = ['HEALTHY', 'DEGRADED', 'CRITICAL'];
    if (status !== 'FAILED' && order.indexOf(to) > order.indexOf(status)) status = to;
  };
  let factsLearnt = 0;

  if (domain) {
    const resolver = verifier.resolver();
    const [route, spf, dmarc] = await Promise.allSettled([
      verifier.mailRoute(domain), taggedTxt(resolver, domain, /^v=spf1(\s|$)/i), taggedTxt(resolver, `_dmarc.${domain}`, /^v=DMARC1\s*(;|$)/i),
    ]);
    if (route.status === 'fulfilled') {
      factsLearnt++;
      const r = route.value;
      if (r.kind === 'mx') insights.push(`MX: ${r.hosts.join(', ')}`);
      else if (r.kind === 'implicit') {
        warnings.push(`${domain} has no MX record: mail goes to its own address (RFC 5321 §5.1)`);
        lower('DEGRADED');
      } else {
        errors.push(r.kind === 'no-domain' ? `${domain} does not exist` : r.kind === 'null-mx' ? `${domain} publishes a null MX: it accepts no mail` : `${domain} has no MX record and no address`);
        lower('CRITICAL');
      }
    } else errors.push((route.reason as Error).message);
    if (spf.status === 'fulfilled') {
      factsLearnt++;
      if (spf.value.length === 1) insights.push(`SPF: ${spf.value[0]}`);
      else {
        warnings.push(spf.value.length === 0 ? `${domain} publishes no SPF record` : `${domain} publishes ${spf.value.length} SPF records: receivers treat that as a permerror (RFC 7208 §4.5)`);
        lower('DEGRADED');
      }
    } else errors.push((spf.reason as Error).message);
    if (dmarc.status === 'fulfilled') {
      factsLearnt++;
      if (dmarc.value.length === 1) insights.push(`DMARC: ${dmarc.value[0]}`);
      else {
        warnings.push(dmarc.value.length === 0 ? `_dmarc.${domain} publishes no DMARC record` : `_dmarc.${domain} publishes ${dmarc.value.length} DMARC records: receivers ignore them all (RFC 7489 §6.6.3)`);
        lower('DEGRADED');
      }
    } else errors.push((dmarc.reason as Error).message);
  }

  let blacklistResult: Awaited<ReturnType<BlacklistCheck>> | null = null;
  if (input.includeBlacklist !== false) {
    blacklistResult = await blacklist({ domain, ipAddress, mxHost });
    if (blacklistResult.status !== 'FAILED') factsLearnt++;
    if (blacklistResult.listed) {
      warnings.push(`listed ${blacklistResult.totalListings} time(s) on the configured DNS blocklists`);
      lower(blacklistResult.status === 'CRITICAL' ? 'CRITICAL' : 'DEGRADED');
    } else if (blacklistResult.status === 'HEALTHY') insights.push('not listed on the configured DNS blocklists');
  }
  if (factsLearnt === 0) status = 'FAILED';

  return {
    input: input.target,
    normalizedTarget: emailAddress?.toLowerCase() ?? domain ?? ipAddress ?? raw,
    emailAddress, domain, ipAddress, mxHost,
    status,
    listed: blacklistResult?.listed ?? false,
    blacklist: blacklistResult,
    insights, warnings, errors,
  };
}
