import type { Static } from '@sinclair/typebox';
import { bareMessageId } from '../../core/message-id.js';
import type { DeliveryStatusRecord, SentEmailRecord } from '../../storage/ports.js';
import type { DeliveryStatusDto, SentEmailDto, SentEmailProjection } from './sending.schemas.js';

function common(s: SentEmailRecord) {
  return {
    id: s.id,
    userId: s.tenantId,
    inboxId: s.inboxId,
    from: s.from,
    sender: s.sender,
    recipients: s.recipients,
    to: s.recipients.to.map((r) => r.emailAddress),
    cc: s.recipients.cc.map((r) => r.emailAddress),
    bcc: s.recipients.bcc.map((r) => r.emailAddress),
    subject: s.subject,
    attachments: s.attachmentIds,
    messageId: bareMessageId(s.messageId),
    inReplyTo: bareMessageId(s.inReplyTo),
    threadId: s.threadId ?? null,
    virtualSend: s.virtualSend,
    createdAt: s.createdAt.toISOString(),
    // The body is never stored, so there is nothing to excerpt.
    bodyExcerpt: null,
    textExcerpt: null,
  };
}

export const toSentEmailProjection = (s: SentEmailRecord): Static<typeof SentEmailProjection> => common(s);

export function toSentEmailDto(s: SentEmailRecord): Static<typeof SentEmailDto> {
  return {
    ...common(s),
    domainId: null,
    replyTo: s.replyTo,
    body: null,
    bodyMD5Hash: s.bodyMd5,
    toContacts: [],
    toGroup: null,
    charset: s.charset,
    isHTML: s.isHtml,
    html: s.isHtml,
    sentAt: s.createdAt.toISOString(),
    pixelIds: s.pixelIds ?? [],
    messageIds: [bareMessageId(s.messageId)!],
    templateId: s.templateId ?? null,
    headers: Object.fromEntries(s.headers),
    favourite: false,
    sizeBytes: s.sizeBytes,
  };
}

export const toDeliveryStatusDto = (d: DeliveryStatusRecord, subject: string | null = null): Static<typeof DeliveryStatusDto> => ({
  id: d.id,
  userId: d.tenantId,
  sentId: d.sentId,
  inboxId: d.inboxId,
  recipients: [d.recipient],
  smtpResponse: d.smtpResponse,
  smtpStatusCode: d.smtpStatusCode,
  reportingMta: d.reportingMta,
  remoteMtaIp: null,
  processingTimeMillis: d.processingMs,
  received: d.outcome === 'DELIVERED' || d.outcome === 'RELAYED' ? d.createdAt.toISOString() : null,
  subject,
  outcome: d.outcome,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.createdAt.toISOString(),
});
