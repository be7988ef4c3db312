import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { EventBus } from '../../events/bus.js';
import type { InboundStep } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import type { EmailRepository, InboxRecord, MissedEmailRecord, MissedEmailRepository } from '../../storage/ports.js';

/**
 * Set while restoreMissedEmails pushes a record back through ingest: if the cap turns out
 * to be full after all (mail raced in), the step must not record the message a second time;
 * the restore keeps the record it already has.
 */
export const restoring = new AsyncLocalStorage<true>();

const EXCERPT_LENGTH = 200;

/**
 * The optional per-tenant email cap (PIGEONHOLE_TENANT_EMAIL_CAP), as an inbound step: a
 * tenant may hold at most `cap` received emails; mail for its inboxes beyond that is still
 * accepted (the sender sees a normal 250) but kept as a missed-email record with its raw
 * bytes, and the recipient is dropped from the delivery.
 */
export class TenantEmailCapStep implements InboundStep {
  readonly name = 'tenant-email-cap';

  constructor(
    private readonly emails: EmailRepository,
    private readonly missed: MissedEmailRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    /** 0 = no cap */
    private readonly cap: number,
  ) {}

  async apply(message: ParsedMessage, recipients: InboxRecord[], raw: Buffer): Promise<InboxRecord[]> {
    if (this.cap <= 0) return recipients;
    // One message may be for inboxes of several tenants, and for several of one tenant:
    // each copy counts against its own tenant's room.
    const room = new Map<string, number>();
    const accepted: InboxRecord[] = [];
    const over: InboxRecord[] = [];
    for (const inbox of recipients) {
      const left = room.get(inbox.tenantId) ?? Math.max(this.cap - (await this.emails.count(inbox.tenantId)), 0);
      if (left > 0) accepted.push(inbox);
      else over.push(inbox);
      room.set(inbox.tenantId, Math.max(left - 1, 0));
    }
    if (over.length === 0 || restoring.getStore()) return accepted;

    const now = this.clock.now();
    const batch = over.map((inbox) => ({ record: missedRecord(message, inbox, raw.length, now), raw }));
    await this.missed.create(batch);
    for (const { record } of batch) {
      this.bus.publish('missed-email.recorded', {
        tenantId: record.tenantId, inboxId: record.inboxId, missedEmailId: record.id, createdAt: record.createdAt,
      });
    }
    return accepted;
  }
}

function missedRecord(message: ParsedMessage, inbox: InboxRecord, sizeBytes: number, now: Date): MissedEmailRecord {
  const addresses = (list: ParsedMessage['to']) => list.map((a) => a.emailAddress);
  return {
    id: newId(),
    tenantId: inbox.tenantId,
    inboxId: inbox.id,
    from: message.from?.emailAddress ?? null,
    subject: message.subject,
    bodyExcerpt: excerpt(message),
    recipients: { to: addresses(message.to), cc: addresses(message.cc), bcc: addresses(message.bcc) },
    attachmentCount: message.attachments.length,
    sizeBytes,
    createdAt: now,
    updatedAt: now,
  };
}

/** The start of the body as plain text: the text part, else the HTML without its tags. */
function excerpt(message: ParsedMessage): string | null {
  const text = message.textBody ?? message.htmlBody?.replace(/<[^>]*>/g, ' ') ?? '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat ? flat.slice(0, EXCERPT_LENGTH) : null;
}
