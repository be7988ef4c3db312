import type { EmailRecord } from '../../storage/ports.js';

const header = (email: EmailRecord, name: string) => email.headers.find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Time from the message's Date header to its receipt. Date has whole seconds, so this is as
 * exact as the sender's clock and a second; null without a readable Date, or one after the receipt.
 */
export function latencyOf(email: EmailRecord): number | null {
  const value = header(email, 'date');
  const sent = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(sent)) return null;
  const latency = email.createdAt.getTime() - sent;
  return latency >= 0 ? latency : null;
}

/** What a seed's message shows: sender, subject, the tracking token's presence, authentication verdicts. */
export function evidenceOf(email: EmailRecord, trackingToken: string): Record<string, string> {
  const evidence: Record<string, string> = {
    from: email.from ?? '',
    subject: email.subject ?? '',
    trackingTokenFound: String([email.subject, email.textBody, email.htmlBody].some((part) => part?.includes(trackingToken) ?? false)),
  };
  const auth = email.authentication;
  if (auth) {
    evidence.spf = auth.spf;
    evidence.dkim = auth.dkim.length ? auth.dkim.map((d) => d.result).join(',') : 'none';
    evidence.dmarc = auth.dmarc;
    if (auth.clientIp) evidence.clientIp = auth.clientIp;
  } else {
    evidence.authentication = 'not checked: the message did not come in over SMTP with PIGEONHOLE_MAIL_AUTH on';
  }
  return evidence;
}
