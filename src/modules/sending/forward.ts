import type { EmailRecord } from '../../storage/ports.js';
import type { SendingService, SendOutcome } from './sending.service.js';

export interface ForwardInput {
  to: string[];
  subject?: string | null;
  cc?: string[] | null;
  bcc?: string[] | null;
  from?: string | null;
  useInboxName?: boolean | null;
  filterBouncedRecipients?: boolean | null;
  /** extra headers on the forwarded message (a forwarder's loop-detection path) */
  headers?: Record<string, string>;
}

/**
 * forwardEmail: a new message from the inbox that received `original`, with its body (the HTML
 * part when it has one, else the text) and all its attachments (inline ones keep their
 * Content-ID, so cid: images still resolve), sent like sendEmail: local recipients receive
 * it, others go to the relay or are captured.
 */
export function forwardEmail(sending: SendingService, original: EmailRecord, input: ForwardInput): Promise<SendOutcome> {
  const subject = original.subject ?? '';
  const isHtml = original.htmlBody !== null;
  return sending.send(original.tenantId, original.inboxId, {
    to: input.to,
    cc: input.cc,
    bcc: input.bcc,
    from: input.from,
    useInboxName: input.useInboxName,
    filterBouncedRecipients: input.filterBouncedRecipients,
    subject: input.subject ?? (/^fwd?:/i.test(subject) ? subject : `Fwd: ${subject}`),
    body: (isHtml ? original.htmlBody : original.textBody) ?? '',
    isHTML: isHtml,
    attachments: original.attachmentIds,
    customHeaders: input.headers,
  });
}
