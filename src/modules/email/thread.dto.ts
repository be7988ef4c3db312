import type { Static } from '@sinclair/typebox';
import { bareMessageId } from '../../core/message-id.js';
import type { ThreadItemRecord, ThreadRecord } from '../../storage/ports.js';
import { excerpt } from './email.dto.js';
import { displayBody } from './display-body.js';
import type { EmailThreadDto, EmailThreadItem, EmailThreadProjection } from './thread.schemas.js';

/** A thread is described by its first message; its updatedAt is the arrival of its latest. */
function opening(t: ThreadRecord) {
  const first = t.first;
  return {
    id: t.id,
    userId: t.tenantId,
    inboxId: first.inboxId,
    from: first.from,
    to: first.recipients.to.map((r) => r.emailAddress),
    cc: first.recipients.cc.map((r) => r.emailAddress),
    bcc: first.recipients.bcc.map((r) => r.emailAddress),
    sender: first.sender,
    recipients: first.recipients,
    subject: first.subject,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.last.createdAt.toISOString(),
  };
}

export const toEmailThreadDto = (t: ThreadRecord): Static<typeof EmailThreadDto> => opening(t);

/**
 * With `selected` (ThreadService.selectedTexts: what an `htmlSelector` matched in the latest
 * HTML body, null for nothing), the last body excerpt is that text.
 */
export function toEmailThreadProjection(t: ThreadRecord, selected?: string | null): Static<typeof EmailThreadProjection> {
  const last = t.last;
  return {
    ...opening(t),
    lastSender: last.sender,
    lastFrom: last.from,
    hasAttachments: t.hasAttachments,
    unread: t.unreadCount > 0,
    messageCount: t.messageCount,
    lastBodyExcerpt: excerpt(selected !== undefined ? selected : displayBody(last)),
    lastTextExcerpt: excerpt(last.textBody),
    lastCreatedAt: last.createdAt.toISOString(),
  };
}

export const toEmailThreadItem = (i: ThreadItemRecord): Static<typeof EmailThreadItem> => ({
  itemType: i.kind,
  entityId: i.id,
  // A sent body is never stored, so a sent item has no excerpts.
  bodyExcerpt: excerpt(displayBody(i)),
  textExcerpt: excerpt(i.textBody),
  subject: i.subject,
  to: i.recipients.to.map((r) => r.emailAddress),
  from: i.from,
  cc: i.recipients.cc.map((r) => r.emailAddress),
  bcc: i.recipients.bcc.map((r) => r.emailAddress),
  attachments: i.attachmentIds,
  createdAt: i.createdAt.toISOString(),
  read: i.read,
  inReplyTo: bareMessageId(i.inReplyTo),
  messageId: bareMessageId(i.messageId),
  threadId: i.threadId,
  sender: i.sender,
  recipients: i.recipients,
});
