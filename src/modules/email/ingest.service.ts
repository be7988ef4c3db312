import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { EventBus } from '../../events/bus.js';
import type {
  AttachmentRecord, EmailRecord, EmailRepository, IncomingEmail, InboxRecord, InboxRepository,
} from '../../storage/ports.js';
import type { ParsedMessage } from './parse.js';
import { MessageParser } from './parser.js';

/** Why a recipient is refused; transports turn this into their reply (SMTP 550). */
export class RecipientRefused extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

/**
 * A step between parsing and storing. Rulesets (block, allow, forward) and chaos will be
 * steps; each may narrow the recipients. A step that keeps the message elsewhere (the
 * tenant email cap keeps it as a missed email) uses the raw bytes.
 */
export interface InboundStep {
  name: string;
  apply(message: ParsedMessage, recipients: InboxRecord[], raw: Buffer): Promise<InboxRecord[]>;
}

/** Inbound mail: parse → steps → store (one transaction) → publish. */
export class IngestService {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly emails: EmailRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly steps: InboundStep[] = [],
    /** parses off the event loop (a worker pool) in the server; in-process without one */
    private readonly parser: MessageParser = MessageParser.inProcess(),
  ) {}

  /** Parses a raw message as ingest does (worker pool, time budget, MIME limits): MessageRefused when it cannot be taken. */
  parse(raw: Buffer): Promise<ParsedMessage> {
    return this.parser.parse(raw);
  }

  /** Checks one envelope recipient: an existing, unexpired inbox of this service. */
  async acceptRecipient(address: string): Promise<InboxRecord> {
    const inbox = await this.localRecipient(address);
    if (!inbox) throw new RecipientRefused(`No mailbox here by that name: ${address}`);
    return inbox;
  }

  /**
   * The inbox of this service an address names: undefined when there is none (an outside
   * address), RecipientRefused when there is one but it takes no mail (expired).
   */
  async localRecipient(address: string): Promise<InboxRecord | undefined> {
    const inbox = await this.inboxes.findByAddress(address.trim().toLowerCase());
    if (!inbox) return undefined;
    if (inbox.expiresAt && inbox.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw new RecipientRefused(`Mailbox ${address} has expired`);
    }
    return inbox;
  }

  /**
   * Stores one copy of `raw` in each distinct inbox; resolves only after the commit, so
   * a transport may acknowledge the message once this returns.
   */
  async deliver(raw: Buffer, recipients: InboxRecord[]): Promise<EmailRecord[]> {
    const unique = [...new Map(recipients.map((inbox) => [inbox.id, inbox])).values()];
    const message = await this.parser.parse(raw);
    let accepted = unique;
    for (const step of this.steps) accepted = await step.apply(message, accepted, raw);
    if (accepted.length === 0) return [];

    const now = this.clock.now();
    const rawSha256 = createHash('sha256').update(raw).digest('hex');
    const attachmentHashes = message.attachments.map((a) => createHash('sha256').update(a.content).digest('hex'));
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
      };
      return { email, raw, attachments };
    });

    await this.emails.storeIncoming(batch);
    for (const { email } of batch) {
      // the committed record goes along in-process: a woken waitForLatestEmail answers from it
      this.bus.publish('email.received', {
        tenantId: email.tenantId, inboxId: email.inboxId, emailId: email.id, createdAt: email.createdAt,
      }, { email });
    }
    return batch.map((b) => b.email);
  }
}
