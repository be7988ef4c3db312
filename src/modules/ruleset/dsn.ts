/**
 * RFC 3464 delivery status notifications for the bounce actions of rulesets: a
 * multipart/report (report-type=delivery-status) with a human-readable part, the
 * message/delivery-status part for the one refused recipient, and the original message's
 * headers (text/rfc822-headers, RFC 6522).
 */
import { randomBytes } from 'node:crypto';

/** Most header bytes of the original message a DSN carries (RFC 3462 allows headers only). */
export const MAX_RETURNED_HEADERS = 64 * 1024;

export interface DsnInput {
  /** the host that refused: the recipient inbox's domain */
  reportingMta: string;
  /** who the DSN is to: the return path of the refused message */
  to: string;
  /** the inbox that refused it */
  recipient: string;
  /** hard: permanent (5.7.1); soft: transient (4.7.1) */
  permanent: boolean;
  /** why, naming the rule */
  diagnostic: string;
  /** the header block of the refused message */
  originalHeaders: string;
  /** when the refused message arrived */
  arrivalDate: Date;
  now: Date;
  /** the SMTP code and RFC 3463 status reported (chaos bounces name theirs); 550/450 and 5.7.1/4.7.1 when unset */
  code?: number;
  status?: string;
}

/** Status code of the bounce: 5.7.1 / 4.7.1, "delivery not authorized, message refused" (RFC 3463). */
export const dsnStatus = (permanent: boolean): string => (permanent ? '5.7.1' : '4.7.1');

/** The header block of a raw message (up to the first empty line), cut at a line end after MAX_RETURNED_HEADERS bytes. */
export function headerBlockOf(raw: Buffer): string {
  const text = raw.subarray(0, Math.min(raw.length, 1024 * 1024 + 4)).toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  let headers = end ? text.slice(0, end.index) : text;
  if (headers.length > MAX_RETURNED_HEADERS) {
    headers = headers.slice(0, MAX_RETURNED_HEADERS);
    headers = headers.slice(0, Math.max(0, headers.lastIndexOf('\n')));
  }
  return headers.replace(/\r?\n/g, '\r\n');
}

/** Printable ASCII on one line: what a header or delivery-status field may hold. */
const oneLine = (value: string): string => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 900);

export function buildDsn(input: DsnInput): Buffer {
  const boundary = `dsn-${randomBytes(12).toString('hex')}`;
  const status = input.status ?? dsnStatus(input.permanent);
  const code = String(input.code ?? (input.permanent ? 550 : 450));
  const mta = oneLine(input.reportingMta);
  const recipient = oneLine(input.recipient);
  const lines = [
    `From: Mail Delivery System <mailer-daemon@${mta}>`,
    `To: <${oneLine(input.to)}>`,
    `Subject: ${input.permanent ? 'Undelivered Mail Returned to Sender' : 'Delivery Status Notification (Delay)'}`,
    `Date: ${input.now.toUTCString()}`,
    `Message-ID: <${randomBytes(16).toString('hex')}@${mta}>`,
    // RFC 3834: never auto-reply to this
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `Your message to <${recipient}> was not delivered.`,
    '',
    oneLine(input.diagnostic),
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    `Reporting-MTA: dns; ${mta}`,
    `Arrival-Date: ${input.arrivalDate.toUTCString()}`,
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${code} ${status} ${oneLine(input.diagnostic)}`,
    `Last-Attempt-Date: ${input.now.toUTCString()}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    input.originalHeaders,
    '',
    `--${boundary}--`,
    '',
  ];
  return Buffer.from(lines.join('\r\n'), 'latin1');
}
