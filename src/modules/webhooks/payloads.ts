/**
 * What each stored change announces to webhooks: which event names it fires, which
 * webhooks it reaches (those of its inbox, and account-wide ones), and the payload fields
 * beyond the envelope (messageId, webhookId, webhookName, eventName). Pure functions of
 * the records, used by the dispatcher (dispatcher.ts) to turn domain events into deliveries
 * and by the example/test payload routes, so both produce the client's Webhook*Payload models.
 */
import type { WebhookEventName } from '../../core/webhook-events.js';
import type {
  AttachmentRecord, BouncedEmailRecord, BouncedRecipientRecord, ContactRecord, DeliveryStatusRecord, EmailSummary, SmsRecord, TrackingPixelRecord,
} from '../../storage/ports.js';

export { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '../../core/webhook-events.js';

export interface WebhookEvent {
  tenantId: string;
  /** webhooks of any of these event names receive it (EMAIL_RECEIVED and NEW_EMAIL share one payload) */
  eventNames: WebhookEventName[];
  /** the inbox's webhooks receive it, and account-wide ones; null = account-wide webhooks only */
  inboxId: string | null;
  /** the phone number's webhooks receive it too (NEW_SMS); absent for events of no phone */
  phoneId?: string | null;
  fields: Record<string, unknown>;
  /** ids a result can be filtered by */
  refs: { emailId?: string; attachmentId?: string; phoneId?: string; smsId?: string };
}

const addresses = (list: Array<{ emailAddress: string }>) => list.map((a) => a.emailAddress);

/** A stored inbound email: EMAIL_RECEIVED / NEW_EMAIL, and NEW_ATTACHMENT per attachment. */
export function receivedEmailEvents(email: EmailSummary, attachments: AttachmentRecord[]): WebhookEvent[] {
  const events: WebhookEvent[] = [{
    tenantId: email.tenantId,
    eventNames: ['EMAIL_RECEIVED', 'NEW_EMAIL'],
    inboxId: email.inboxId,
    refs: { emailId: email.id },
    fields: {
      inboxId: email.inboxId,
      domainId: null,
      emailId: email.id,
      createdAt: email.createdAt.toISOString(),
      to: addresses(email.recipients.to),
      from: email.sender?.emailAddress ?? email.from ?? '',
      cc: addresses(email.recipients.cc),
      bcc: addresses(email.recipients.bcc),
      subject: email.subject,
      attachmentMetaDatas: attachments.map((a) => ({
        name: a.name, contentType: a.contentType, contentLength: a.size, id: a.id, contentId: a.contentId,
      })),
    },
  }];
  for (const a of attachments) {
    events.push({
      tenantId: email.tenantId,
      eventNames: ['NEW_ATTACHMENT'],
      inboxId: email.inboxId,
      refs: { emailId: email.id, attachmentId: a.id },
      fields: { attachmentId: a.id, name: a.name, contentType: a.contentType, contentLength: a.size },
    });
  }
  return events;
}

/** An email that turned read through the API (or IMAP). */
export function emailReadEvent(email: { tenantId: string; inboxId: string; id: string }, at: Date): WebhookEvent {
  return {
    tenantId: email.tenantId,
    eventNames: ['EMAIL_READ'],
    inboxId: email.inboxId,
    refs: { emailId: email.id },
    fields: { emailId: email.id, inboxId: email.inboxId, emailIsRead: true, createdAt: at.toISOString() },
  };
}

/**
 * A tracking pixel's image loaded for the first time: EMAIL_OPENED, to the sending inbox's
 * webhooks and account-wide ones (a pixel made with createTrackingPixel has no inbox, so
 * only account-wide webhooks hear it, with null inboxId and sentEmailId).
 */
export function emailOpenedEvent(pixel: TrackingPixelRecord, at: Date): WebhookEvent {
  return {
    tenantId: pixel.tenantId,
    eventNames: ['EMAIL_OPENED'],
    inboxId: pixel.inboxId,
    refs: {},
    fields: {
      inboxId: pixel.inboxId, pixelId: pixel.id, sentEmailId: pixel.sentEmailId, recipient: pixel.recipient ?? '', createdAt: at.toISOString(),
    },
  };
}

/** One recipient outcome of a sent email. */
export function deliveryStatusEvent(status: DeliveryStatusRecord, subject: string | null): WebhookEvent {
  return {
    tenantId: status.tenantId,
    eventNames: ['DELIVERY_STATUS'],
    inboxId: status.inboxId,
    refs: {},
    fields: {
      id: status.id,
      userId: status.tenantId,
      sentId: status.sentId,
      remoteMtaIp: null,
      inboxId: status.inboxId,
      reportingMta: status.reportingMta,
      recipients: [status.recipient],
      smtpResponse: status.smtpResponse,
      smtpStatusCode: status.smtpStatusCode,
      processingTimeMillis: status.processingMs,
      received: status.createdAt.toISOString(),
      subject,
    },
  };
}

/** A bounce is an account event: BOUNCE once, BOUNCE_RECIPIENT per refused address. */
export function bounceEvents(email: BouncedEmailRecord, recipients: BouncedRecipientRecord[]): WebhookEvent[] {
  return [
    {
      tenantId: email.tenantId,
      eventNames: ['BOUNCE'],
      inboxId: null,
      refs: {},
      fields: {
        bounceId: email.id, sentToRecipients: email.sentTo, sender: email.sender, bounceRecipients: email.bounceRecipients,
      },
    },
    ...recipients.map((r): WebhookEvent => ({
      tenantId: r.tenantId,
      eventNames: ['BOUNCE_RECIPIENT'],
      inboxId: null,
      refs: {},
      fields: { recipient: r.recipient },
    })),
  ];
}

/** A contact was created: NEW_CONTACT, an account event (contacts belong to no inbox). */
export function newContactEvent(contact: ContactRecord): WebhookEvent {
  return {
    tenantId: contact.tenantId,
    eventNames: ['NEW_CONTACT'],
    inboxId: null,
    refs: {},
    fields: {
      contactId: contact.id,
      groupId: contact.groupId,
      firstName: contact.firstName,
      lastName: contact.lastName,
      company: contact.company,
      primaryEmailAddress: contact.emailAddresses[0] ?? null,
      emailAddresses: contact.emailAddresses,
      tags: contact.tags,
      metaData: contact.metaData,
      optOut: contact.optOut,
      createdAt: contact.createdAt.toISOString(),
    },
  };
}

/**
 * An SMS stored for a phone number: NEW_SMS, to that number's webhooks and account-wide ones.
 * phoneNumber is the receiving number's id, as in the client's SmsDto; media is empty (the
 * carrier stores no MMS media with an SMS).
 */
export function newSmsEvent(sms: SmsRecord): WebhookEvent {
  return {
    tenantId: sms.tenantId,
    eventNames: ['NEW_SMS'],
    inboxId: null,
    phoneId: sms.phoneId,
    refs: { phoneId: sms.phoneId, smsId: sms.id },
    fields: {
      smsId: sms.id,
      userId: sms.tenantId,
      phoneNumber: sms.phoneId,
      toNumber: sms.toNumber,
      fromNumber: sms.fromNumber,
      body: sms.body,
      read: sms.read,
      media: [],
    },
  };
}
