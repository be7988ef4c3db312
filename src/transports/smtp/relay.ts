import nodemailer from 'nodemailer';
import type { Relay, RelayResult } from '../../modules/sending/relay.js';

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
        const rejected = (info.rejectedErrors ?? []).map((err: { recipient?: string; responseCode?: number; response?: string; message: string }) => ({
          recipient: String(err.recipient ?? ''),
          code: err.responseCode ?? null,
          response: err.response ?? err.message,
        }));
        const accepted = (info.accepted as Array<string | { address: string }>).map((a) => (typeof a === 'string' ? a : a.address));
        return { accepted, rejected, response: info.response ?? '', reportingMta };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string };
        // The whole transaction failed (connection refused, all recipients refused, ...).
        return {
          accepted: [],
          rejected: envelope.to.map((recipient) => ({ recipient, code: e.responseCode ?? null, response: e.response ?? e.message ?? 'relay failed' })),
          response: e.response ?? e.message ?? 'relay failed',
          reportingMta,
        };
      }
    },
    close: () => transport.close(),
  };
}
