/**
 * What the mail transport and the job workers record for the Prometheus metrics, as a port:
 * the prom-client implementation lives in `transports/metrics.ts` and main.ts hands it in, so
 * jobs/ (which may not import transports) and tests without metrics use `NO_TELEMETRY`.
 */

/**
 * Why an SMTP command was refused: a closed set, so the label's cardinality stays bounded.
 * unknown_recipient (no such inbox, or expired), size (over the message size), parse_limit
 * (MIME depth or parts, the parse budget), ruleset (a rule blocked the sender), chaos (a fault
 * injected on purpose), auth (a wrong login or a lockout), rate (connection limits), other
 * (a local fault, a 451, anything else).
 */
export const REFUSAL_REASONS = ['unknown_recipient', 'size', 'parse_limit', 'ruleset', 'chaos', 'auth', 'rate', 'other'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What a webhook attempt came to (the webhook result's type, lower-cased). */
export type WebhookOutcome = 'success' | 'bad_response' | 'exception' | 'exhausted';

export interface MailTelemetry {
  /** an SMTP connection was admitted (any of the three listeners) */
  smtpSession(): void;
  /** a message was taken in (250 after DATA); `commitSeconds` from the end of DATA to the commit (MX mail) */
  messageAccepted(commitSeconds?: number): void;
  /** an SMTP command was refused */
  smtpRefused(reason: RefusalReason): void;
}

/**
 * The steps of storing a received message (modules/email/ingest.service.ts): SPF/DKIM/DMARC
 * checks, MIME parsing (on a worker thread), the inbound steps (rulesets, chaos), the
 * automation planners (forwarders, repliers) and the store (one transaction with the search
 * index, group-committed). Seconds are wall time, waits for a thread or a group's commit included.
 */
export const INGEST_STEPS = ['authenticate', 'parse', 'inbound_steps', 'plan', 'store'] as const;
export type IngestStep = (typeof INGEST_STEPS)[number];

export interface IngestTelemetry {
  /** one message spent `seconds` in `step` */
  ingestStep(step: IngestStep, seconds: number): void;
}

export interface WebhookTelemetry {
  /** one HTTP attempt of a webhook delivery, and how long the receiver took to answer */
  webhookAttempt(outcome: WebhookOutcome, seconds: number): void;
}

export type Telemetry = MailTelemetry & WebhookTelemetry & IngestTelemetry;

/** Records nothing: tests and callers without metrics. */
export const NO_TELEMETRY: Telemetry = {
  smtpSession: () => undefined,
  messageAccepted: () => undefined,
  smtpRefused: () => undefined,
  webhookAttempt: () => undefined,
  ingestStep: () => undefined,
};
