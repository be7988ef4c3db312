import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { NO_TELEMETRY, type IngestStep, type IngestTelemetry } from '../../core/telemetry.js';
import type { EventBus } from '../../events/bus.js';
import type {
  AttachmentRecord, AutomationJobKind, EmailAuthentication, EmailRecord, EmailRepository, IncomingEmail, InboxRecord, InboxRepository, NewAutomationJob,
} from '../../storage/ports.js';
import type { ParsedMessage } from './parse.js';
import { MessageParser } from './parser.js';

/**
 * Why a recipient is refused; transports turn this into their reply (SMTP 550, or `smtp.code`
 * when a step names its own: chaos rules). `smtp.wholeTransaction`: the rest of the SMTP
 * transaction (later RCPTs, DATA) gets the same answer, as when a server refuses the sender.
 */
export class RecipientRefused extends AppError {
  /**
   * `reason`: why, for the metrics and the log line of the refusal (no such inbox or expired, a
   * ruleset, a chaos rule).
   */
  constructor(
    message: string,
    readonly reason: 'unknown_recipient' | 'ruleset' | 'chaos' = 'unknown_recipient',
    readonly smtp?: { code: number; wholeTransaction?: boolean },
  ) {
    super('NOT_FOUND', message);
  }
}

/**
 * What the transport knows of a message beyond its bytes. `mailFrom` is the SMTP envelope
 * sender: '' or null for the null reverse path (a bounce), undefined when there was no SMTP
 * envelope (imports, restores). `smtp` is true for mail from an SMTP client (MX delivery),
 * which a step may refuse as a whole (the transport answers 550 with its message).
 */
export interface InboundEnvelope {
  mailFrom?: string | null;
  smtp?: boolean;
  /** the SMTP client's address and its HELO/EHLO name (SMTP only): what SPF is checked for */
  remoteAddress?: string;
  helo?: string;
}

/** What the authenticator found: the header lines to prepend and the verdicts to store. */
export interface AuthenticatedMessage {
  /** Received-SPF and Authentication-Results, each line ending in CRLF */
  header: Buffer;
  verdicts: EmailAuthentication;
}

/**
 * Checks SPF, DKIM, DMARC and ARC of a message received over SMTP (modules/mail-auth; services.ts
 * sets it unless PIGEONHOLE_MAIL_AUTH is off). Never throws for DNS trouble: that is a temperror verdict.
 */
export interface InboundAuthenticator {
  authenticate(raw: Buffer, envelope: InboundEnvelope): Promise<AuthenticatedMessage>;
}

/**
 * A step between parsing and storing. Rulesets (block, allow, forward) and chaos will be
 * steps; each may narrow the recipients. A step that keeps the message elsewhere (the
 * tenant email cap keeps it as a missed email) uses the raw bytes. A step may throw
 * RecipientRefused to refuse the message altogether.
 */
export interface InboundStep {
  name: string;
  apply(message: ParsedMessage, recipients: InboxRecord[], raw: Buffer, envelope?: InboundEnvelope): Promise<InboxRecord[]>;
}

/**
 * Judges one envelope recipient before the message is sent (SMTP RCPT, local deliveries of
 * sends): throws RecipientRefused to refuse it (rulesets that block the sender).
 */
export interface RecipientCheck {
  name: string;
  check(inbox: InboxRecord, envelope: InboundEnvelope): Promise<void>;
}

/**
 * Plans the automation jobs a received copy sets off (forwarders, repliers, alias proxying):
 * they are stored in the transaction that stores the copy and run after its commit by the
 * automation job worker, never on the SMTP reply path. A planner only reads; it answers no
 * jobs when nothing of its kind is attached to the inbox.
 */
export interface FollowUpPlanner {
  name: string;
  plan(message: ParsedMessage, email: EmailRecord, inbox: InboxRecord): Promise<NewAutomationJob[]>;
}

/**
 * An inbox as a recipient: `plusAddress` is set when the mail was addressed to one of its plus
 * addresses (`local+tag@domain`, lower-cased), so the copy is recorded under it.
 */
export type RecipientInbox = InboxRecord & { plusAddress?: string };

/**
 * Records the plus address a copy came to (modules/plus-address; services.ts wires it): answers
 * its id, making it on the first mail. Runs before the store, so the email row names it in the
 * ingest transaction.
 */
export interface PlusAddressRecorder {
  recordFor(inbox: InboxRecord, fullAddress: string): Promise<string>;
}

/** Most `+` signs of a local part tried when looking for the inbox of a plus address. */
const MAX_PLUS_SPLITS = 8;

/**
 * The base addresses `address` may be a plus address of, longest first: `a+b+c@d` gives
 * `a+b@d` then `a@d` (an inbox whose own address holds a `+` keeps its plus addresses).
 */
export function plusBases(address: string): string[] {
  const at = address.lastIndexOf('@');
  if (at <= 0) return [];
  const local = address.slice(0, at);
  const domain = address.slice(at);
  const bases: string[] = [];
  for (let i = local.lastIndexOf('+'); i > 0 && bases.length < MAX_PLUS_SPLITS; i = local.lastIndexOf('+', i - 1)) {
    // an empty tag (`a+@d`) names no plus address
    if (i < local.length - 1) bases.push(local.slice(0, i) + domain);
  }
  return bases;
}

/** A job a received copy sets off for one automation, due at once: what planners answer. */
export function followUpJob(kind: AutomationJobKind, automationId: string, email: EmailRecord, payload: Record<string, unknown>): NewAutomationJob {
  return {
    id: newId(), tenantId: email.tenantId, kind, subjectId: automationId, inboxId: email.inboxId, emailId: email.id,
    payload, nextAttemptAt: email.createdAt, createdAt: email.createdAt,
  };
}

/** What an SMTP delivery came to: the copies stored, and how many were retries of copies already held. */
export interface Reception {
  stored: EmailRecord[];
  retries: number;
}

/** The text of the SMTP 250 for a reception. */
export function receptionReply({ stored, retries }: Reception): string {
  const inboxes = (n: number) => `${n} inbox${n === 1 ? '' : 'es'}`;
  if (retries === 0) return `Message stored in ${inboxes(stored.length)}`;
  return `Message stored in ${inboxes(stored.length)}; already held in ${inboxes(retries)} (a retry, not stored again)`;
}

/** Ten minutes: longer than any SMTP client waits for its 250 before it gives up and retries. */
export const DEFAULT_RETRY_DEDUPE_WINDOW_MS = 10 * 60_000;

/** Inbound mail: parse → steps → store (one transaction) → publish. */
export class IngestService {
  /** the automation modules' planners (services.ts registers them) */
  readonly planners: FollowUpPlanner[] = [];
  /** checks of each recipient against its sender (services.ts registers the rulesets') */
  readonly recipientChecks: RecipientCheck[] = [];
  /** told after a commit that stored automation jobs (main.ts: wakes the automation worker) */
  followUpsQueued: () => void = () => {};
  /** records copies that came to a plus address (services.ts sets it); unset, they are stored under none */
  plusAddresses?: PlusAddressRecorder;
  /** the inbox taking mail to an address no inbox has (a custom domain's wildcard catch-all); services.ts sets it */
  catchAll?: { catchAllFor(address: string): Promise<InboxRecord | undefined> };
  /** SPF/DKIM/DMARC/ARC of mail from SMTP clients (services.ts sets it); unset, mail is not checked */
  authenticator?: InboundAuthenticator;
  /** the time each message spends in each step, for the metrics (main.ts sets it) */
  telemetry: IngestTelemetry = NO_TELEMETRY;

  constructor(
    private readonly inboxes: InboxRepository,
    private readonly emails: EmailRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly steps: InboundStep[] = [],
    /** parses off the event loop (a worker pool) in the server; in-process without one */
    private readonly parser: MessageParser = MessageParser.inProcess(),
    /** milliseconds within which an SMTP retry of a stored message is not stored again; 0 = off */
    private readonly retryDedupeWindowMs = DEFAULT_RETRY_DEDUPE_WINDOW_MS,
  ) {}

  /** Parses a raw message as ingest does (worker pool, time budget, MIME limits): MessageRefused when it cannot be taken. */
  parse(raw: Buffer): Promise<ParsedMessage> {
    return this.parser.parse(raw);
  }

  /**
   * Checks one envelope recipient: an existing, unexpired inbox of this service (or one of its
   * plus addresses); with the envelope, also the recipient checks (a ruleset blocking the sender).
   */
  async acceptRecipient(address: string, envelope?: InboundEnvelope): Promise<RecipientInbox> {
    const inbox = await this.localRecipient(address);
    if (!inbox) throw new RecipientRefused(`No mailbox here by that name: ${address}`);
    if (envelope) for (const check of this.recipientChecks) await check.check(inbox, envelope);
    return inbox;
  }

  /**
   * The inbox of this service an address names: undefined when there is none (an outside
   * address), RecipientRefused when there is one but it takes no mail (expired).
   */
  async localRecipient(address: string): Promise<RecipientInbox | undefined> {
    const inbox = await this.ownInbox(address);
    if (!inbox) return undefined;
    if (inbox.expiresAt && inbox.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new RecipientRefused(`Mailbox ${address} has expired`);
    }
    return inbox;
  }

  /**
   * The inbox of this service an address names, expired or not: the inbox with exactly that
   * address first, else the inbox it is a plus address of (`local+tag@domain`), else the
   * catch-all inbox of its (verified custom) domain.
   */
  async ownInbox(address: string): Promise<RecipientInbox | undefined> {
    const wanted = address.trim().toLowerCase();
    const exact = await this.inboxes.findByAddress(wanted);
    if (exact) return exact;
    for (const base of plusBases(wanted)) {
      const inbox = await this.inboxes.findByAddress(base);
      if (inbox) return { ...inbox, plusAddress: wanted };
    }
    return this.catchAll?.catchAllFor(wanted);
  }

  /**
   * Stores one copy of `raw` in each distinct inbox; resolves only after the commit, so
   * a transport may acknowledge the message once this returns.
   */
  async deliver(raw: Buffer, recipients: RecipientInbox[], envelope?: InboundEnvelope): Promise<EmailRecord[]> {
    return (await this.store(raw, recipients, false, envelope)).stored;
  }

  /**
   * Mail from an SMTP client (MX delivery, or a submission to inboxes here): as deliver, but
   * a message whose 250 the client never saw (the connection dropped or timed out after the
   * commit) and that it sends again is not stored twice. A copy is such a retry when it has a
   * Message-ID and its inbox already holds the same raw bytes from within the window; it is
   * acknowledged and nothing is stored or published for it. Mail sent through the API, local
   * deliveries of sends, imports and restores use deliver: each call there is a new message.
   */
  async receive(raw: Buffer, recipients: RecipientInbox[], envelope?: InboundEnvelope): Promise<Reception> {
    return this.store(raw, recipients, this.retryDedupeWindowMs > 0, envelope);
  }

  private async store(raw: Buffer, recipients: RecipientInbox[], dedupe: boolean, envelope?: InboundEnvelope): Promise<Reception> {
    // Mail from an SMTP client (MX) is checked before anything else sees it: the stored bytes
    // start with this server's Authentication-Results, and the verdicts commit with the copies.
    let authentication: EmailAuthentication | null = null;
    if (this.authenticator && envelope?.smtp && envelope.remoteAddress) {
      const checked = await this.timed('authenticate', () => this.authenticator!.authenticate(raw, envelope));
      raw = Buffer.concat([checked.header, raw]);
      authentication = checked.verdicts;
    }
    const unique = [...new Map(recipients.map((inbox) => [inbox.id, inbox])).values()];
    // the plus address each copy came to, by inbox (a step may answer other objects for the same inboxes)
    const plusOf = new Map(unique.filter((i) => i.plusAddress).map((i) => [i.id, i]));
    const message = await this.timed('parse', () => this.parser.parse(raw));
    let accepted = unique;
    if (this.steps.length > 0) {
      accepted = await this.timed('inbound_steps', async () => {
        let kept = unique;
        for (const step of this.steps) kept = await step.apply(message, kept, raw, envelope);
        return kept;
      });
    }
    if (accepted.length === 0) return { stored: [], retries: 0 };

    const now = this.clock.now();
    const dedupeSince = dedupe ? new Date(now.getTime() - this.retryDedupeWindowMs) : undefined;
    const rawSha256 = createHash('sha256').update(raw).digest('hex');
    const attachmentHashes = message.attachments.map((a) => createHash('sha256').update(a.content).digest('hex'));
    const plusAddressIds = new Map<string, string>();
    if (this.plusAddresses) {
      for (const inbox of accepted) {
        const addressed = plusOf.get(inbox.id);
        if (addressed) plusAddressIds.set(inbox.id, await this.plusAddresses.recordFor(addressed, addressed.plusAddress!));
      }
    }
    const batch: IncomingEmail[] = accepted.map((inbox) => {
      const emailId = newId();
      const attachments = message.attachments.map((a, i) => ({
        record: {
          id: newId(),
          tenantId: inbox.tenantId,
          emailId,
          name: a.name,
          contentType: a.contentType,
          size: a.content.length,
          contentId: a.contentId,
          sha256: attachmentHashes[i]!,
          createdAt: now,
        } satisfies AttachmentRecord,
        content: a.content,
      }));
      const email: EmailRecord = {
        id: emailId,
        tenantId: inbox.tenantId,
        inboxId: inbox.id,
        messageId: message.messageId,
        inReplyTo: message.inReplyTo,
        subject: message.subject,
        from: message.from?.emailAddress ?? null,
        sender: message.from,
        recipients: { to: message.to, cc: message.cc, bcc: message.bcc },
        replyTo: message.replyTo,
        charset: message.charset,
        bodyMd5: message.bodyMd5,
        bodyPartContentTypes: message.bodyPartContentTypes,
        sizeBytes: raw.length,
        rawSha256,
        attachmentIds: attachments.map((a) => a.record.id),
        read: false,
        favourite: false,
        createdAt: now,
        updatedAt: now,
        headers: message.headers,
        textBody: message.textBody,
        htmlBody: message.htmlBody,
        plusAddressId: plusAddressIds.get(inbox.id) ?? null,
        authentication,
      };
      return dedupeSince ? { email, raw, attachments, dedupeSince } : { email, raw, attachments };
    });
    let followUps = 0;
    if (this.planners.length > 0) {
      await this.timed('plan', () => Promise.all(batch.map(async (item, i) => {
        const jobs = (await Promise.all(this.planners.map((p) => p.plan(message, item.email, accepted[i]!)))).flat();
        if (jobs.length > 0) {
          item.followUps = jobs;
          followUps += jobs.length;
        }
      })));
    }

    await this.timed('store', () => this.emails.storeIncoming(batch));
    if (followUps > 0) this.followUpsQueued();
    const stored = batch.filter((item) => !item.duplicateOf);
    for (const { email } of stored) {
      // the committed record goes along in-process: a woken waitForLatestEmail answers from it
      this.bus.publish('email.received', {
        tenantId: email.tenantId, inboxId: email.inboxId, emailId: email.id, createdAt: email.createdAt,
      }, { email });
    }
    return { stored: stored.map((b) => b.email), retries: batch.length - stored.length };
  }

  private async timed<T>(step: IngestStep, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.telemetry.ingestStep(step, (performance.now() - started) / 1000);
    }
  }
}
