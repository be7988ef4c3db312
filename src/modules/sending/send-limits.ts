import { badRequest } from '../../core/errors.js';
import type { SendEmailInput } from './sending.types.js';

/** What one message sent through the API may carry (PIGEONHOLE_MAX_RECIPIENTS, PIGEONHOLE_MAX_HEADER_LENGTH). */
export interface SendLimits {
  maxRecipients: number;
  /** characters of one header value: subject, from name, reply-to, an address, a custom header */
  maxHeaderLength: number;
}

export const DEFAULT_SEND_LIMITS: SendLimits = { maxRecipients: 100, maxHeaderLength: 16_384 };

/** RFC 5322's line limit: a Message-ID is never folded, and it is indexed in both databases. */
export const MAX_MESSAGE_ID_LENGTH = 998;

/**
 * The checks every API send runs before anything else (sendEmail, queued, bulk, forwards,
 * replies): they look only at the input, so a queued send is refused with a 400 at once
 * rather than failing in the worker. Without them 10,000 recipients reached the database
 * (too many bound values: a 500 after seconds) and a 1 MB subject went into the MIME composer.
 */
export function checkSendInput(input: SendEmailInput, limits: SendLimits): void {
  const count = (list: string[] | null | undefined) => (list ?? []).filter((a) => a.trim() !== '').length;
  checkRecipientCount(count(input.to) + count(input.cc) + count(input.bcc), 'to, cc and bcc', limits);
  const fields: Array<[string, string | null | undefined]> = [
    ['subject', input.subject], ['fromName', input.fromName], ['from', input.from], ['replyTo', input.replyTo], ['charset', input.charset],
  ];
  for (const [name, value] of fields) checkHeaderLength(name, value, limits);
  for (const field of ['to', 'cc', 'bcc'] as const) {
    for (const address of input[field] ?? []) checkHeaderLength(`an address of ${field}`, address, limits);
  }
  for (const [name, value] of Object.entries(input.customHeaders ?? {})) {
    checkHeaderLength('a customHeaders name', name, limits);
    checkHeaderLength(`customHeaders '${name.slice(0, 40)}'`, value, limits);
  }
}

export function checkRecipientCount(count: number, field: string, limits: SendLimits): void {
  if (count > limits.maxRecipients) {
    throw badRequest(`${field} name ${count} recipients; at most ${limits.maxRecipients} per message (PIGEONHOLE_MAX_RECIPIENTS)`);
  }
}

export function checkHeaderLength(field: string, value: string | null | undefined, limits: SendLimits, max = limits.maxHeaderLength): void {
  if (typeof value === 'string' && value.length > max) {
    const why = max < limits.maxHeaderLength ? 'the line limit of RFC 5322' : 'PIGEONHOLE_MAX_HEADER_LENGTH';
    throw badRequest(`${field} is ${value.length} characters long; at most ${max} are accepted (${why})`);
  }
}
