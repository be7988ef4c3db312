/**
 * The in-memory "database" the fake repositories share, one table per Map, so that what
 * one repository does shows in the others as it would in SQL: deleting an inbox takes its
 * emails, sent receipts and webhooks with it; an attachment listing sees the inbox of its
 * email; threads span received and sent mail.
 */
import type {
  AttachmentRecord, BouncedEmailRecord, BouncedRecipientRecord, DeliveryStatusRecord, DomainRecord, EmailRecord,
  ExpiredInboxRecord, InboxRecord, SentEmailRecord, TemplateRecord, TotpDeviceRecord, TrackingPixelRecord, WebhookRecord, WebhookResultRecord,
} from '../../src/storage/ports.js';
import type { WebhookEventName } from '../../src/core/webhook-events.js';

/** An inbox row: the record plus the expiry job's mark (0004_expiry's expired_at). */
export interface InboxRow {
  inbox: InboxRecord;
  expiredAt: Date | null;
}

/** An email row; its attachmentIds are read from the attachments table, as SQL does. */
export interface EmailRow {
  email: EmailRecord;
  raw: Buffer;
}

export interface AttachmentRow {
  record: AttachmentRecord;
  content: Buffer;
  /** order within its email (uploads: 0) */
  position: number;
}

export interface SentRow {
  sent: SentEmailRecord;
  raw: Buffer;
}

/** A webhook delivery job (webhook_deliveries): only what the faked methods read. */
export interface DeliveryRow {
  id: string;
  tenantId: string;
  webhookId: string;
  messageId: string;
  eventName: WebhookEventName;
  payload: string;
  state: 'pending' | 'inflight' | 'delivered' | 'dead';
  nextAttemptAt: number;
  windowStart: number;
  redriveOf: string | null;
  createdAt: number;
}

export class MemoryTables {
  readonly inboxes = new Map<string, InboxRow>();
  /** inbox_creations: one entry per inbox ever created, never deleted (the quota counts them) */
  readonly inboxCreations: Array<{ tenantId: string; createdAt: Date }> = [];
  readonly domains = new Map<string, DomainRecord>();
  readonly expiredInboxes = new Map<string, ExpiredInboxRecord>();
  readonly emails = new Map<string, EmailRow>();
  readonly attachments = new Map<string, AttachmentRow>();
  readonly sent = new Map<string, SentRow>();
  readonly deliveryStatuses = new Map<string, DeliveryStatusRecord>();
  readonly bouncedEmails = new Map<string, BouncedEmailRecord>();
  readonly bouncedRecipients = new Map<string, BouncedRecipientRecord>();
  readonly trackingPixels = new Map<string, TrackingPixelRecord>();
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly webhookResults = new Map<string, WebhookResultRecord>();
  readonly webhookDeliveries = new Map<string, DeliveryRow>();
  readonly signingSecrets = new Map<string, string>();
  readonly templates = new Map<string, TemplateRecord>();
  readonly totpDevices = new Map<string, TotpDeviceRecord>();

  /** Deletes emails with their attachments. */
  deleteEmails(ids: Iterable<string>): void {
    const gone = new Set(ids);
    for (const id of gone) this.emails.delete(id);
    for (const [id, row] of this.attachments) if (row.record.emailId !== null && gone.has(row.record.emailId)) this.attachments.delete(id);
  }

  /** Deletes sent receipts with their delivery statuses. */
  deleteSent(ids: Iterable<string>): void {
    const gone = new Set(ids);
    for (const id of gone) this.sent.delete(id);
    for (const [id, status] of this.deliveryStatuses) if (gone.has(status.sentId)) this.deliveryStatuses.delete(id);
  }

  /** Deletes webhooks; their results and delivery jobs cascade. */
  deleteWebhooks(ids: Iterable<string>): void {
    const gone = new Set(ids);
    for (const id of gone) this.webhooks.delete(id);
    for (const [id, result] of this.webhookResults) if (gone.has(result.webhookId)) this.webhookResults.delete(id);
    for (const [id, job] of this.webhookDeliveries) if (gone.has(job.webhookId)) this.webhookDeliveries.delete(id);
  }

  /** Attachment ids of an email in stored order. */
  attachmentIdsOf(emailId: string): string[] {
    return [...this.attachments.values()]
      .filter((row) => row.record.emailId === emailId)
      .sort((a, b) => a.position - b.position)
      .map((row) => row.record.id);
  }
}
