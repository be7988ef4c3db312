import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService, SendOutcome } from '../sending/sending.service.js';
import { sendFromInboxOrNew } from '../sending/send-from.js';

export interface SimpleSend {
  senderId?: string | null;
  to: string;
  body?: string | null;
  subject?: string | null;
}

/** An opening or closing tag, a comment or a doctype: what makes a body "HTML". */
const HTML_TAG = /<(?:[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?|\/[a-z][a-z0-9-]*\s*|!--[\s\S]*?--|!doctype\s[^<>]*)>/i;

/** Does the simple send's body read as HTML ("Supports HTML": it is sent as such)? */
export const looksLikeHtml = (body: string): boolean => HTML_TAG.test(body);

/**
 * sendEmailSimple / sendEmailQuery: SendEmailOptions with one recipient, the subject and the
 * body (HTML when it has tags, else text), sent by SendingService from senderId or, without
 * one, from a new inbox of the caller's made for it (removed again when the send is refused).
 */
export function sendSimple(
  services: { inboxes: InboxService; sending: SendingService },
  tenantId: string,
  options: SimpleSend,
): Promise<SendOutcome> {
  const body = options.body ?? '';
  return sendFromInboxOrNew(services, tenantId, options.senderId, {
    to: [options.to],
    subject: options.subject ?? null,
    body,
    isHTML: looksLikeHtml(body),
  });
}
