import type { Resolver } from 'node:dns/promises';
import { isNoSuchRecord } from '../../core/dns.js';
import { isParsed, parseMailbox } from './address-syntax.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { DISPOSABLE_DOMAINS } from './lists/disposable-domains.js';
import { FREE_PROVIDER_DOMAINS } from './lists/free-providers.js';
import { ROLE_LOCAL_PARTS } from './lists/role-accounts.js';
import type { SmtpVerifier } from './smtp-verifier.js';

export interface IntelligenceTests {
  checkRandomLocalPart?: boolean | null;
  checkFreeProvider?: boolean | null;
  checkHttpsWebsite?: boolean | null;
  checkDns?: boolean | null;
  checkDomainAgeHint?: boolean | null;
}

export interface IntelligenceOptions {
  targets: string[];
  page?: number | null;
  size?: number | null;
  includeEmailValidation?: boolean | null;
  tests?: IntelligenceTests | null;
}

/**
 * Penalties, out of 100, for each fact found. A score is 100 minus their sum (at least 0): a
 * fixed rule over facts this server measured, documented in the README, not a model.
 */
export const PENALTIES = {
  randomLocalPart: 15, freeProvider: 10, noMailHost: 40, implicitMxOnly: 15, disposable: 40, roleAccount: 10,
  undeliverable: 50, deliverabilityUnknown: 10,
} as const;

/** A local part this long whose characters carry this many bits each looks machine-made. */
const RANDOM_MIN_LENGTH = 10;
const RANDOM_MIN_BITS_PER_CHAR = 3.3;
const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;
const TARGETS_AT_ONCE = 8;

/** Shannon entropy of the characters of `text`, in bits per character. */
export function entropyOf(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return Math.round(bits * 1000) / 1000;
}

/** What a lookup says: the records exist (true), do not (false), or the question went unanswered (null). */
async function present(lookup: () => Promise<unknown[] | unknown>): Promise<boolean | null> {
  try {
    const found = await lookup();
    return Array.isArray(found) ? found.length > 0 : found != null;
  } catch (error) {
    return isNoSuchRecord(error) ? false : null;
  }
}

const enabled = (flag: boolean | null | undefined) => flag !== false;

export async function evaluateTarget(verifier: SmtpVerifier, resolver: Resolver, input: string, options: IntelligenceOptions, signal?: AbortSignal) {
  const tests = options.tests ?? {};
  const notes: string[] = [];
  const target = input.trim();
  const isEmail = target.includes('@');
  const parsed = isEmail ? parseMailbox(target) : null;
  const domain = (parsed && isParsed(parsed) ? parsed.domain : isEmail ? target.slice(target.lastIndexOf('@') + 1) : target).toLowerCase().replace(/\.$/, '');
  const localPart = parsed && isParsed(parsed) ? parsed.localPart : isEmail ? target.slice(0, target.lastIndexOf('@')) : null;
  const validSyntax = parsed ? isParsed(parsed) : DOMAIN_RE.test(domain);
  const signals = {
    normalizedTarget: parsed && isParsed(parsed) ? parsed.address.toLowerCase() : domain,
    emailAddress: parsed && isParsed(parsed) ? parsed.address : null,
    domain,
    localPart,
    randomLocalPart: null as boolean | null,
    localPartEntropy: null as number | null,
    freeEmailProvider: null as boolean | null,
    hasHttpsWebsite: null as boolean | null,
    dnsARecordPresent: null as boolean | null,
    dnsMxRecordPresent: null as boolean | null,
    soaRecordPresent: null as boolean | null,
    domainAgeHintDays: null as number | null,
    neverBounceSafeToSend: null as boolean | null,
    validSyntax,
    disposableDomain: null as boolean | null,
    roleAccount: null as boolean | null,
    notes,
  };
  const breakdown = {
    randomnessPenalty: 0, freeProviderPenalty: 0, httpsWebsitePenalty: 0, dnsPenalty: 0, domainAgePenalty: 0, emailValidationPenalty: 0,
    disposablePenalty: 0, roleAccountPenalty: 0, totalPenalty: 0,
  };
  if (!validSyntax) {
    notes.push(parsed && !isParsed(parsed) ? `not a valid email address: ${parsed.error}` : `"${target}" is not a domain name`);
    return { input, totalScore: 0, scoreBreakdown: { ...breakdown, totalPenalty: 100 }, signals };
  }

  const bareLocal = localPart?.split('+')[0]!.toLowerCase() ?? null;
  if (bareLocal !== null && enabled(tests.checkRandomLocalPart)) {
    signals.localPartEntropy = entropyOf(bareLocal);
    signals.randomLocalPart = bareLocal.length >= RANDOM_MIN_LENGTH && signals.localPartEntropy >= RANDOM_MIN_BITS_PER_CHAR;
    if (signals.randomLocalPart) breakdown.randomnessPenalty = PENALTIES.randomLocalPart;
  }
  if (enabled(tests.checkFreeProvider)) {
    signals.freeEmailProvider = FREE_PROVIDER_DOMAINS.has(domain);
    if (signals.freeEmailProvider) breakdown.freeProviderPenalty = PENALTIES.freeProvider;
  }
  signals.disposableDomain = DISPOSABLE_DOMAINS.has(domain);
  if (signals.disposableDomain) {
    breakdown.disposablePenalty = PENALTIES.disposable;
    notes.push('a known disposable mail domain');
  }
  if (bareLocal !== null) {
    signals.roleAccount = ROLE_LOCAL_PARTS.has(bareLocal);
    if (signals.roleAccount) {
      breakdown.roleAccountPenalty = PENALTIES.roleAccount;
      notes.push(`"${bareLocal}" is a role address, not a person`);
    }
  }
  if (enabled(tests.checkDns)) {
    const [a, aaaa, mx, soa] = await Promise.all([
      present(() => resolver.resolve4(domain)), present(() => resolver.resolve6(domain)),
      present(() => resolver.resolveMx(domain)), present(() => resolver.resolveSoa(domain)),
    ]);
    signals.dnsARecordPresent = a === true || aaaa === true ? true : a === null || aaaa === null ? null : false;
    signals.dnsMxRecordPresent = mx;
    signals.soaRecordPresent = soa;
    if (mx === false) {
      breakdown.dnsPenalty = signals.dnsARecordPresent ? PENALTIES.implicitMxOnly : PENALTIES.noMailHost;
      notes.push(signals.dnsARecordPresent ? 'no MX record: mail goes to the domain\'s own address (RFC 5321 §5.1)' : 'no MX record and no address: the domain takes no mail');
    }
    if ([a, aaaa, mx, soa].includes(null)) notes.push('a DNS question went unanswered: its signal is null');
  }
  if (tests.checkHttpsWebsite) notes.push('hasHttpsWebsite: not checked by this server (null)');
  if (tests.checkDomainAgeHint) notes.push('domainAgeHintDays: a SOA serial tells when the zone last changed, not its age (null)');
  if (options.includeEmailValidation && signals.emailAddress) {
    const probe = await verifier.probeMailbox(signals.emailAddress, { signal });
    signals.neverBounceSafeToSend = probe.verdict === 'DELIVERABLE' ? true : probe.verdict === 'UNDELIVERABLE' ? false : null;
    if (probe.verdict === 'UNDELIVERABLE') breakdown.emailValidationPenalty = PENALTIES.undeliverable;
    if (probe.verdict === 'UNKNOWN') breakdown.emailValidationPenalty = PENALTIES.deliverabilityUnknown;
    if (probe.error) notes.push(`SMTP check: ${probe.error}`);
  }
  const sum = breakdown.randomnessPenalty + breakdown.freeProviderPenalty + breakdown.dnsPenalty + breakdown.emailValidationPenalty
    + breakdown.disposablePenalty + breakdown.roleAccountPenalty;
  breakdown.totalPenalty = Math.min(100, sum);
  return { input, totalScore: 100 - breakdown.totalPenalty, scoreBreakdown: breakdown, signals };
}

/** One page of the targets evaluated (a few at once); nothing is cached, so nothing is billed. */
export async function emailIntelligence(verifier: SmtpVerifier, options: IntelligenceOptions, signal?: AbortSignal) {
  const page = options.page ?? 0;
  const size = Math.min(options.size ?? 20, 100);
  const slice = options.targets.slice(page * size, page * size + size);
  const resolver = verifier.resolver();
  const limit = new ConcurrencyLimit(TARGETS_AT_ONCE);
  const content = await Promise.all(slice.map((t) => limit.run(() => evaluateTarget(verifier, resolver, t, options, signal), signal)));
  return {
    content, page, size, totalElements: options.targets.length, totalPages: Math.ceil(options.targets.length / size), billableCount: 0,
  };
}
