import type { Static } from '@sinclair/typebox';
import type { EmailRecord, EmailSummary, InboxRecord } from '../../storage/ports.js';
import { excerpt } from '../email/email.dto.js';
import type { FakeEmailDto, FakeEmailPreview } from './fake-email.schemas.js';

const PREVIEW_LENGTH = 160;

function common(inbox: InboxRecord, e: EmailSummary, preview: string | null) {
  return {
    id: e.id,
    emailAddress: inbox.emailAddress,
    sender: e.sender,
    recipients: e.recipients,
    subject: e.subject,
    preview: excerpt(preview)?.slice(0, PREVIEW_LENGTH) ?? null,
    seen: e.read,
    createdAt: e.createdAt.toISOString(),
  };
}

export const toFakeEmailPreview = (inbox: InboxRecord, e: EmailSummary): Static<typeof FakeEmailPreview> => ({
  ...common(inbox, e, e.previewText ?? null),
  hasAttachments: e.attachmentIds.length > 0,
});

export function toFakeEmailDto(inbox: InboxRecord, e: EmailRecord, attachmentNames: string[], baseUrl: string): Static<typeof FakeEmailDto> {
  const html = e.htmlBody !== null;
  return {
    ...common(inbox, e, e.textBody),
    attachmentNames,
    body: (html ? e.htmlBody : e.textBody) ?? '',
    contentType: html ? 'text/html' : 'text/plain',
    bodyUrl: `${baseUrl}/tools/fake-email/html?id=${encodeURIComponent(e.id)}`,
  };
}
