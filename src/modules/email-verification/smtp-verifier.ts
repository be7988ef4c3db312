import type { Resolver } from 'node:dns/promises';
import { createResolver } from '../../core/dns.js';
import { isParsed, parseMailbox } from './address-syntax.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { addressesOf, DnsLookupFailed, mailRouteOf, refusalOf, type MailRoute, type OutboundPolicy } from './mail-hosts.js';
import { replyText, SmtpDialogue, type SmtpReply } from './smtp-dialogue.js';

export interface SmtpVerifierSettings {
  /** PIGEONHOLE_DNS_SERVERS; empty = the system's resolvers */
  dnsServers: readonly string[];
  /** PIGEONHOLE_SMTP_VERIFY_PORT: the port of each mail host (25 on the Internet) */
  port: number;
  /** PIGEONHOLE_SMTP_VERIFY_HELO */
  heloName: string;
  /** PIGEONHOLE_SMTP_VERIFY_FROM: the MAIL FROM of every check */
  mailFrom: string;
  /** PIGEONHOLE_SMTP_VERIFY_TIMEOUT: connecting, each reply, the TLS handshake, each DNS question */
  timeoutMs: number;
  /** PIGEONHOLE_SMTP_VERIFY_CONCURRENCY: SMTP connections open at once */
  concurrency: number;
  /** the webhook target policy */
  policy: OutboundPolicy;
}

/** What an RCPT TO says of a mailbox: 2xx accepted, 5xx refused, anything else (4xx, no answer) unknown. */
export type Deliverability = 'DELIVERABLE' | 'UNDELIVERABLE' | 'UNKNOWN';

export interface DialogueStep { step: string; code: string | null; message: string }

export interface MailboxProbe {
  emailAddress: string;
  /** the domain whose mail hosts were asked */
  domain: string;
  port: number;
  verdict: Deliverability;
  /** the mail host and address the dialogue was held with */
  host: string | null;
  address: string | null;
  /** the RCPT TO reply */
  rcptCode: number | null;
  transcript: DialogueStep[];
  /** why the verdict is not DELIVERABLE; null when it is */
  error: string | null;
}

export interface ProbeOptions {
  /** the domain (or host) to ask instead of the address's own */
  mailServerDomain?: string | null;
  port?: number | null;
  from?: string | null;
  signal?: AbortSignal;
}

/** Most mail hosts one check tries, in preference order, when the ones before cannot be reached. */
const MAX_HOSTS_TRIED = 3;

const stepOf = (step: string, reply: SmtpReply): DialogueStep => ({ step, code: String(reply.code), message: replyText(reply) });
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Holds SMTP dialogues with mail servers to learn whether they take a mailbox: EHLO (HELO
 * when refused), STARTTLS when offered, MAIL FROM, RCPT TO, QUIT, never DATA, so no message
 * is ever sent. Mail hosts come from MX through the configured resolvers (the implicit MX
 * otherwise); every connection passes the webhook target policy and the shared concurrency limit.
 */
export class SmtpVerifier {
  private readonly limit: ConcurrencyLimit;

  constructor(readonly settings: SmtpVerifierSettings) {
    this.limit = new ConcurrencyLimit(Math.max(1, settings.concurrency));
  }

  resolver(): Resolver {
    return createResolver(this.settings.dnsServers, { timeoutMs: Math.min(this.settings.timeoutMs, 3000), tries: 2 });
  }

  get limits() {
    return { connectTimeoutMs: this.settings.timeoutMs, commandTimeoutMs: this.settings.timeoutMs };
  }

  /** Runs a task holding one of the limited SMTP connections. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.limit.run(task, signal);
  }

  /** RFC 5321 routing of a domain through the configured resolvers. */
  mailRoute(domain: string): Promise<MailRoute> {
    return mailRouteOf(this.resolver(), domain);
  }

  async probeMailbox(emailAddress: string, options: ProbeOptions = {}): Promise<MailboxProbe> {
    const port = options.port ?? this.settings.port;
    const parsed = parseMailbox(emailAddress);
    const probe: MailboxProbe = {
      emailAddress: emailAddress.trim(), domain: '', port, verdict: 'UNKNOWN', host: null, address: null, rcptCode: null, transcript: [], error: null,
    };
    if (!isParsed(parsed)) return { ...probe, verdict: 'UNDELIVERABLE', error: `not a valid email address: ${parsed.error}` };
    probe.emailAddress = parsed.address;
    const target = options.mailServerDomain?.trim().toLowerCase().replace(/\.$/, '') || parsed.domain;
    probe.domain = target;

    let hosts: string[];
    if (parsed.literal && !options.mailServerDomain) hosts = [parsed.literal];
    else {
      let route: MailRoute;
      try {
        route = await this.mailRoute(target);
      } catch (error) {
        return { ...probe, error: describe(error) };
      }
      if (route.kind === 'no-domain') return { ...probe, verdict: 'UNDELIVERABLE', error: `the domain ${target} does not exist` };
      if (route.kind === 'null-mx') return { ...probe, verdict: 'UNDELIVERABLE', error: `${target} publishes a null MX (RFC 7505): it accepts no mail` };
      if (route.kind === 'no-mail-host') return { ...probe, verdict: 'UNDELIVERABLE', error: `${target} has no MX record and no address to deliver to` };
      hosts = route.hosts;
    }

    const failures: string[] = [];
    for (const host of hosts.slice(0, MAX_HOSTS_TRIED)) {
      let addresses: string[];
      try {
        addresses = await addressesOf(this.resolver(), host);
      } catch (error) {
        failures.push(describe(error));
        continue;
      }
      if (addresses.length === 0) {
        failures.push(`${host} has no A or AAAA record`);
        continue;
      }
      const address = addresses[0]!;
      const refused = await refusalOf(this.settings.policy, host, address, port);
      if (refused) {
        failures.push(refused);
        continue;
      }
      const outcome = await this.limit.run(() => this.askRecipient(host, address, port, parsed.address, options), options.signal);
      if (outcome.kind === 'unreachable') {
        failures.push(outcome.error);
        continue;
      }
      return { ...probe, ...outcome.probe, host, address };
    }
    return { ...probe, error: failures.join('; ') || 'no mail host to ask' };
  }

  /** One dialogue up to RCPT TO with one mail host. */
  private async askRecipient(host: string, address: string, port: number, recipient: string, options: ProbeOptions): Promise<
    | { kind: 'unreachable'; error: string }
    | { kind: 'answered'; probe: Pick<MailboxProbe, 'verdict' | 'rcptCode' | 'transcript' | 'error'> }
  > {
    const transcript: DialogueStep[] = [];
    let dialogue: SmtpDialogue;
    try {
      const opened = await SmtpDialogue.open(address, port, { ...this.limits, signal: options.signal });
      dialogue = opened.dialogue;
      transcript.push(stepOf('GREETING', opened.greeting));
      if (opened.greeting.code !== 220) {
        dialogue.close();
        return { kind: 'unreachable', error: `${host} (${address}:${port}) refused the connection: ${replyText(opened.greeting)}` };
      }
    } catch (error) {
      return { kind: 'unreachable', error: `${host} (${address}:${port}): ${describe(error)}` };
    }
    const unknown = (error: string) => ({ kind: 'answered' as const, probe: { verdict: 'UNKNOWN' as const, rcptCode: null, transcript, error } });
    try {
      let ehlo = await dialogue.command(`EHLO ${this.settings.heloName}`);
      transcript.push(stepOf('EHLO', ehlo));
      if (ehlo.code !== 250) {
        const helo = await dialogue.command(`HELO ${this.settings.heloName}`);
        transcript.push(stepOf('HELO', helo));
        if (helo.code !== 250) return unknown(`${host} refused HELO: ${replyText(helo)}`);
      } else if (ehlo.lines.slice(1).some((l) => /^STARTTLS\b/i.test(l))) {
        const starttls = await dialogue.command('STARTTLS');
        transcript.push(stepOf('STARTTLS', starttls));
        if (starttls.code === 220) {
          const session = await dialogue.upgrade(host);
          transcript.push({ step: 'TLS', code: null, message: `${session.protocol ?? 'TLS'} ${session.cipher ?? ''}`.trim() });
          ehlo = await dialogue.command(`EHLO ${this.settings.heloName}`);
          transcript.push(stepOf('EHLO', ehlo));
          if (ehlo.code !== 250) return unknown(`${host} refused EHLO after STARTTLS: ${replyText(ehlo)}`);
        }
      }
      const from = options.from?.trim() || this.settings.mailFrom;
      const mail = await dialogue.command(`MAIL FROM:<${from}>`, 'MAIL FROM');
      transcript.push(stepOf('MAIL FROM', mail));
      if (mail.code !== 250) return unknown(`${host} refused the sender <${from}>: ${replyText(mail)}`);
      const rcpt = await dialogue.command(`RCPT TO:<${recipient}>`, 'RCPT TO');
      transcript.push(stepOf('RCPT TO', rcpt));
      const verdict: Deliverability = rcpt.code >= 200 && rcpt.code < 300 ? 'DELIVERABLE' : rcpt.code >= 500 ? 'UNDELIVERABLE' : 'UNKNOWN';
      const error = verdict === 'DELIVERABLE' ? null
        : verdict === 'UNDELIVERABLE' ? `${host} refused the recipient: ${replyText(rcpt)}`
          : `${host} deferred the recipient: ${replyText(rcpt)}`;
      return { kind: 'answered', probe: { verdict, rcptCode: rcpt.code, transcript, error } };
    } catch (error) {
      return unknown(`${host} (${address}:${port}): ${describe(error)}`);
    } finally {
      const quit = await dialogue.quit();
      if (quit) transcript.push(stepOf('QUIT', quit));
    }
  }
}

export { DnsLookupFailed };
