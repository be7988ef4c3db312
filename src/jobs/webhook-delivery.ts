import { randomUUID } from 'node:crypto';
import type { LogSink } from '../core/logger.js';
import { NO_TELEMETRY, type WebhookOutcome, type WebhookTelemetry } from '../core/telemetry.js';
import type { EventBus, EventName } from '../events/bus.js';
import type { ClaimedDelivery, DeliveryClaimFilter, WebhookAttemptOutcome, WebhookRepository, WebhookResultType } from '../storage/ports.js';
import { postWebhook, type HttpAttempt } from './webhook-http.js';
import type { AllowList } from './outbound-targets.js';
import { renderBody, signBody, SIGNATURE_HEADER } from './webhook-signature.js';
import { leasedJobRunner, type LeasedJobSource } from './leased-jobs.js';
import { groupCommit } from '../core/group-commit.js';

export interface WebhookDeliverySettings {
  /** per attempt, milliseconds */
  timeoutMs: number;
  /** failed deliveries are retried this long after the event (or a redrive), then dead-lettered */
  retryWindowMs: number;
  /** wait before the first retry; doubled each time up to maxBackoffMs */
  retryBaseMs: number;
  maxBackoffMs?: number;
  /** refuse non-public targets: fixed, or asked before each attempt (the automatic rule) */
  blockPrivate: boolean | (() => Promise<boolean>);
  /** targets opened despite the block (PIGEONHOLE_WEBHOOK_ALLOW) */
  allow?: AllowList;
  /** attempts in flight at once on this node */
  concurrency?: number;
  /**
   * attempts in flight at once to one target (a URL's origin) on this node: a slow or
   * unreachable receiver holds at most this many of the `concurrency` places (and as many
   * jobs claimed ahead, waiting for them), so the others go on being served. Default: a
   * quarter of `concurrency`.
   */
  perTargetConcurrency?: number;
}

/**
 * What turns domain events into delivery jobs (modules/webhooks/dispatcher.ts): the worker
 * runs it before each look for due jobs, so what a commit announced is sent in the same pass.
 */
export interface WebhookEventDispatcher {
  dispatchPending(): Promise<{
    /** events whose record was gone: removed without deliveries */
    dropped: Array<{ id: string; name: string; tenantId: string; entityId: string }>;
    /** events whose record could not be read: left pending for a later pass (PostgreSQL: once their claim's lease ends) */
    failed: Array<{ event: { id: string; name: string; entityId: string }; err: unknown }>;
  }>;
  /** single-process stores: claims a killed process left are void at start */
  releaseClaims(): Promise<void>;
}

/** Events after whose commit new domain events (or delivery jobs) may exist: each wakes the worker at once. */
const WAKING_EVENTS: EventName[] = ['email.received', 'delivery-status.created', 'email.read', 'email.sent', 'email.opened'];
const DEFAULT_MAX_BACKOFF_MS = 60 * 60 * 1000;
/** A URL inside an error text (an invalid target is quoted whole): left out of log lines, its userinfo or query may be secret. */
const ANY_URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/** Capped exponential backoff: base, 2×base, 4×base, ... never more than the cap. */
export function backoffMs(attemptsMade: number, baseMs: number, capMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), capMs);
}

/** Decides what an attempt means for the job: delivered, retry later, or dead letter. */
export function outcomeOf(job: ClaimedDelivery, attempt: HttpAttempt, now: number, settings: WebhookDeliverySettings): {
  resultType: WebhookResultType; next: WebhookAttemptOutcome['next']; disable: boolean;
} {
  const status = attempt.status;
  if (status !== null && status >= 200 && status < 300) return { resultType: 'SUCCESS', next: { state: 'delivered' }, disable: false };
  // 410 Gone: the receiver says the endpoint is gone for good; stop sending to it.
  if (status === 410) return { resultType: 'BAD_RESPONSE', next: { state: 'dead' }, disable: true };
  const attemptsMade = job.attempts + 1;
  const nextAttemptAt = now + backoffMs(attemptsMade, settings.retryBaseMs, settings.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS);
  if (nextAttemptAt > job.windowStart + settings.retryWindowMs) return { resultType: 'EXHAUSTED', next: { state: 'dead' }, disable: false };
  return { resultType: status === null ? 'EXCEPTION' : 'BAD_RESPONSE', next: { state: 'pending', nextAttemptAt }, disable: false };
}

/** The request headers of a delivery: custom ones first, then basic auth and the protocol headers. */
export function deliveryHeaders(job: ClaimedDelivery, body: string, secret: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of job.webhook.headers) headers[name.toLowerCase()] = value;
  const auth = job.webhook.basicAuth;
  if (auth) headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  headers['content-type'] = 'application/json';
  headers['x-event'] = job.eventName;
  headers['x-message-id'] = job.messageId;
  headers[SIGNATURE_HEADER] = signBody(secret, body);
  headers['user-agent'] = 'Pigeonhole-Webhooks';
  return headers;
}

/**
 * The delivery worker: first dispatches the pending domain events (the dispatcher turns
 * them into delivery jobs), then claims due jobs (leased, so a job is sent by one worker at
 * a time, and a job whose worker died is claimed again when the lease runs out), POSTs
 * them, records each attempt as a webhook result and schedules retries. Woken by bus events
 * after commits (any node's, through the cluster bridge) and by a timer for the next
 * retry; events and jobs live in the database, so a restart resumes where the last run
 * stopped (events a killed process left are dispatched by the first pass).
 */
export function webhookDeliveryWorker(deps: {
  repo: WebhookRepository;
  dispatcher: WebhookEventDispatcher;
  bus: EventBus;
  log: LogSink;
  settings: WebhookDeliverySettings;
  /** SQLite: no other process can hold a lease, so leases left by a crash are released at start */
  singleProcess: boolean;
  /** attempts by outcome and their latency, for the metrics; none = not recorded */
  telemetry?: WebhookTelemetry;
}) {
  const { repo, log, settings } = deps;
  const telemetry = deps.telemetry ?? NO_TELEMETRY;
  const concurrency = settings.concurrency ?? 64;
  const perTarget = settings.perTargetConcurrency ?? Math.max(1, Math.floor(concurrency / 4));
  const claimAhead = deps.singleProcess ? 0 : perTarget;
  const targets = targetLimits(perTarget, concurrency, claimAhead);
  // A lease outlives any attempt and the wait for its place (a job claimed ahead waits for at
  // most one attempt of each job before it: targetLimits), so a live worker never loses its job.
  const leaseMs = settings.timeoutMs * 3 + 5000;
  // Outcomes that finish while one is being written are written together, in one transaction.
  const record = groupCommit<{ claim: ClaimedDelivery; outcome: WebhookAttemptOutcome }>((entries) => repo.completeAll(entries, Date.now()));
  // Whether a look for due jobs may find one the last look did not take. A pass runs each time
  // an attempt ends; unless that attempt freed its target (or is to be retried), or something
  // from outside woke the worker (a commit, the timer: `prepare` runs), or the last look was cut
  // short by the number it could take, that pass would find what the last one left: nothing it
  // may take. Skipping those looks (and the next due time, unchanged) is what lets one claim
  // top up a target with several jobs instead of one per delivery.
  let lookAgain = true;
  // Bumped by each of those reasons: a look that found nothing clears `lookAgain` only if none
  // came while it ran (a target freed during the query would otherwise be forgotten).
  let reasons = 0;
  const mayFindMore = () => {
    lookAgain = true;
    reasons++;
  };
  let nextDue: number | undefined;
  // A target is freed when its requests end, before their outcomes are written: a pass must
  // follow, as no attempt of ours may end (and kick one) for a while.
  targets.onFreed(() => {
    mayFindMore();
    runner.claimMore();
  });
  const source: LeasedJobSource<ClaimedDelivery> = {
    async claimDue(now, limit, lease) {
      if (!lookAgain) return [];
      const before = reasons;
      const filter = targets.filter();
      // A claim takes at most what one target may hold: the look reads a few times its limit
      // (to pass over busy targets), and on SQLite it holds the event loop while it reads.
      const take = Math.min(limit, targets.mayHold);
      const jobs = await repo.claimDue(now, take, lease, filter);
      if (jobs.length < take && !filter.passedOver() && reasons === before) lookAgain = false;
      return jobs;
    },
    async nextDueAt() {
      if (lookAgain || nextDue === undefined || nextDue <= Date.now()) nextDue = await repo.nextDueAt(targets.saturatedWebhooks());
      return nextDue;
    },
    releaseLeases: () => repo.releaseLeases(),
  };
  const secrets = new Map<string, string>();
  const unsubscribe: Array<() => void> = [];

  const secretOf = async (tenantId: string) => {
    let secret = secrets.get(tenantId);
    if (!secret) {
      secret = await repo.signingSecret(tenantId);
      secrets.set(tenantId, secret);
    }
    return secret;
  };

  async function attempt(job: ClaimedDelivery): Promise<void> {
    const { place, done } = targets.start(job.webhookId, job.webhook.url);
    try {
      await place;
      await attemptAndRecord(job, done);
    } finally {
      done();
    }
  }

  /** `freeTarget` is called once the request is over: the target's limit is on requests, not on our writes */
  async function attemptAndRecord(job: ClaimedDelivery, freeTarget: () => void): Promise<void> {
    const startedAt = new Date();
    const body = renderBody(job.payload, job.webhook.requestBodyTemplate);
    const headers = deliveryHeaders(job, body, await secretOf(job.tenantId));
    const result = await postWebhook({ url: job.webhook.url, headers, body }, {
      timeoutMs: settings.timeoutMs, insecure: job.webhook.ignoreInsecureSsl, allow: settings.allow,
      blockPrivate: typeof settings.blockPrivate === 'function' ? await settings.blockPrivate() : settings.blockPrivate,
    });
    freeTarget();
    const now = Date.now();
    const decided = outcomeOf(job, result, now, settings);
    telemetry.webhookAttempt(decided.resultType.toLowerCase() as WebhookOutcome, result.durationMs / 1000);
    if (decided.resultType !== 'SUCCESS') {
      // never the URL (it may carry credentials), the headers or the payload: the webhook, the attempt and what came back
      log.warn({
        webhookId: job.webhookId, deliveryId: job.id, attempt: job.attempts + 1, status: result.status, error: result.error?.replace(ANY_URL, '[url]'),
        nextRetryAt: decided.next.state === 'pending' ? new Date(decided.next.nextAttemptAt).toISOString() : undefined,
        deadLettered: decided.next.state === 'dead',
      }, decided.next.state === 'pending' ? 'webhook attempt failed; it is retried' : 'webhook attempt failed; no more retries');
    }
    const resultId = randomUUID();
    await record([{ claim: job, outcome: {
      result: {
        id: resultId,
        tenantId: job.tenantId,
        webhookId: job.webhookId,
        deliveryId: job.id,
        messageId: job.messageId,
        redriveId: job.redriveOf,
        webhookUrl: job.webhook.url,
        httpMethod: 'POST',
        eventName: job.eventName,
        responseStatus: result.status,
        responseTimeMillis: result.durationMs,
        responseBodyExtract: result.bodyExcerpt ?? result.error,
        error: result.error,
        resultType: decided.resultType,
        inboxId: job.inboxId,
        emailId: job.emailId,
        attachmentId: job.attachmentId,
        phoneId: job.phoneId,
        smsId: job.smsId,
        createdAt: startedAt,
      },
      next: decided.next,
      disableWebhook: decided.disable,
    } }]);
    if (decided.next.state === 'pending') mayFindMore(); // due again later: the timer must know
    deps.bus.publish('webhook.result', { tenantId: job.tenantId, inboxId: job.inboxId ?? '', webhookId: job.webhookId, resultId, createdAt: new Date(now) });
  }

  async function dispatch(): Promise<void> {
    try {
      const report = await deps.dispatcher.dispatchPending();
      for (const event of report.dropped) {
        log.warn({ eventId: event.id, event: event.name, tenantId: event.tenantId, entityId: event.entityId },
          'webhook dispatcher: the record of the event is gone; dropped without deliveries');
      }
      for (const { event, err } of report.failed) {
        log.warn({ err, eventId: event.id, event: event.name, entityId: event.entityId },
          'webhook dispatcher: could not read the record of the event; a later pass dispatches it');
      }
    } catch (err) {
      // The events stay in the database; the next pass (a kick, or the idle poll) tries again.
      log.warn({ err }, 'webhook dispatcher: could not dispatch pending events; trying again shortly');
    }
  }

  const runner = leasedJobRunner({
    name: 'webhook worker',
    source,
    run: attempt,
    prepare: () => {
      mayFindMore();
      return dispatch();
    },
    describe: (job) => ({ messageId: job.messageId }),
    // and places for the jobs claimed ahead (targetLimits): requests stay at `concurrency`
    concurrency: concurrency + (claimAhead > 0 ? concurrency : 0),
    leaseMs,
    log,
    singleProcess: deps.singleProcess,
  });

  return {
    ...runner,
    async start(): Promise<void> {
      if (deps.singleProcess) await deps.dispatcher.releaseClaims();
      await runner.start();
      // One turn of the event loop later: the requests the event answers (a waitForLatestEmail
      // held open for this mail) go first, and their queries do not queue behind the look
      // for due jobs, which mostly finds none.
      let soon: NodeJS.Immediate | undefined;
      const kickSoon = () => {
        soon ??= setImmediate(() => {
          soon = undefined;
          runner.kick();
        });
      };
      for (const name of WAKING_EVENTS) unsubscribe.push(deps.bus.subscribe(name, kickSoon));
      unsubscribe.push(() => soon && clearImmediate(soon));
    },
    /** stops claiming, and waits for the attempts under way to be recorded */
    async stop(): Promise<void> {
      for (const off of unsubscribe.splice(0)) off();
      await runner.stop();
    },
  };
}

export type WebhookDeliveryWorker = ReturnType<typeof webhookDeliveryWorker>;

/**
 * Attempts per target (a webhook URL's origin) on this node: at most `perTarget` requests
 * under way to one target and `total` in all, and up to `claimAhead` more of a target's jobs
 * claimed ahead, waiting for one of its places. On PostgreSQL a claim is a round trip or two:
 * claiming ahead keeps a fast target's places busy while the next claim is on its way, and
 * makes each claim take a target's worth of jobs; a single receiver was held to ~1,000
 * deliveries a second there without it. (On SQLite a claim runs on the event loop with no
 * wait to fill, and claiming ahead measured slower.) Which webhooks' jobs a claim must leave
 * for now, and which of the due jobs it looks at it may take, follow from what is held.
 */
export function targetLimits(perTarget: number, total = Infinity, claimAhead = 0) {
  /** per target: jobs claimed whose request has not ended (waiting for a place, or under way) */
  const held = new Map<string, number>();
  /** per target: requests under way */
  const inFlight = new Map<string, number>();
  let requests = 0;
  /** attempts waiting for a place, in the order they were claimed */
  const waiting: Array<{ target: string; go: () => void }> = [];
  const mayHold = perTarget + claimAhead;
  /** a full target is topped up once it holds this few: a claim then takes at least half a target's worth */
  const refillAt = mayHold - Math.max(claimAhead, Math.ceil(perTarget / 2));
  /** the target of each webhook seen in a claim (a webhook's URL may change: updated when seen again) */
  const targetOf = new Map<string, string>();
  const originOf = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  };
  /**
   * Targets that hold all they may, until what they hold is down to `refillAt`: they are then
   * topped up in one claim, not one job per claim as each attempt ends (a claim costs the same
   * for one job as for many, and one per delivery held a fast receiver to a few hundred a second).
   */
  const full = new Set<string>();
  let freed = () => {};
  const count = (map: Map<string, number>, key: string, by: number) => {
    const now = (map.get(key) ?? 0) + by;
    if (now === 0) map.delete(key);
    else map.set(key, now);
    return now;
  };
  /** Starts the waiting attempts that now have a place, oldest first. */
  const admit = () => {
    for (let i = 0; i < waiting.length && requests < total;) {
      const { target, go } = waiting[i]!;
      if ((inFlight.get(target) ?? 0) >= perTarget) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      count(inFlight, target, 1);
      requests++;
      go();
    }
  };
  const saturatedWebhooks = (): string[] =>
    full.size === 0 ? [] : [...targetOf].filter(([, target]) => full.has(target)).map(([webhookId]) => webhookId);
  return {
    saturatedWebhooks,
    /** jobs one target may hold: claimed, waiting for a place or under way */
    mayHold,
    /** `listener` runs when a target that held all it may can take more */
    onFreed(listener: () => void): void {
      freed = listener;
    },
    filter(): DeliveryClaimFilter & { passedOver(): boolean } {
      let passed = false;
      return {
        skipWebhookIds: saturatedWebhooks(),
        /** whether it left a due job for its target's limit: a later look may find others */
        passedOver: () => passed,
        choose(due, limit) {
          const taken = new Map<string, number>();
          const chosen: string[] = [];
          for (const job of due) {
            if (chosen.length >= limit) break;
            const target = originOf(job.url);
            targetOf.set(job.webhookId, target);
            const busy = (held.get(target) ?? 0) + (taken.get(target) ?? 0);
            if (busy >= mayHold || full.has(target)) {
              passed = true;
              continue;
            }
            taken.set(target, (taken.get(target) ?? 0) + 1);
            chosen.push(job.id);
          }
          return chosen;
        },
      };
    },
    /**
     * A claimed job of this webhook is held: `place` resolves when its request may begin, and
     * `done` ends the request (or gives the job up before it began).
     */
    start(webhookId: string, url: string): { place: Promise<void>; done: () => void } {
      const target = originOf(url);
      targetOf.set(webhookId, target);
      if (count(held, target, 1) >= mayHold) full.add(target);
      let began = false;
      let ended = false;
      const entry = { target, go: () => {} };
      const place = new Promise<void>((resolve) => {
        entry.go = () => {
          began = true;
          resolve();
        };
      });
      waiting.push(entry);
      admit();
      return {
        place,
        done: () => {
          if (ended) return;
          ended = true;
          if (began) {
            count(inFlight, target, -1);
            requests--;
          } else {
            waiting.splice(waiting.indexOf(entry), 1);
          }
          const left = count(held, target, -1);
          admit();
          if (left <= refillAt && full.delete(target)) freed();
        },
      };
    },
  };
}
