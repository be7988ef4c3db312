/**
 * The DNS records a custom domain publishes, and what a check of them finds. Pure functions:
 * the lookups themselves are the service's (through a resolver on PIGEONHOLE_DNS_SERVERS).
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

/** RSA key generation off the event loop (libuv's thread pool): it takes tens of milliseconds or more. */
const generateRsaKeyPair = promisify(generateKeyPair);
import { isIP } from 'node:net';
import type { DnsRecordState } from '../../storage/ports.js';

export type RecordLabel = 'VERIFICATION' | 'MX' | 'SPF' | 'DKIM' | 'DMARC';
export const RECORD_LABELS: readonly RecordLabel[] = ['VERIFICATION', 'MX', 'SPF', 'DKIM', 'DMARC'];
/**
 * The records that decide verification: the token proves control of the zone, DKIM lets mail
 * from the domain be signed. MX, SPF and DMARC are recommended (mail to the domain from other
 * servers needs the MX; receivers judge mail from it by SPF and DMARC) but a test server
 * reached directly over SMTP works without them.
 */
export const REQUIRED_LABELS: ReadonlySet<RecordLabel> = new Set(['VERIFICATION', 'DKIM']);
export const RECORD_TTL = 300;

export interface DomainNameRecord {
  label: RecordLabel;
  required: boolean;
  recordType: 'TXT' | 'MX';
  name: string;
  recordEntries: string[];
  ttl: number;
  alternativeRecordEntries: string[] | null;
}

/** What a domain's records are built from. */
export interface DomainKeys {
  domain: string;
  verificationToken: string;
  dkimSelector: string;
  /** base64 DER SubjectPublicKeyInfo */
  dkimPublicKey: string;
}

/** A new verification token, DKIM selector and RSA-2048 key pair (the private key as PKCS#8 PEM). */
export async function newDomainKeys(): Promise<{ verificationToken: string; dkimSelector: string; dkimPrivateKey: string; dkimPublicKey: string }> {
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  return {
    verificationToken: randomBytes(20).toString('hex'),
    // a selector per key: a new key later gets a new selector, so both can be published while mail is in flight
    dkimSelector: `ph${randomBytes(4).toString('hex')}`,
    dkimPrivateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    dkimPublicKey: (publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'),
  };
}

export const verificationName = (domain: string) => `_pigeonhole.${domain}`;
export const verificationValue = (token: string) => `pigeonhole-verification=${token}`;
export const dkimName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
export const dkimValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const dmarcName = (domain: string) => `_dmarc.${domain}`;
export const DMARC_VALUE = 'v=DMARC1; p=none';

/** The SPF mechanism that authorises `host`: ip4:/ip6: for an address, a: for a name. */
export function spfMechanism(host: string): string {
  const kind = isIP(host);
  return kind === 4 ? `ip4:${host}` : kind === 6 ? `ip6:${host}` : `a:${host}`;
}
export const spfValue = (host: string) => `v=spf1 ${spfMechanism(host)} ~all`;

/** Every record to publish, in the order a DNS panel lists them. `mailHost`: where this server takes SMTP (PIGEONHOLE_PUBLIC_HOST). */
export function domainNameRecords(keys: DomainKeys, mailHost: string): DomainNameRecord[] {
  const { domain } = keys;
  const record = (label: RecordLabel, recordType: 'TXT' | 'MX', name: string, entries: string[]): DomainNameRecord => ({
    label, required: REQUIRED_LABELS.has(label), recordType, name, recordEntries: entries, ttl: RECORD_TTL, alternativeRecordEntries: null,
  });
  return [
    record('VERIFICATION', 'TXT', verificationName(domain), [verificationValue(keys.verificationToken)]),
    record('MX', 'MX', domain, [`10 ${mailHost}`]),
    record('SPF', 'TXT', domain, [spfValue(mailHost)]),
    record('DKIM', 'TXT', dkimName(keys.dkimSelector, domain), [dkimValue(keys.dkimPublicKey)]),
    record('DMARC', 'TXT', dmarcName(domain), [DMARC_VALUE]),
  ];
}

/** What a lookup answered: records (TXT: each record's strings joined), none, or a failure of the lookup itself. */
export type Lookup<T> = { ok: true; records: T[] } | { ok: false; error: string };

export interface DomainLookups {
  verification: Lookup<string>;
  mx: Lookup<{ exchange: string; priority: number }>;
  /** TXT at the domain itself */
  apexTxt: Lookup<string>;
  dkim: Lookup<string>;
  dmarc: Lookup<string>;
}

export interface RecordFinding {
  label: RecordLabel;
  state: DnsRecordState;
  /** why, when not PRESENT */
  detail: string | null;
}

const tagOf = (record: string, tag: string): string | undefined => {
  for (const part of record.split(';')) {
    const [k, ...v] = part.split('=');
    if (k?.trim().toLowerCase() === tag) return v.join('=').replace(/\s+/g, '');
  }
  return undefined;
};
const sameHost = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/** Judges each record from the lookups: present, missing (or wrong), duplicate, or unknown when its lookup failed. */
export function judgeRecords(keys: DomainKeys, mailHost: string, lookups: DomainLookups): RecordFinding[] {
  const judge = <T>(label: RecordLabel, lookup: Lookup<T>, rule: (records: T[]) => Omit<RecordFinding, 'label'>): RecordFinding =>
    lookup.ok ? { label, ...rule(lookup.records) } : { label, state: 'UNKNOWN', detail: `lookup failed: ${lookup.error}` };
  const missing = (detail: string) => ({ state: 'MISSING' as const, detail });
  const present = { state: 'PRESENT' as const, detail: null };
  const duplicate = (detail: string) => ({ state: 'DUPLICATE' as const, detail });
  return [
    judge('VERIFICATION', lookups.verification, (records) =>
      records.some((r) => r.trim() === verificationValue(keys.verificationToken)) ? present
        : missing(`no TXT record ${verificationName(keys.domain)} with ${verificationValue(keys.verificationToken)}`)),
    judge('MX', lookups.mx, (records) =>
      records.some((r) => sameHost(r.exchange, mailHost)) ? present : missing(`no MX record of ${keys.domain} points at ${mailHost}`)),
    judge('SPF', lookups.apexTxt, (records) => {
      const spf = records.filter((r) => /^v=spf1(\s|$)/i.test(r.trim()));
      if (spf.length > 1) return duplicate(`${keys.domain} has ${spf.length} SPF records (v=spf1); receivers treat more than one as an error (RFC 7208 §4.5)`);
      if (spf.length === 0) return missing(`no SPF record (v=spf1) at ${keys.domain}`);
      const mechanism = spfMechanism(mailHost).toLowerCase();
      return spf[0]!.toLowerCase().split(/\s+/).some((term) => term.replace(/^[+~?-]/, '') === mechanism) ? present
        : missing(`the SPF record of ${keys.domain} does not authorise ${mechanism}`);
    }),
    judge('DKIM', lookups.dkim, (records) => {
      const keysFound = records.filter((r) => /v=DKIM1/i.test(r) || tagOf(r, 'p') !== undefined);
      if (keysFound.length > 1) return duplicate(`${dkimName(keys.dkimSelector, keys.domain)} has ${keysFound.length} DKIM records`);
      if (keysFound.length === 0) return missing(`no DKIM record at ${dkimName(keys.dkimSelector, keys.domain)}`);
      return tagOf(keysFound[0]!, 'p') === keys.dkimPublicKey ? present
        : missing(`the DKIM record at ${dkimName(keys.dkimSelector, keys.domain)} publishes a different key than this domain signs with`);
    }),
    judge('DMARC', lookups.dmarc, (records) => {
      const dmarc = records.filter((r) => /^v=DMARC1/i.test(r.trim()));
      if (dmarc.length > 1) return duplicate(`${dmarcName(keys.domain)} has ${dmarc.length} DMARC records; receivers ignore them all (RFC 7489 §6.6.3)`);
      return dmarc.length === 1 ? present : missing(`no DMARC record (v=DMARC1) at ${dmarcName(keys.domain)}`);
    }),
  ];
}

/**
 * The states to store after a check: a record whose lookup failed keeps what the last check
 * found (a resolver that is down says nothing about the zone).
 */
export function mergeStates(previous: Record<string, DnsRecordState>, findings: RecordFinding[]): Record<string, DnsRecordState> {
  const next: Record<string, DnsRecordState> = {};
  for (const f of findings) next[f.label] = f.state === 'UNKNOWN' ? (previous[f.label] ?? 'UNKNOWN') : f.state;
  return next;
}

/** Verified: every required record present. */
export const isVerified = (states: Record<string, DnsRecordState>) => [...REQUIRED_LABELS].every((l) => states[l] === 'PRESENT');

/** The missing and duplicate messages of a check (null when none), from the findings (records whose lookup failed are named as such). */
export function findingMessages(findings: RecordFinding[]): { missing: string | null; duplicate: string | null } {
  const describe = (f: RecordFinding) => `${f.label}${REQUIRED_LABELS.has(f.label) ? '' : ' (recommended)'}: ${f.detail}`;
  const missing = findings.filter((f) => f.state === 'MISSING').map(describe);
  const duplicate = findings.filter((f) => f.state === 'DUPLICATE').map(describe);
  return { missing: missing.length ? missing.join('; ') : null, duplicate: duplicate.length ? duplicate.join('; ') : null };
}
