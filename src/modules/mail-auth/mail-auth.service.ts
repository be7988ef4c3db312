import { isIP } from 'node:net';
import type { AuthenticateResult, DNSResolver } from 'mailauth';
import type { Clock } from '../../core/clock.js';
import type { DkimVerdict, EmailAuthentication } from '../../storage/ports.js';
import type { InboundAuthenticator, InboundEnvelope, AuthenticatedMessage } from '../email/ingest.service.js';
import type { DnsLookup } from './dns-answer-cache.js';

export type { DnsLookup };

let mailauth: Promise<typeof import('mailauth')> | undefined;
/**
 * mailauth, loaded once: on the first check, or at start (main.ts) when the checks are on, so
 * the first message does not wait for it. Its modules are a quarter of a second of a process
 * start, which a server (or test) with the checks off never pays.
 */
export function loadMailauth(): Promise<typeof import('mailauth')> {
  return (mailauth ??= import('mailauth'));
}

/** A lookup refused because the message's DNS time budget is spent: mailauth reports it as temperror. */
class BudgetSpent extends Error {
  readonly code = 'ETIMEOUT';
  constructor(budgetMs: number) {
    super(`DNS time budget of ${budgetMs} ms spent`);
  }
}

export interface MailAuthOptions {
  /** authserv-id of the Authentication-Results header: the server's public host */
  authservId: string;
  lookup: DnsLookup;
  /** milliseconds of lookups one message may spend (PIGEONHOLE_MAIL_AUTH_TIMEOUT) */
  timeoutMs: number;
  clock: Clock;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) as the IPv4 address SPF records name. */
export function clientAddress(remote: string | undefined): string | undefined {
  if (!remote) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remote);
  const address = mapped ? mapped[1]! : remote;
  return isIP(address) ? address : undefined;
}

/**
 * SPF, DKIM, DMARC and ARC of a message received over SMTP, with mailauth (the library
 * behind the Zone/WildDuck MTA). DNS goes through the server's resolver (PIGEONHOLE_DNS_SERVERS),
 * under one time budget per message: lookups past it fail with ETIMEOUT, which mailauth reports
 * as temperror, so a slow or unreachable resolver never stalls ingest and never refuses mail.
 * ARC is verified, never sealed (this server is the final recipient). BIMI is not checked.
 */
export class MailAuthenticator implements InboundAuthenticator {
  constructor(private readonly options: MailAuthOptions) {}

  async authenticate(raw: Buffer, envelope: InboundEnvelope): Promise<AuthenticatedMessage> {
    const { authservId, timeoutMs, clock } = this.options;
    const deadline = Date.now() + timeoutMs;
    const timers = new Set<NodeJS.Timeout>();
    const resolver: DNSResolver = (name, rrtype) => {
      const left = deadline - Date.now();
      if (left <= 0) return Promise.reject(new BudgetSpent(timeoutMs));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          reject(new BudgetSpent(timeoutMs));
        }, left);
        timers.add(timer);
        this.options.lookup(name, rrtype).then(
          (answer) => { clearTimeout(timer); timers.delete(timer); resolve(answer as string[][]); },
          (error) => { clearTimeout(timer); timers.delete(timer); reject(error); },
        );
      });
    };
    const ip = clientAddress(envelope.remoteAddress);
    const mailFrom = envelope.mailFrom || undefined;
    try {
      const { authenticate } = await loadMailauth();
      const result = await authenticate(raw, {
        ip,
        helo: envelope.helo || undefined,
        sender: mailFrom,
        mta: authservId,
        resolver,
        disableBimi: true,
      });
      return {
        header: Buffer.from(headerOf(result, authservId), 'utf8'),
        verdicts: verdictsOf(result, { clientIp: ip ?? null, mailFrom: mailFrom ?? null, checkedAt: clock.now() }),
      };
    } catch (error) {
      // a fault of the checks themselves never refuses mail: every verdict is temperror, saying why
      const why = String((error as Error)?.message ?? error).replace(/[\r\n()]+/g, ' ').slice(0, 200);
      const header = `Authentication-Results: ${authservId};\r\n dkim=temperror (checks failed: ${why});\r\n spf=temperror`
        + `${mailFrom ? ` smtp.mailfrom=${mailFrom}` : ''};\r\n arc=temperror;\r\n dmarc=temperror\r\n`;
      return {
        header: Buffer.from(header, 'utf8'),
        verdicts: {
          spf: 'temperror', dkim: [], dmarc: 'temperror', arc: 'temperror', fromDomain: null,
          clientIp: ip ?? null, mailFrom: mailFrom ?? null, checkedAt: clock.now(),
        },
      };
    } finally {
      for (const timer of timers) clearTimeout(timer);
    }
  }
}

/** A body hash mismatch is a failed signature (RFC 6376 §6.1.3 PERMFAIL); mailauth calls it neutral. */
const bodyHashFailed = (status: { result?: string; comment?: string } | undefined) =>
  status?.result === 'neutral' && /body hash did not verify/i.test(status.comment ?? '');

/**
 * Received-SPF and Authentication-Results as mailauth writes them, with every method present
 * (`arc=none`, `dmarc=none` when there was nothing to check) and body-hash failures as `dkim=fail`.
 */
export function headerOf(result: AuthenticateResult, authservId: string): string {
  const lines: string[] = [];
  for (const row of result.dkim?.results ?? []) {
    const info = (row as { info?: string }).info;
    if (!info) continue;
    lines.push(bodyHashFailed(row.status) ? info.replace(/^dkim=neutral/, 'dkim=fail') : info);
  }
  if (lines.length === 0) lines.push('dkim=none');
  const spf = result.spf as { info?: string; header?: string } | false | undefined;
  lines.push(spf && spf.info ? spf.info : 'spf=none');
  const arc = result.arc as { info?: string } | false;
  lines.push(arc && arc.info ? arc.info : 'arc=none');
  const dmarc = result.dmarc as { info?: string } | false;
  lines.push(dmarc && dmarc.info ? dmarc.info : 'dmarc=none');
  const fold = (text: string) => text.replace(/\r?\n/g, '\r\n');
  const received = spf && spf.header ? `${fold(spf.header)}\r\n` : '';
  return `${received}Authentication-Results: ${authservId};\r\n ${lines.map(fold).join(';\r\n ')}\r\n`;
}

export function verdictsOf(result: AuthenticateResult, context: { clientIp: string | null; mailFrom: string | null; checkedAt: Date }): EmailAuthentication {
  const dkim: DkimVerdict[] = [];
  for (const row of result.dkim?.results ?? []) {
    const r = row as { signingDomain?: string; selector?: string; status?: { result?: string; comment?: string } };
    if (!r.status?.result || r.status.result === 'none') continue;
    dkim.push({
      result: bodyHashFailed(r.status) ? 'fail' : r.status.result,
      domain: r.signingDomain ?? null,
      selector: r.selector ?? null,
      comment: r.status.comment ?? null,
    });
  }
  const spf = result.spf as { status?: { result?: string } } | false | undefined;
  const dmarc = result.dmarc as { status?: { result?: string }; domain?: string } | false;
  const arc = result.arc as { status?: { result?: string } } | false;
  const headerFrom = (result.dkim as { headerFrom?: string[] | string } | undefined)?.headerFrom;
  const firstFrom = Array.isArray(headerFrom) ? headerFrom[0] : headerFrom;
  const fromDomain = (dmarc && dmarc.domain) || (firstFrom && firstFrom.includes('@') ? firstFrom.slice(firstFrom.lastIndexOf('@') + 1) : null);
  return {
    spf: (spf && spf.status?.result) || 'none',
    dkim,
    dmarc: (dmarc && dmarc.status?.result) || 'none',
    arc: (arc && arc.status?.result) || 'none',
    fromDomain: fromDomain ? fromDomain.toLowerCase() : null,
    clientIp: context.clientIp,
    mailFrom: context.mailFrom,
    checkedAt: context.checkedAt,
  };
}

/** Email.analysis verdicts (the client's EmailAnalysis: PASS, FAIL, GRAY or the error) from one result word. */
export function analysisVerdict(result: string): string {
  switch (result) {
    case 'pass': return 'PASS';
    case 'fail': case 'softfail': return 'FAIL';
    case 'temperror': return 'TEMPERROR';
    case 'permerror': return 'PERMERROR';
    default: return 'GRAY';
  }
}

/** The client's EmailAnalysis from stored verdicts; spam and virus are not checked (null). */
export function toEmailAnalysis(auth: EmailAuthentication) {
  const dkim = auth.dkim.length === 0 ? 'none'
    : auth.dkim.some((d) => d.result === 'pass') ? 'pass'
      : auth.dkim.find((d) => d.result === 'temperror')?.result ?? auth.dkim[0]!.result;
  return {
    spamVerdict: null,
    virusVerdict: null,
    spfVerdict: analysisVerdict(auth.spf),
    dkimVerdict: analysisVerdict(dkim),
    dmarcVerdict: analysisVerdict(auth.dmarc),
  };
}
