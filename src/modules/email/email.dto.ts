import type { Static } from '@sinclair/typebox';
import type { AttachmentRecord, EmailRecord, EmailSummary } from '../../storage/ports.js';
import type { AttachmentMetaData, Email, EmailPreview, EmailProjection } from './email.schemas.js';
import { displayBody } from './display-body.js';
import { bareMessageId } from '../../core/message-id.js';
import { toEmailAnalysis } from '../mail-auth/mail-auth.service.js';

const EXCERPT_LENGTH = 255;

/** Whitespace collapsed, at most 255 characters (Email.bodyExcerpt / textExcerpt). */
export const excerpt = (text: string | null): string | null =>
  text === null ? null : text.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_LENGTH);

const LIST_EXCERPT_LENGTH = 160;
const listExcerpt = (text: string | null | undefined): string | null =>
  text === null || text === undefined ? null : excerpt(text)!.slice(0, LIST_EXCERPT_LENGTH);

function common(e: EmailSummary) {
  return {
    id: e.id,
    inboxId: e.inboxId,
    domainId: null,
    subject: e.subject,
    to: e.recipients.to.map((r) => r.emailAddress),
    from: e.from,
    cc: e.recipients.cc.map((r) => r.emailAddress),
    bcc: e.recipients.bcc.map((r) => r.emailAddress),
    sender: e.sender,
    recipients: e.recipients,
    createdAt: e.createdAt.toISOString(),
    read: e.read,
    attachments: e.attachmentIds,
    threadId: e.threadId ?? null,
    messageId: bareMessageId(e.messageId),
    inReplyTo: bareMessageId(e.inReplyTo),
    favourite: e.favourite,
    bodyPartContentTypes: e.bodyPartContentTypes,
    sizeBytes: e.sizeBytes,
  };
}

/** `plusAddress`: the id of the plus address the mail came to (getInboxPlusAddresses), else null. */
export const toEmailPreview = (e: EmailSummary): Static<typeof EmailPreview> => ({ ...common(e), plusAddress: e.plusAddressId ?? null });

export const toEmailProjection = (e: EmailSummary): Static<typeof EmailProjection> => ({
  ...common(e),
  // Lists do not load bodies: pages carry the start of the text body (storage bounds it), which
  // gives the preview line; other lists have none.
  textExcerpt: listExcerpt(e.previewText),
  bodyExcerpt: listExcerpt(e.previewText),
  plusAddress: e.plusAddressId ?? null,
  teamAccess: true,
});

export function toEmail(e: EmailRecord): Static<typeof Email> {
  const headers: Record<string, string> = {};
  const headersMap: Record<string, string[]> = {};
  for (const [name, value] of e.headers) {
    if (!(name in headers)) headers[name] = value;
    (headersMap[name] ??= []).push(value);
  }
  const body = displayBody(e);
  return {
    ...common(e),
    userId: e.tenantId,
    replyTo: e.replyTo,
    headers,
    headersMap,
    body,
    bodyExcerpt: excerpt(body),
    textExcerpt: excerpt(e.textBody),
    bodyMD5Hash: e.bodyMd5,
    isHTML: e.htmlBody !== null,
    html: e.htmlBody !== null,
    charset: e.charset,
    updatedAt: e.updatedAt.toISOString(),
    teamAccess: true,
    isXAmpHtml: false,
    xampHtml: false,
    externalId: null,
    // verdicts of mail checked on arrival over SMTP; null for mail that was not (imports, sends, checks off)
    analysis: e.authentication ? toEmailAnalysis(e.authentication) : null,
  };
}

export const toAttachmentMetaData = (a: AttachmentRecord): Static<typeof AttachmentMetaData> => ({
  id: a.id,
  name: a.name,
  contentType: a.contentType,
  contentLength: a.size,
  contentId: a.contentId,
});
