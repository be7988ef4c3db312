import nodemailer from 'nodemailer';
import type { Relay, RelayResult } from '../../modules/sending/relay.js';

/** nodemailer's error for one refused recipient */
interface RejectedError { recipient?: string; responseCode?: number; response?: string; message?: string }

/**
 * Outbound delivery through the configured smarthost (PIGEONHOLE_RELAY_URL, e.g.
 * smtp://user:pass@host:587 or smtps://host:465). Certificates of the relay are checked
 * unless the URL says ?tls.rejectUnauthorized=false (nodemailer's own URL options).
 */
export function smtpRelay(url: string, timeoutMs = 30_000): Relay {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
  const reportingMta = new URL(url).host;
  return {
    async send(envelope, raw): Promise<RelayResult> {
      try {
        const info = await transport.sendMail({ envelope, raw });
        const rejected = (info.rejectedErrors ?? []).map((err: RejectedError) => ({
          recipient: String(err.recipient ?? ''),
          code: err.responseCode ?? null,
          response: err.response ?? err.message ?? 'recipient refused',
        }));
        const accepted = (info.accepted as Array<string | { address: string }>).map((a) => (typeof a === 'string' ? a : a.address));
        return { accepted, rejected, response: info.response ?? '', reportingMta };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string; rejectedErrors?: RejectedError[] };
        // The whole transaction failed (connection refused, all recipients refused, message
        // refused at DATA, ...). When every recipient was refused, each keeps its own reply.
        const own = new Map((e.rejectedErrors ?? []).map((r) => [String(r.recipient ?? '').toLowerCase(), r]));
        return {
          accepted: [],
          rejected: envelope.to.map((recipient) => {
            const r = own.get(recipient.toLowerCase()) ?? e;
            return { recipient, code: r.responseCode ?? null, response: r.response ?? r.message ?? 'relay failed' };
          }),
          response: e.response ?? e.message ?? 'relay failed',
          reportingMta,
        };
      }
    },
    close: () => transport.close(),
  };
}
