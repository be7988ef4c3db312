import type { Clock } from '../../core/clock.js';
import { createResolver } from '../../core/dns.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { AllowList } from '../../jobs/outbound-targets.js';
import { postWebhook } from '../../jobs/webhook-http.js';
import type {
  AutomationJobRepository, ClaimedAutomationJob, DomainMonitorAlertSinkRecord, DomainMonitorRecord, DomainMonitorRepository,
  DomainMonitorRunRecord, DomainMonitorSampleRecord, EmailRecord, InboxRecord,
} from '../../storage/ports.js';
import type { FollowUpPlanner } from '../email/ingest.service.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService } from '../sending/sending.service.js';
import {
  CHECKS, DEFAULT_DKIM_SELECTORS, checkAuthStack, type AuthStackReport, type AuthStackResults, type AuthStackSettings, type CheckName, type CheckResult,
} from './auth-stack.js';
import { domainOf, trustedAuthResults, type SampleStatus } from './auth-results.js';
import { DEFAULT_INTERVAL_SECONDS, SEVERITIES } from './domain-monitor.schemas.js';

export const DOMAIN_MONITOR_ALERT = 'domain-monitor-alert' as const;
export type Severity = (typeof SEVERITIES)[number];
export type TriggerSource = 'API' | 'USER_SCHEDULE' | 'CRON' | 'SCHEDULER';

export interface DomainMonitorSettings {
  /** PIGEONHOLE_DNS_SERVERS; empty = the system's resolvers */
  dnsServers: readonly string[];
  /** PIGEONHOLE_MX_PROBE_PORT */
  mxProbePort: number;
  /** per network step of a check, and each webhook alert */
  timeoutMs: number;
  /** the webhook target policy: alert webhooks and the MTA-STS policy fetch (fixed, or asked per use: the automatic rule) */
  blockPrivate: boolean | (() => Promise<boolean>);
  allow?: AllowList;
  /** this server's authserv-id in Authentication-Results (PIGEONHOLE_PUBLIC_HOST, else PIGEONHOLE_DOMAIN) */
  authservId: string;
}

export interface MonitorInput {
  domain?: string;
  name?: string | null;
  intervalSeconds?: number | null;
  enabled?: boolean | null;
  schedulingEnabled?: boolean | null;
  dkimSelectors?: string[] | null;
}

/** What a run keeps of its report (DomainMonitorRunRecord.result). */
export interface StoredResult {
  stack: AuthStackResults;
  checks: CheckResult[];
  dmarcEnforced: boolean;
}

export interface AlertChange { check: CheckName; previousStatus: string | null; status: string; details: string }

export interface AlertPayload {
  type: 'DOMAIN_MONITOR_ALERT';
  monitorId: string;
  monitorName: string | null;
  domain: string;
  severity: Severity;
  runId: string;
  previousRunId: string;
  status: string;
  previousStatus: string;
  healthScore: number;
  previousHealthScore: number;
  changes: AlertChange[];
  createdAt: string;
}

export interface WindowQuery { since?: Date; before?: Date }

/** Most runs read for insights, a series or a summary: the newest of the window. */
export const MAX_RUNS_READ = 5000;
/** Most samples listed (newest first). */
export const MAX_SAMPLES_LISTED = 500;
const DAY_MS = 24 * 3600 * 1000;
const CORE: ReadonlySet<CheckName> = new Set(['SPF', 'DMARC', 'MX', 'DKIM']);
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

export function normalizeDomain(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN_RE.test(domain)) throw badRequest(`domain "${raw}" is not a domain name such as example.com`);
  return domain;
}

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/** How severe a set of check changes is: see README "Domain monitors". */
export function severityOf(changes: AlertChange[], status: string, previousStatus: string): Severity {
  let severity: Severity = 'LOW';
  const raise = (s: Severity) => { if (rank(s) > rank(severity)) severity = s; };
  for (const change of changes) {
    if (change.status === 'FAIL' || change.status === 'ERROR') raise(CORE.has(change.check) ? 'HIGH' : 'MEDIUM');
    else if (change.status === 'WARN' && change.previousStatus === 'PASS') raise(CORE.has(change.check) ? 'MEDIUM' : 'LOW');
  }
  if (status !== previousStatus && (status === 'CRITICAL' || status === 'FAILED')) raise('CRITICAL');
  return severity;
}

export function changesBetween(previous: StoredResult, current: StoredResult): AlertChange[] {
  const before = new Map(previous.checks.map((c) => [c.check, c.status]));
  return current.checks
    .filter((c) => before.get(c.check) !== c.status)
    .map((c) => ({ check: c.check, previousStatus: before.get(c.check) ?? null, status: c.status, details: c.details }));
}

/**
 * DomainMonitorController: monitors of a domain's mail authentication stack (auth-stack.ts), their
 * runs (now, due, or on the schedule of the `domain-monitors` periodic job), comparisons, series
 * and insights computed from the stored runs, alert sinks told of changed checks through durable
 * automation jobs, and the verdicts observed on mail received from the domain.
 */
export class DomainMonitorService {
  /** IngestService's hook: every received copy passes `observe`; a fault there never refuses the mail */
  readonly samplePlanner: FollowUpPlanner = {
    name: 'domain-monitor-samples',
    plan: async (_message, email, inbox) => {
      await this.observe(email, inbox).catch(() => 0);
      return [];
    },
  };

  /** set in services.ts: email alerts go out through it */
  sending: SendingService | undefined;
  /** wakes the automation job worker after alerts are queued */
  wake: () => void = () => {};

  constructor(
    private readonly repo: DomainMonitorRepository,
    private readonly inboxes: InboxService,
    private readonly jobs: AutomationJobRepository,
    private readonly clock: Clock,
    readonly settings: DomainMonitorSettings,
  ) {}

  /** the service's clock (runDueDomainMonitors' executedAt) */
  now(): Date {
    return this.clock.now();
  }

  private blockPrivate(): Promise<boolean> {
    const rule = this.settings.blockPrivate;
    return typeof rule === 'function' ? rule() : Promise.resolve(rule);
  }

  private async stackSettings(): Promise<AuthStackSettings> {
    return {
      resolver: createResolver(this.settings.dnsServers, { timeoutMs: Math.min(this.settings.timeoutMs, 3000), tries: 2 }),
      mxProbePort: this.settings.mxProbePort, timeoutMs: this.settings.timeoutMs,
      blockPrivate: await this.blockPrivate(), allow: this.settings.allow,
    };
  }

  async create(tenantId: string, input: MonitorInput & { domain: string }): Promise<DomainMonitorRecord> {
    const now = this.clock.now();
    const scheduling = input.schedulingEnabled ?? input.enabled ?? true;
    const monitor: DomainMonitorRecord = {
      id: newId(), tenantId, domain: normalizeDomain(input.domain), name: input.name?.trim() || null,
      intervalSeconds: input.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS, schedulingEnabled: scheduling,
      dkimSelectors: input.dkimSelectors ?? [], lastStatus: null, healthScore: null, lastRunAt: null,
      // a new monitor is due at once: the next scheduled pass checks it
      nextRunAt: scheduling ? now : null,
      verificationInboxId: null, verificationAddress: null, verificationCreatedAt: null, verificationUpdatedAt: null,
      createdAt: now, updatedAt: now,
    };
    await this.repo.create(monitor);
    return monitor;
  }

  async get(tenantId: string, id: string): Promise<DomainMonitorRecord> {
    const monitor = await this.repo.findById(tenantId, id);
    if (!monitor) throw notFound(`No domain monitor ${id}`);
    return monitor;
  }

  list(tenantId: string): Promise<DomainMonitorRecord[]> {
    return this.repo.list(tenantId);
  }

  async update(tenantId: string, id: string, input: MonitorInput): Promise<DomainMonitorRecord> {
    const monitor = await this.get(tenantId, id);
    const now = this.clock.now();
    const scheduling = input.schedulingEnabled ?? input.enabled ?? monitor.schedulingEnabled;
    const interval = input.intervalSeconds ?? monitor.intervalSeconds;
    let nextRunAt = monitor.nextRunAt;
    if (!scheduling) nextRunAt = null;
    else if (!monitor.schedulingEnabled || input.intervalSeconds != null) {
      nextRunAt = monitor.lastRunAt ? new Date(Math.max(now.getTime(), monitor.lastRunAt.getTime() + interval * 1000)) : now;
    }
    await this.repo.update(tenantId, id, {
      ...(input.name !== undefined ? { name: input.name?.trim() || null } : {}),
      ...(input.dkimSelectors != null ? { dkimSelectors: input.dkimSelectors } : {}),
      intervalSeconds: interval, schedulingEnabled: scheduling, nextRunAt, updatedAt: now,
    });
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(tenantId, id))) throw notFound(`No domain monitor ${id}`);
  }

  /** The domain's auth stack as DNS answers now (not stored). */
  async authStack(tenantId: string, id: string, dkimSelector?: string): Promise<AuthStackResults> {
    const monitor = await this.get(tenantId, id);
    return (await this.check(monitor, dkimSelector)).stack;
  }

  private async check(monitor: DomainMonitorRecord, dkimSelector?: string): Promise<AuthStackReport> {
    const selectors = dkimSelector ? [dkimSelector] : monitor.dkimSelectors.length > 0 ? monitor.dkimSelectors : DEFAULT_DKIM_SELECTORS;
    return checkAuthStack(await this.stackSettings(), monitor.domain, selectors);
  }

  async runNow(tenantId: string, id: string): Promise<{ monitor: DomainMonitorRecord; run: DomainMonitorRunRecord }> {
    const monitor = await this.get(tenantId, id);
    const run = await this.run(monitor, 'API');
    return { monitor: await this.get(tenantId, id), run };
  }

  /**
   * Runs the monitors whose scheduled time has come (one tenant's, or everyone's for the
   * scheduler), at most `maxRuns`. Each is claimed first (its next run moved on), so two nodes
   * or a pass and a runDue call never run the same monitor twice for one due time.
   */
  async runDue(tenantId: string | undefined, maxRuns: number, trigger: TriggerSource): Promise<number> {
    const now = this.clock.now();
    let count = 0;
    for (const monitor of await this.repo.findDue(now, maxRuns, tenantId)) {
      const next = new Date(now.getTime() + monitor.intervalSeconds * 1000);
      if (!(await this.repo.claim(monitor.id, monitor.nextRunAt!, next))) continue;
      await this.run(monitor, trigger);
      count++;
    }
    return count;
  }

  /** One pass of the scheduler over every tenant: resolves to the runs made. */
  async schedulerPass(batch = 50): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.runDue(undefined, batch, 'SCHEDULER');
      total += count;
      if (count < batch) return total;
    }
  }

  /** The earliest scheduled run, for the job's timer. */
  async nextDue(): Promise<Date | undefined> {
    const [first] = await this.repo.findDue(new Date(8.64e15), 1);
    return first?.nextRunAt ?? undefined;
  }

  private async run(monitor: DomainMonitorRecord, trigger: TriggerSource): Promise<DomainMonitorRunRecord> {
    const report = await this.check(monitor);
    const now = this.clock.now();
    const [previous] = await this.repo.listRuns(monitor.tenantId, monitor.id, { limit: 1 });
    const result: StoredResult = { stack: report.stack, checks: report.checks, dmarcEnforced: report.dmarcEnforced };
    const run: DomainMonitorRunRecord = {
      id: newId(), tenantId: monitor.tenantId, monitorId: monitor.id, domain: monitor.domain, status: report.stack.status,
      triggerSource: trigger, healthScore: report.stack.healthScore, totalChecks: report.stack.totalChecks,
      passingChecks: report.stack.passingChecks, failingChecks: report.stack.failingChecks,
      result: result as unknown as Record<string, unknown>, errorMessage: report.errorMessage, createdAt: now,
    };
    await this.repo.addRun(run);
    const current = await this.repo.findById(monitor.tenantId, monitor.id);
    await this.repo.update(monitor.tenantId, monitor.id, {
      lastStatus: run.status, healthScore: run.healthScore, lastRunAt: now,
      nextRunAt: current?.schedulingEnabled ? new Date(now.getTime() + (current.intervalSeconds * 1000)) : null,
    });
    if (previous) await this.alert(monitor, previous, run);
    return run;
  }

  /** Queues one alert job per enabled sink whose threshold the changes reach. */
  private async alert(monitor: DomainMonitorRecord, previous: DomainMonitorRunRecord, run: DomainMonitorRunRecord): Promise<void> {
    const changes = changesBetween(previous.result as unknown as StoredResult, run.result as unknown as StoredResult);
    if (changes.length === 0) return;
    const severity = severityOf(changes, run.status, previous.status);
    const sinks = (await this.repo.listSinks(monitor.tenantId, monitor.id))
      .filter((s) => s.enabled && rank(severity) >= rank(s.severityThreshold as Severity));
    if (sinks.length === 0) return;
    const payload: AlertPayload = {
      type: 'DOMAIN_MONITOR_ALERT', monitorId: monitor.id, monitorName: monitor.name, domain: monitor.domain, severity,
      runId: run.id, previousRunId: previous.id, status: run.status, previousStatus: previous.status,
      healthScore: run.healthScore, previousHealthScore: previous.healthScore, changes, createdAt: run.createdAt.toISOString(),
    };
    const now = this.clock.now();
    await this.jobs.enqueue(sinks.map((sink) => ({
      id: newId(), tenantId: monitor.tenantId, kind: DOMAIN_MONITOR_ALERT, subjectId: sink.id, inboxId: null, emailId: null,
      payload: { sinkId: sink.id, monitorId: monitor.id, alert: payload } as unknown as Record<string, unknown>,
      nextAttemptAt: now, createdAt: now,
    })));
    this.wake();
  }

  /** The automation job of one alert: a POST to a webhook, or an email. A 4xx answer fails it for good; other faults are retried. */
  async runAlertJob(job: ClaimedAutomationJob): Promise<Record<string, unknown>> {
    const { sinkId, monitorId, alert } = job.payload as unknown as { sinkId: string; monitorId: string; alert: AlertPayload };
    const sink = await this.repo.findSink(job.tenantId, monitorId, sinkId);
    if (!sink || !sink.enabled) return { skipped: 'the alert sink was deleted or disabled' };
    if (sink.type === 'EMAIL') {
      if (!this.sending || !sink.senderInboxId) throw badRequest('email alerts need an inbox to send from');
      const outcome = await this.sending.send(job.tenantId, sink.senderInboxId, {
        to: [sink.target], subject: alertSubject(alert), body: alertText(alert), isHTML: false,
      });
      return { sentEmailId: outcome.sent.id };
    }
    const body = sink.type === 'WEBHOOK' ? JSON.stringify(alert) : JSON.stringify({ text: alertText(alert) });
    const attempt = await postWebhook({ url: sink.target, headers: { 'content-type': 'application/json' }, body }, {
      timeoutMs: this.settings.timeoutMs, blockPrivate: await this.blockPrivate(), allow: this.settings.allow,
    });
    if (attempt.status !== null && attempt.status >= 200 && attempt.status < 300) return { status: attempt.status };
    const why = attempt.error ?? `HTTP ${attempt.status}${attempt.bodyExcerpt ? `: ${attempt.bodyExcerpt}` : ''}`;
    if (attempt.status !== null && attempt.status >= 400 && attempt.status < 500 && attempt.status !== 408 && attempt.status !== 429) {
      throw new AppError('BAD_REQUEST', `alert webhook refused: ${why}`);
    }
    if (attempt.error?.startsWith('target refused')) throw new AppError('BAD_REQUEST', `alert webhook ${why}`);
    throw new Error(`alert webhook failed: ${why}`);
  }

  // --- runs and what is computed from them ---

  async getRun(tenantId: string, monitorId: string, runId: string): Promise<DomainMonitorRunRecord> {
    await this.get(tenantId, monitorId);
    const run = await this.repo.findRun(tenantId, monitorId, runId);
    if (!run) throw notFound(`No run ${runId} of domain monitor ${monitorId}`);
    return run;
  }

  async runs(tenantId: string, monitorId: string, query: WindowQuery & { status?: string; limit?: number }): Promise<DomainMonitorRunRecord[]> {
    await this.get(tenantId, monitorId);
    return this.repo.listRuns(tenantId, monitorId, { since: query.since, before: query.before, status: query.status, limit: query.limit ?? 50 });
  }

  async compare(tenantId: string, monitorId: string, runId: string, otherRunId: string): Promise<{ baseline: DomainMonitorRunRecord; current: DomainMonitorRunRecord }> {
    const a = await this.getRun(tenantId, monitorId, runId);
    const b = await this.getRun(tenantId, monitorId, otherRunId);
    // the older run is the baseline, whichever order the ids come in
    return a.createdAt.getTime() <= b.createdAt.getTime() ? { baseline: a, current: b } : { baseline: b, current: a };
  }

  private window(query: WindowQuery, defaultSpanMs: number): { since: Date; before: Date } {
    const before = query.before ?? this.clock.now();
    const since = query.since ?? new Date(before.getTime() - defaultSpanMs);
    if (since.getTime() >= before.getTime()) throw badRequest('since must be before before');
    return { since, before };
  }

  async windowRuns(tenantId: string, monitorId: string, query: WindowQuery, defaultSpanMs: number) {
    await this.get(tenantId, monitorId);
    const window = this.window(query, defaultSpanMs);
    const runs = await this.repo.listRuns(tenantId, monitorId, { ...window, limit: MAX_RUNS_READ });
    return { ...window, runs };
  }

  async latestRun(tenantId: string, monitorId: string): Promise<DomainMonitorRunRecord | undefined> {
    return (await this.repo.listRuns(tenantId, monitorId, { limit: 1 }))[0];
  }

  // --- alert sinks ---

  async createSink(tenantId: string, monitorId: string, input: { type: string; target: string; severityThreshold?: string; enabled?: boolean | null }): Promise<DomainMonitorAlertSinkRecord> {
    const monitor = await this.get(tenantId, monitorId);
    const target = input.target.trim();
    let senderInboxId: string | null = null;
    if (input.type === 'EMAIL') {
      if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(target)) throw badRequest(`target must be an email address for an EMAIL sink, not "${input.target}"`);
      const inbox = await this.inboxes.create(tenantId, { name: `Domain monitor alerts: ${monitor.domain}`, description: `Sends the alerts of domain monitor ${monitor.id}` });
      senderInboxId = inbox.id;
    } else {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        throw badRequest(`target must be an http(s) URL for a ${input.type} sink, not "${input.target}"`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`target must be an http(s) URL for a ${input.type} sink`);
    }
    const now = this.clock.now();
    const sink: DomainMonitorAlertSinkRecord = {
      id: newId(), tenantId, monitorId, type: input.type, target, severityThreshold: input.severityThreshold ?? 'LOW',
      enabled: input.enabled ?? true, senderInboxId, createdAt: now, updatedAt: now,
    };
    await this.repo.addSink(sink);
    return sink;
  }

  async sinks(tenantId: string, monitorId: string): Promise<DomainMonitorAlertSinkRecord[]> {
    await this.get(tenantId, monitorId);
    return this.repo.listSinks(tenantId, monitorId);
  }

  async deleteSink(tenantId: string, monitorId: string, sinkId: string): Promise<void> {
    await this.get(tenantId, monitorId);
    if (!(await this.repo.deleteSink(tenantId, monitorId, sinkId))) throw notFound(`No alert sink ${sinkId} on domain monitor ${monitorId}`);
  }

  // --- observed samples and email verification ---

  async samples(tenantId: string, monitorId: string): Promise<DomainMonitorSampleRecord[]> {
    await this.get(tenantId, monitorId);
    return this.repo.listSamples(tenantId, monitorId, MAX_SAMPLES_LISTED);
  }

  async deleteSample(tenantId: string, monitorId: string, sampleId: string): Promise<void> {
    await this.get(tenantId, monitorId);
    if (!(await this.repo.deleteSample(tenantId, monitorId, sampleId))) throw notFound(`No observed sample ${sampleId} on domain monitor ${monitorId}`);
  }

  /** A new inbox of this server to send a test email to from the domain; a second call replaces it. */
  async createVerificationAddress(tenantId: string, monitorId: string): Promise<DomainMonitorRecord> {
    const monitor = await this.get(tenantId, monitorId);
    const inbox = await this.inboxes.create(tenantId, {
      name: `Domain monitor verification: ${monitor.domain}`,
      description: `Mail sent here from ${monitor.domain} is checked by domain monitor ${monitor.id}`,
    });
    const now = this.clock.now();
    await this.repo.update(tenantId, monitorId, {
      verificationInboxId: inbox.id, verificationAddress: inbox.emailAddress,
      verificationCreatedAt: monitor.verificationCreatedAt ?? now, verificationUpdatedAt: now, updatedAt: now,
    });
    return this.get(tenantId, monitorId);
  }

  async verification(tenantId: string, monitor: DomainMonitorRecord): Promise<{ sampleCount: number; lastSample: DomainMonitorSampleRecord | undefined } | undefined> {
    if (!monitor.verificationAddress) return undefined;
    const sampleCount = await this.repo.countSamples(tenantId, monitor.id, monitor.verificationAddress);
    const [lastSample] = await this.repo.listSamples(tenantId, monitor.id, 1, monitor.verificationAddress);
    return { sampleCount, lastSample };
  }

  /**
   * Called for each received copy before it is stored (a FollowUpPlanner that plans no job, so
   * the sample exists by the time the email can be waited for): when it is from a monitored domain of the inbox's
   * owner, or arrived at a monitor's verification address, the verdicts of this server's
   * Authentication-Results header are kept as an observed sample of each such monitor.
   */
  async observe(email: EmailRecord, inbox: InboxRecord): Promise<number> {
    const fromDomain = domainOf(email.from);
    const monitors = await this.repo.findForMail(email.tenantId, fromDomain, email.inboxId);
    if (monitors.length === 0) return 0;
    const sample = sampleOf(email, this.settings.authservId);
    const now = this.clock.now();
    for (const monitor of monitors) {
      const record: DomainMonitorSampleRecord = {
        id: newId(), tenantId: email.tenantId, monitorId: monitor.id, recipientAddress: inbox.emailAddress, emailId: email.id,
        sample: { ...sample, domain: monitor.domain } as unknown as Record<string, unknown>, receivedAt: email.createdAt, createdAt: now,
      };
      await this.repo.addSample(record);
    }
    return monitors.length;
  }
}

/** The stored part of an observed sample (DomainMonitorObservedAuthSampleDto without ids and times). */
export interface SampleVerdicts {
  domain: string;
  sourceMessageId: string | null;
  fromAddress: string | null;
  fromDomain: string | null;
  returnPath: string | null;
  returnPathDomain: string | null;
  spfStatus: SampleStatus;
  spfEvaluatedDomain: string | null;
  spfSourceIp: string | null;
  dkimStatus: SampleStatus;
  dkimSignatures: Array<{ domain: string | null; selector: string | null; algorithm: string | null; identity: string | null }>;
  dmarcStatus: SampleStatus;
  dmarcAlignedIdentifier: string | null;
  trustedAuthenticationResultsSource: string | null;
  providerHints: string[];
  accepted: boolean;
  validationError: string | null;
}

export function sampleOf(email: EmailRecord, authservId: string): SampleVerdicts {
  const header = (name: string) => email.headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? null;
  const returnPath = header('return-path')?.replace(/^<|>$/g, '').trim() || null;
  const results = trustedAuthResults(email.headers, authservId);
  const fromAddress = email.from;
  const base = {
    domain: domainOf(fromAddress) ?? '', sourceMessageId: email.messageId, fromAddress, fromDomain: domainOf(fromAddress),
    returnPath, returnPathDomain: domainOf(returnPath), providerHints: [] as string[],
  };
  if (!results) {
    return {
      ...base, spfStatus: 'NOT_CHECKED', spfEvaluatedDomain: null, spfSourceIp: null, dkimStatus: 'NOT_CHECKED', dkimSignatures: [],
      dmarcStatus: 'NOT_CHECKED', dmarcAlignedIdentifier: null, trustedAuthenticationResultsSource: null, accepted: false,
      validationError: `no Authentication-Results header of ${authservId} at the top of the message`,
    };
  }
  const dkimPass = results.dkim.some((d) => d.status === 'PASS');
  const dkimStatus: SampleStatus = results.dkim.length === 0 ? 'NOT_CHECKED' : dkimPass ? 'PASS' : results.dkim[0]!.status;
  const dmarcStatus = results.dmarc?.status ?? 'NOT_CHECKED';
  return {
    ...base,
    spfStatus: results.spf?.status ?? 'NOT_CHECKED',
    spfEvaluatedDomain: domainOf(results.spf?.mailFrom) ?? (results.spf?.mailFrom && !results.spf.mailFrom.includes('@') ? results.spf.mailFrom.toLowerCase() : null),
    spfSourceIp: results.spf?.sourceIp ?? null,
    dkimStatus,
    dkimSignatures: results.dkim.map((d) => d.signature),
    dmarcStatus,
    dmarcAlignedIdentifier: dmarcStatus === 'PASS' ? results.dmarc?.headerFrom ?? null : null,
    trustedAuthenticationResultsSource: results.authservId,
    accepted: dmarcStatus === 'PASS',
    validationError: null,
  };
}

export function alertSubject(alert: AlertPayload): string {
  return `[${alert.severity}] ${alert.domain}: ${alert.changes.map((c) => `${c.check} ${c.previousStatus ?? 'none'} -> ${c.status}`).join(', ')}`;
}

export function alertText(alert: AlertPayload): string {
  return [
    `Domain monitor ${alert.monitorName ?? alert.monitorId} of ${alert.domain}: ${alert.previousStatus} -> ${alert.status} (health ${alert.previousHealthScore} -> ${alert.healthScore}, severity ${alert.severity}).`,
    ...alert.changes.map((c) => `${c.check}: ${c.previousStatus ?? 'none'} -> ${c.status}: ${c.details}`),
    `Run ${alert.runId} (previous ${alert.previousRunId}) at ${alert.createdAt}.`,
  ].join('\n');
}

export { CHECKS, DAY_MS };
