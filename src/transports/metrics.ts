import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { INGEST_STEPS, REFUSAL_REASONS, type IngestStep, type RefusalReason, type Telemetry, type WebhookOutcome } from '../core/telemetry.js';
import type { ServerGaugeRepository } from '../storage/ports.js';

/** What the gauges read at scrape time. */
export interface GaugeSources {
  /** server-wide counts (cached here: at most one query each per refresh interval) */
  counts: ServerGaugeRepository;
  /** waits (waitFor*, held long polls) registered on this node now */
  waitsHeld(): number;
}

/** A scrape's answer, for whichever listener serves it (the HTTP app or the metrics port). */
export interface ScrapeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Least time between two COUNTs of one gauge: scrapes closer together see the last value. */
const MIN_REFRESH_MS = 1000;
/** A COUNT may take at most this share of one connection's time (20 × its own duration between runs). */
const REFRESH_COST_FACTOR = 20;

/**
 * A COUNT read at scrape time but never more often than its own cost allows: at least
 * MIN_REFRESH_MS apart, and REFRESH_COST_FACTOR times as long as the last one took (a COUNT
 * that takes 100 ms over a million rows runs at most every 2 s however often Prometheus
 * scrapes). Concurrent scrapes share one query; a failed query keeps the last value.
 */
class CachedCount {
  private value = 0;
  private readAt = -Infinity;
  private costMs = 0;
  private pending: Promise<void> | undefined;

  constructor(private readonly read: () => Promise<number>) {}

  async get(): Promise<number> {
    const maxAge = Math.max(MIN_REFRESH_MS, this.costMs * REFRESH_COST_FACTOR);
    if (performance.now() - this.readAt >= maxAge) {
      this.pending ??= this.refresh().finally(() => (this.pending = undefined));
      await this.pending;
    }
    return this.value;
  }

  private async refresh(): Promise<void> {
    const started = performance.now();
    try {
      this.value = await this.read();
    } catch {
      // the database is unreachable for a moment: the scrape answers the last value (and /health says why)
    }
    const now = performance.now();
    this.costMs = now - started;
    this.readAt = now;
  }
}

/** Seconds buckets for commits and webhook answers: a few ms up to the 10 s of a slow receiver. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The Prometheus metrics of one server instance, in a registry of its own (tests run several
 * servers in one process, so prom-client's global default registry is never used). It is the
 * `Telemetry` the SMTP transport and the webhook worker record into; HTTP requests are counted
 * by `transports/http/metrics.ts`, and gauges are read when scraped.
 */
export class ServerMetrics implements Telemetry {
  readonly registry = new Registry();
  private readonly sessions: Counter;
  private readonly accepted: Counter;
  private readonly refusals: Counter<'reason'>;
  private readonly commitSeconds: Histogram;
  private readonly webhookAttempts: Counter<'outcome'>;
  private readonly webhookSeconds: Histogram;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly ingestSteps: Histogram<'step'>;
  private readonly tokenDigest: Buffer | undefined;

  constructor(sources: GaugeSources, options: { token?: string } = {}) {
    const registers = [this.registry];
    this.tokenDigest = options.token ? digest(options.token) : undefined;
    collectDefaultMetrics({ register: this.registry });
    this.sessions = new Counter({ name: 'pigeonhole_smtp_sessions_total', help: 'SMTP connections admitted, over the plain, submission and implicit TLS listeners', registers });
    this.accepted = new Counter({ name: 'pigeonhole_smtp_messages_accepted_total', help: 'Messages taken in over SMTP (answered 250 after DATA), MX delivery and authenticated submission', registers });
    this.refusals = new Counter({
      name: 'pigeonhole_smtp_refusals_total', labelNames: ['reason'], registers,
      help: `SMTP commands refused (connection, AUTH, RCPT or DATA), by reason: ${REFUSAL_REASONS.join(', ')}`,
    });
    // Every reason from the start at 0, so rate() and alerts see the series before the first refusal.
    for (const reason of REFUSAL_REASONS) this.refusals.inc({ reason }, 0);
    this.commitSeconds = new Histogram({
      name: 'pigeonhole_ingest_commit_seconds', buckets: LATENCY_BUCKETS, registers,
      help: 'Seconds from the end of an SMTP DATA to the commit of the message (parse, checks, store)',
    });
    this.ingestSteps = new Histogram({
      name: 'pigeonhole_ingest_step_seconds', labelNames: ['step'], buckets: LATENCY_BUCKETS, registers,
      help: `Seconds a received message spent in each step of its storing: ${INGEST_STEPS.join(', ')} (wall time: waits for a worker thread or a group's commit included)`,
    });
    this.webhookAttempts = new Counter({
      name: 'pigeonhole_webhook_deliveries_total', labelNames: ['outcome'], registers,
      help: 'Webhook delivery attempts, by outcome: success, bad_response (a non-2xx answer), exception (no answer), exhausted (the last, dead-lettered)',
    });
    this.webhookSeconds = new Histogram({
      name: 'pigeonhole_webhook_delivery_seconds', buckets: LATENCY_BUCKETS, registers,
      help: 'Seconds a webhook receiver took to answer an attempt (or to fail it)',
    });
    this.httpRequests = new Counter({
      name: 'pigeonhole_http_requests_total', labelNames: ['method', 'route', 'status'], registers,
      help: 'HTTP requests answered, by method, route template (never the raw URL) and status code',
    });
    const stored = new CachedCount(() => sources.counts.storedEmails());
    const webhooksPending = new CachedCount(() => sources.counts.pendingWebhookDeliveries());
    const sendsPending = new CachedCount(() => sources.counts.pendingSends());
    new Gauge({
      name: 'pigeonhole_stored_emails', help: 'Emails stored, all inboxes of all accounts (a COUNT, refreshed at most every second or so)', registers,
      async collect() { this.set(await stored.get()); },
    });
    new Gauge({
      name: 'pigeonhole_waits_held', help: 'Waits (waitFor* calls and other long polls) held open on this node', registers,
      collect() { this.set(sources.waitsHeld()); },
    });
    new Gauge({
      name: 'pigeonhole_webhook_deliveries_pending', help: 'Webhook deliveries not yet delivered or dead-lettered (due, retrying or in flight)', registers,
      async collect() { this.set(await webhooksPending.get()); },
    });
    new Gauge({
      name: 'pigeonhole_send_queue_pending', help: 'Queued sends (sendEmailWithQueue) not yet sent or failed', registers,
      async collect() { this.set(await sendsPending.get()); },
    });
  }

  smtpSession(): void {
    this.sessions.inc();
  }

  ingestStep(step: IngestStep, seconds: number): void {
    this.ingestSteps.observe({ step }, seconds);
  }

  messageAccepted(commitSeconds?: number): void {
    this.accepted.inc();
    if (commitSeconds !== undefined) this.commitSeconds.observe(commitSeconds);
  }

  smtpRefused(reason: RefusalReason): void {
    this.refusals.inc({ reason });
  }

  webhookAttempt(outcome: WebhookOutcome, seconds: number): void {
    this.webhookAttempts.inc({ outcome });
    this.webhookSeconds.observe(seconds);
  }

  /** One answered HTTP request; `route` is the route's template (`/inboxes/:inboxId`), or 'unmatched'. */
  httpRequest(method: string, route: string, status: number): void {
    this.httpRequests.inc({ method, route, status: String(status) });
  }

  /** The text exposition, or 401 when a token is set and `authorization` is not `Bearer <token>`. */
  async scrape(authorization: string | undefined): Promise<ScrapeAnswer> {
    if (this.tokenDigest && !this.authorized(authorization)) {
      return { status: 401, contentType: 'application/json', body: JSON.stringify({ error: 'Unauthorized', message: 'GET /metrics needs Authorization: Bearer <PIGEONHOLE_METRICS_TOKEN>' }) };
    }
    return { status: 200, contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private authorized(authorization: string | undefined): boolean {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    // compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong byte
    return match !== null && timingSafeEqual(digest(match[1]!.trim()), this.tokenDigest!);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
