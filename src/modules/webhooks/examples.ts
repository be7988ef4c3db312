import { randomUUID } from 'node:crypto';
import {
  bounceEvents, deliveryStatusEvent, emailOpenedEvent, emailReadEvent, newContactEvent, newSmsEvent, receivedEmailEvents, type WebhookEventName,
} from './payloads.js';

/**
 * Example payloads for the test routes, built by the same functions that build real
 * deliveries (payloads.ts) from sample records, so examples cannot drift
 * from what is sent. Events that never fire here (AI, guest users)
 * get sample fields in the client's shape.
 */
export function examplePayload(
  eventName: WebhookEventName,
  tenantId: string,
  webhook: { id: string; name: string | null } = { id: randomUUID(), name: null },
): Record<string, unknown> {
  const now = new Date();
  const inboxId = randomUUID();
  const emailId = randomUUID();
  const attachment = {
    id: randomUUID(), tenantId, emailId, name: 'example.pdf', contentType: 'application/pdf', size: 1024, contentId: null,
    sha256: '', createdAt: now,
  };
  const address = (a: string) => ({ rawValue: a, emailAddress: a, name: null });
  const email = {
    id: emailId, tenantId, inboxId, messageId: null, inReplyTo: null, subject: 'Example subject', from: 'sender@example.com',
    sender: address('sender@example.com'), recipients: { to: [address('inbox@pigeonhole.test')], cc: [], bcc: [] },
    replyTo: null, charset: 'utf-8', bodyMd5: '', bodyPartContentTypes: ['text/plain'], sizeBytes: 0, rawSha256: '',
    attachmentIds: [attachment.id], read: false, favourite: false, createdAt: now, updatedAt: now,
  };
  const bounce = {
    id: randomUUID(), tenantId, sentId: randomUUID(), notificationType: 'BOUNCE', sender: 'inbox@pigeonhole.test',
    subject: 'Example subject', sentTo: ['nobody@example.com'], bounceRecipients: ['nobody@example.com'],
    bounceMta: 'relay.example.com', bounceType: 'Permanent', bounceSubType: 'General', createdAt: now,
  };
  const [received, newAttachment] = receivedEmailEvents(email, [attachment]);
  const fieldsOf: Record<WebhookEventName, () => Record<string, unknown>> = {
    EMAIL_RECEIVED: () => received!.fields,
    NEW_EMAIL: () => received!.fields,
    NEW_ATTACHMENT: () => newAttachment!.fields,
    EMAIL_READ: () => emailReadEvent({ tenantId, inboxId, id: emailId }, now).fields,
    DELIVERY_STATUS: () => deliveryStatusEvent({
      id: randomUUID(), tenantId, sentId: randomUUID(), inboxId, recipient: 'someone@example.com', outcome: 'RELAYED' as const,
      smtpStatusCode: 250, smtpResponse: '250 2.0.0 OK', reportingMta: 'relay.example.com', processingMs: 42, createdAt: now,
    }, 'Example subject').fields,
    BOUNCE: () => bounceEvents(bounce, [])[0]!.fields,
    BOUNCE_RECIPIENT: () => ({ recipient: 'nobody@example.com' }),
    EMAIL_OPENED: () => emailOpenedEvent({
      id: randomUUID(), tenantId, name: null, recipient: 'someone@example.com', inboxId, sentEmailId: randomUUID(), seen: true, seenAt: now, createdAt: now,
    }, now).fields,
    NEW_CONTACT: () => newContactEvent({
      id: randomUUID(), tenantId, groupId: null, firstName: 'Ada', lastName: 'Lovelace', company: null,
      emailAddresses: ['ada@example.com'], tags: [], metaData: null, optOut: false, createdAt: now,
    }).fields,
    NEW_SMS: () => newSmsEvent({
      id: randomUUID(), tenantId, phoneId: randomUUID(), toNumber: '+15550000001', fromNumber: '+12125550100',
      body: 'Your code is 123456', read: false, favourite: false, createdAt: now, updatedAt: now,
    }).fields,
    NEW_AI_TRANSFORM_RESULT: () => ({}),
    NEW_GUEST_USER: () => ({}),
  };
  return { messageId: randomUUID(), webhookId: webhook.id, webhookName: webhook.name, eventName, ...fieldsOf[eventName]() };
}
