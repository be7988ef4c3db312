/**
 * The client's models define messageId as "RFC 5322 Message-ID header value without angle
 * brackets"; inReplyTo ("a Message-ID in a thread") takes the same form so the two compare.
 * Storage keeps the header form (<id>), which the sending module reuses for thread headers.
 */
export const bareMessageId = (value: string | null): string | null =>
  value === null ? null : value.trim().replace(/^<([^<>]*)>$/, '$1');
