import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { CampaignProbeRecord, CampaignProbeRepository, CampaignProbeRunRecord, EmailRepository } from '../../storage/ports.js';
import type { EmailAuditService } from '../email-audit/email-audit.service.js';
import type { AnalysisResult } from '../email-audit/email-audit.schemas.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { DEFAULT_INTERVAL_SECONDS, type RUN_SOURCES } from './campaign-probe.schemas.js';

export type RunSource = (typeof RUN_SOURCES)[number];

/** The tag of the inboxes probes make. */
export const PROBE_TAG = 'campaign-probe';
/** Newest received messages a probe looks at for ones not yet checked, and most it checks in one go. */
const INBOUND_WINDOW = 50;
const INBOUND_BATCH = 10;
/** Most runs read for insights or a series: the newest of the window. */
export const MAX_RUNS_READ = 5000;
/** Most enabled probes one scheduler pass looks at for new mail. */
const PASS_PROBES = 500;

export interface ProbeInput {
  name?: string | null;
  enabled?: boolean | null;
  intervalSeconds?: number | null;
  schedulingEnabled?: boolean | null;
}

export interface ContentInput {
  fromAddress?: string | null;
  subject?: string | null;
  recipient?: string | null;
  messageId?: string | null;
  htmlBody?: string | null;
  textBody?: string | null;
}

/** What a run keeps (CampaignProbeRunRecord.result): the audit's counts and findings, and what was checked. */
export interface ProbeRunResult {
  totalChecks: number;
  passingChecks: number;
  failingChecks: number;
  checkedLinks: number;
  checkedImages: number;
  linkIssueCount: number;
  imageIssueCount: number;
  compatibilityWarningCount: number;
  compatibilityNotSupportedCount: number;
  compatibilityUnknownCount: number;
  htmlErrorCount: number;
  htmlWarningCount: number;
  htmlInfoCount: number;
  reputationFailureCount: number;
  attachmentMentionIssueCount: number;
  insights: string[];
  errorMessage: string | null;
  fromAddress: string | null;
  recipient: string | null;
  subject: string | null;
  messageId: string | null;
  sourceMessageId: string | null;
  processingMs: number | null;
}

export interface ProbeStats { totalIngestCount: number; lastIngestAt: Date | null }

type CheckCounts = Omit<ProbeRunResult, 'fromAddress' | 'recipient' | 'subject' | 'messageId' | 'sourceMessageId' | 'processingMs'>;

/** The counts of a run whose checks could not be made. */
const NO_CHECKS: CheckCounts = {
  totalChecks: 0, passingChecks: 0, failingChecks: 0, checkedLinks: 0, checkedImages: 0, linkIssueCount: 0, imageIssueCount: 0,
  compatibilityWarningCount: 0, compatibilityNotSupportedCount: 0, compatibilityUnknownCount: 0, htmlErrorCount: 0, htmlWarningCount: 0,
  htmlInfoCount: 0, reputationFailureCount: 0, attachmentMentionIssueCount: 0, insights: [], errorMessage: null,
};

interface Checked { status: string; healthScore: number; result: ProbeRunResult }

/** The audit's result as a probe keeps it (the probe's counts are a subset of the audit's). */
export function probeResultOf(analysis: AnalysisResult): CheckCounts {
  return {
    totalChecks: analysis.totalChecks, passingChecks: analysis.passingChecks, failingChecks: analysis.failingChecks,
    checkedLinks: analysis.checkedLinks, checkedImages: analysis.checkedImages, linkIssueCount: analysis.linkIssueCount,
    imageIssueCount: analysis.imageIssueCount, compatibilityWarningCount: analysis.compatibilityWarningCount,
    compatibilityNotSupportedCount: analysis.compatibilityNotSupportedCount, compatibilityUnknownCount: analysis.compatibilityUnknownCount,
    htmlErrorCount: analysis.htmlErrorCount, htmlWarningCount: analysis.htmlWarningCount, htmlInfoCount: analysis.htmlInfoCount,
    reputationFailureCount: analysis.reputationFailureCount, attachmentMentionIssueCount: analysis.attachmentMentionIssueCount,
    insights: analysis.insights, errorMessage: analysis.errorMessage ?? null,
  };
}

/**
 * Campaign probes (CampaignProbeController): a probe owns an inbox of this server. Each message
 * received there is checked once (an inbound run, source SES_MONITOR) by the email audit's checks
 * (modules/email-audit: links and images fetched through the private-address guard, HTML
 * validation, email-client support, accessibility, the SPF/DKIM/DMARC/spam verdicts found at
 * ingest, an attachment the text mentions); with scheduling on, the latest received message is
 * checked again every intervalSeconds (links break after a send); run-now checks given content
 * or the latest message. Inbound runs are made when the probe is read and by the scheduler's
 * pass, whichever comes first, so nothing is lost on a restart: the mail itself is stored by
 * ingest, and a run of it is unique per probe.
 */
export class CampaignProbeService {
  /** set in main.ts: points the scheduler's timer at a probe's next run when it is earlier */
  onScheduled: (at: Date) => void = () => {};

  constructor(
    private readonly repo: CampaignProbeRepository,
    private readonly inboxes: InboxService,
    private readonly emails: EmailRepository,
    private readonly audits: EmailAuditService,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async create(tenantId: string, input: ProbeInput): Promise<CampaignProbeRecord> {
    const now = this.clock.now();
    const id = newId();
    const name = input.name?.trim() || null;
    const scheduling = input.schedulingEnabled ?? false;
    const interval = input.intervalSeconds ?? (scheduling ? DEFAULT_INTERVAL_SECONDS : null);
    const enabled = input.enabled ?? true;
    const inbox = await this.inboxes.create(tenantId, {
      name: `Campaign probe ${name ?? id}`, description: `Mail sent here is checked by campaign probe ${id}`, tags: [PROBE_TAG],
    });
    const probe: CampaignProbeRecord = {
      id, tenantId, name, inboxId: inbox.id, emailAddress: inbox.emailAddress, enabled, intervalSeconds: interval,
      schedulingEnabled: scheduling, nextRunAt: scheduling && enabled ? new Date(now.getTime() + interval! * 1000) : null,
      lastRunStatus: null, lastHealthScore: null, inboundSince: now, createdAt: now, updatedAt: now,
    };
    await this.repo.create(probe);
    if (probe.nextRunAt) this.onScheduled(probe.nextRunAt);
    return probe;
  }

  /** The probe, with the runs of any message received since it was last read made first. */
  async get(tenantId: string, id: string): Promise<CampaignProbeRecord> {
    const probe = await this.find(tenantId, id);
    return (await this.checkInbound(probe)) > 0 ? this.find(tenantId, id) : probe;
  }

  async list(tenantId: string): Promise<CampaignProbeRecord[]> {
    const probes = await this.repo.list(tenantId);
    let made = 0;
    for (const probe of probes) made += await this.checkInbound(probe);
    return made > 0 ? this.repo.list(tenantId) : probes;
  }

  async update(tenantId: string, id: string, input: ProbeInput): Promise<CampaignProbeRecord> {
    const probe = await this.get(tenantId, id);
    const now = this.clock.now();
    const enabled = input.enabled ?? probe.enabled;
    const scheduling = input.schedulingEnabled ?? probe.schedulingEnabled;
    const interval = input.intervalSeconds ?? probe.intervalSeconds ?? (scheduling ? DEFAULT_INTERVAL_SECONDS : null);
    let nextRunAt = probe.nextRunAt;
    if (!scheduling || !enabled) nextRunAt = null;
    else if (nextRunAt === null || input.intervalSeconds != null) nextRunAt = new Date(now.getTime() + interval! * 1000);
    await this.repo.update(tenantId, id, {
      ...(input.name !== undefined ? { name: input.name?.trim() || null } : {}),
      // mail received while a probe was disabled is not checked when it is enabled again
      ...(enabled && !probe.enabled ? { inboundSince: now } : {}),
      enabled, intervalSeconds: interval, schedulingEnabled: scheduling, nextRunAt, updatedAt: now,
    });
    if (nextRunAt) this.onScheduled(nextRunAt);
    return this.find(tenantId, id);
  }

  /** The probe, its runs, and its inbox with the mail it received. */
  async delete(tenantId: string, id: string): Promise<void> {
    const probe = await this.find(tenantId, id);
    await this.repo.delete(tenantId, id);
    await this.inboxes.delete(tenantId, probe.inboxId).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
    });
  }

  async stats(probe: CampaignProbeRecord): Promise<ProbeStats> {
    const [totalIngestCount, [latest]] = await Promise.all([
      this.emails.count(probe.tenantId, { inboxIds: [probe.inboxId] }),
      this.emails.list(probe.tenantId, { inboxIds: [probe.inboxId] }, 'DESC', 1),
    ]);
    return { totalIngestCount, lastIngestAt: latest?.createdAt ?? null };
  }

  /** run-now: the given content, or (with neither body given) the latest message received at the probe's address. */
  async runNow(tenantId: string, id: string, input: ContentInput): Promise<{ probe: CampaignProbeRecord; run: CampaignProbeRunRecord }> {
    const probe = await this.get(tenantId, id);
    let run: CampaignProbeRunRecord | undefined;
    if (input.htmlBody?.trim() || input.textBody?.trim()) {
      run = await this.record(probe, 'DIRECT_API', null, await this.checkContent(input));
    } else {
      const [latest] = await this.emails.list(tenantId, { inboxIds: [probe.inboxId] }, 'DESC', 1);
      if (!latest) throw badRequest(`give htmlBody or textBody, or send a message to ${probe.emailAddress} first: there is nothing to check`);
      run = await this.record(probe, 'DIRECT_API', null, await this.checkEmail(tenantId, latest.id));
    }
    return { probe: await this.find(tenantId, id), run: run! };
  }

  /** checkCampaignProbe: the checks of given content, nothing stored. */
  async check(input: ContentInput): Promise<Checked> {
    if (!input.htmlBody?.trim() && !input.textBody?.trim()) throw badRequest('htmlBody or textBody is required: there is nothing to check');
    return this.checkContent(input);
  }

  /**
   * The probes whose scheduled time has come (one tenant's, or everyone's for the scheduler), at
   * most `maxRuns`: each is claimed first (its next run moved on), so two nodes never run one due
   * time twice. A due probe with no message received yet is skipped until its next time.
   */
  async runDue(tenantId: string | undefined, maxRuns: number, source: RunSource): Promise<{ due: number; runs: number; skipped: number }> {
    const now = this.clock.now();
    const due = await this.repo.findDue(now, maxRuns, tenantId);
    let runs = 0;
    for (const probe of due) {
      const next = new Date(now.getTime() + (probe.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS) * 1000);
      if (!(await this.repo.claim(probe.id, probe.nextRunAt!, next))) continue;
      const [latest] = await this.emails.list(probe.tenantId, { inboxIds: [probe.inboxId] }, 'DESC', 1);
      if (!latest) continue;
      await this.record(probe, source, null, await this.checkEmail(probe.tenantId, latest.id));
      runs++;
    }
    return { due: due.length, runs, skipped: due.length - runs };
  }

  /** One pass of the `campaign-probes` job: received mail of every enabled probe, then the due schedules. */
  async schedulerPass(batch = 50): Promise<number> {
    let total = 0;
    for (const probe of await this.repo.listEnabled(PASS_PROBES)) total += await this.checkInbound(probe);
    for (;;) {
      const { due, runs } = await this.runDue(undefined, batch, 'USER_SCHEDULE');
      total += runs;
      if (due < batch) return total;
    }
  }

  /** The earliest scheduled run, for the job's timer. */
  async nextDue(): Promise<Date | undefined> {
    const [first] = await this.repo.findDue(new Date(8.64e15), 1);
    return first?.nextRunAt ?? undefined;
  }

  async getRun(tenantId: string, probeId: string, runId: string): Promise<CampaignProbeRunRecord> {
    await this.get(tenantId, probeId);
    const run = await this.repo.findRun(tenantId, probeId, runId);
    if (!run) throw notFound(`No run ${runId} of campaign probe ${probeId}`);
    return run;
  }

  async runs(tenantId: string, probeId: string, query: { since?: Date; before?: Date; status?: string; limit?: number }): Promise<CampaignProbeRunRecord[]> {
    await this.get(tenantId, probeId);
    if (query.since && query.before && query.since.getTime() >= query.before.getTime()) throw badRequest('since must be before before');
    return this.repo.listRuns(tenantId, probeId, { since: query.since, before: query.before, status: query.status, limit: query.limit ?? 50 });
  }

  /** The older run is the baseline, whichever order the ids come in. */
  async compare(tenantId: string, probeId: string, runId: string, otherRunId: string): Promise<{ baseline: CampaignProbeRunRecord; current: CampaignProbeRunRecord }> {
    const a = await this.getRun(tenantId, probeId, runId);
    const b = await this.getRun(tenantId, probeId, otherRunId);
    return a.createdAt.getTime() <= b.createdAt.getTime() ? { baseline: a, current: b } : { baseline: b, current: a };
  }

  async windowRuns(tenantId: string, probeId: string, query: { since?: Date; before?: Date }, defaultSpanMs: number) {
    await this.get(tenantId, probeId);
    // before is exclusive: by default just after now, so a run made this millisecond is in the window
    const before = query.before ?? new Date(this.clock.now().getTime() + 1);
    const since = query.since ?? new Date(before.getTime() - defaultSpanMs);
    if (since.getTime() >= before.getTime()) throw badRequest('since must be before before');
    return { since, before, runs: await this.repo.listRuns(tenantId, probeId, { since, before, limit: MAX_RUNS_READ }) };
  }

  private async find(tenantId: string, id: string): Promise<CampaignProbeRecord> {
    const probe = await this.repo.findById(tenantId, id);
    if (!probe) throw notFound(`No campaign probe ${id}`);
    return probe;
  }

  /**
   * Makes the inbound runs of messages received since the probe was enabled that have none yet,
   * oldest first, a batch at a time; resolves to how many it made. Two readers may check the
   * same message at once: the run is stored once.
   */
  private async checkInbound(probe: CampaignProbeRecord): Promise<number> {
    if (!probe.enabled) return 0;
    const since = new Date(probe.inboundSince.getTime() - 1);
    const received = await this.emails.list(probe.tenantId, { inboxIds: [probe.inboxId], since }, 'DESC', INBOUND_WINDOW);
    if (received.length === 0) return 0;
    const done = await this.repo.inboundRunsOf(probe.id, received.map((e) => e.id));
    const waiting = received.filter((e) => !done.has(e.id)).reverse().slice(0, INBOUND_BATCH);
    let made = 0;
    for (const email of waiting) {
      if (await this.record(probe, 'SES_MONITOR', email.id, await this.checkEmail(probe.tenantId, email.id))) made++;
    }
    return made;
  }

  private async checkContent(input: ContentInput): Promise<Checked> {
    const started = performance.now();
    const analysis = await this.audits.analyze({ htmlBody: input.htmlBody ?? null, textBody: input.textBody ?? null });
    return {
      status: analysis.status, healthScore: analysis.healthScore,
      result: {
        ...probeResultOf(analysis), fromAddress: input.fromAddress ?? null, recipient: input.recipient ?? null, subject: input.subject ?? null,
        messageId: input.messageId ?? null, sourceMessageId: null, processingMs: Math.round(performance.now() - started),
      },
    };
  }

  /** A received email's checks; one that cannot be checked (too large to parse in time, gone) is a FAILED result saying why. */
  private async checkEmail(tenantId: string, emailId: string): Promise<Checked> {
    const started = performance.now();
    const email = await this.emails.findById(tenantId, emailId);
    const context = {
      fromAddress: email?.from ?? null, recipient: email?.recipients.to[0]?.emailAddress ?? null, subject: email?.subject ?? null,
      messageId: email?.messageId ?? null, sourceMessageId: emailId,
    };
    try {
      const { analysis } = await this.audits.analyzeEmail(tenantId, emailId);
      return { status: analysis.status, healthScore: analysis.healthScore, result: { ...probeResultOf(analysis), ...context, processingMs: Math.round(performance.now() - started) } };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { status: 'FAILED', healthScore: 0, result: { ...NO_CHECKS, errorMessage: `the message could not be checked: ${err.message}`, ...context, processingMs: Math.round(performance.now() - started) } };
    }
  }

  /** Stores a run and makes it the probe's last; undefined when this inbound message already has its run. */
  private async record(probe: CampaignProbeRecord, source: RunSource, inboundEmailId: string | null, checked: Checked): Promise<CampaignProbeRunRecord | undefined> {
    const run: CampaignProbeRunRecord = {
      id: newId(), tenantId: probe.tenantId, probeId: probe.id, status: checked.status, source, healthScore: checked.healthScore,
      inboundEmailId, result: checked.result as unknown as Record<string, unknown>, createdAt: this.clock.now(),
    };
    if (!(await this.repo.addRun(run))) return undefined;
    await this.repo.update(probe.tenantId, probe.id, { lastRunStatus: run.status, lastHealthScore: run.healthScore });
    return run;
  }
}
