import Mustache from 'mustache';
import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { PageRequest } from '../../core/paging.js';
import type {
  AutomationJobRepository, ClaimedAutomationJob, DeliverabilityEntity, DeliverabilityTestRepository, InboxRepository, PhoneNumberRepository,
  SimulationEventRecord, SimulationJobRecord, SimulationJobStatus,
} from '../../storage/ports.js';
import type { SendingService } from '../sending/sending.service.js';
import type { SmsSendingService } from '../sms/sms-sending.service.js';
import type { DeliverabilityTestService } from './deliverability.service.js';
import { MAX_PLANNED_SENDS } from './deliverability.schemas.js';

export const SIMULATION_JOB = 'deliverability-simulation' as const;

export interface SimulationInput {
  senderInboxId?: string | null;
  senderPhoneId?: string | null;
  email?: { fromOverride?: string | null; subject?: string | null; bodyTemplate?: string | null } | null;
  sms?: { bodyTemplate?: string | null } | null;
  delayMs?: number | null;
  batchSize?: number | null;
  sendsPerTarget?: number | null;
}

const DEFAULT_SUBJECT = 'Deliverability test {{testId}}: message {{sendNumber}} to {{targetLabel}}';
const DEFAULT_BODY = 'Deliverability simulation {{jobId}}, send {{sendIndex}} to {{targetLabel}}.';
/** Most distinct error messages a job keeps counts of. */
const MAX_ERRORS_KEPT = 20;

/** Send index i goes to target i mod n: each round reaches every target once before the next. */
export function planOf(job: SimulationJobRecord, index: number): { target: DeliverabilityEntity; sendNumber: number } {
  return { target: job.targets[index % job.targets.length]!, sendNumber: Math.floor(index / job.targets.length) + 1 };
}

export const plannedSends = (job: SimulationJobRecord) => job.targets.length * job.config.sendsPerTarget;

/**
 * Simulation jobs: a send plan replayed against a test's entities (every target, sendsPerTarget
 * times) from one of the caller's inboxes (or phone numbers), batchSize sends at a time with
 * delayMs between batches, through the normal sending path. Each batch is a durable automation
 * job that queues the next, so a job survives a restart and several nodes share the work; a job
 * paused or cancelled meanwhile sends no further batch. A batch whose worker died is run again
 * from its first unsaved send: a send may then go twice, never be skipped.
 */
export class SimulationService {
  /** wakes the automation job worker after a batch is queued */
  wake: () => void = () => {};

  constructor(
    private readonly repo: DeliverabilityTestRepository,
    private readonly tests: DeliverabilityTestService,
    private readonly jobs: AutomationJobRepository,
    private readonly inboxes: InboxRepository,
    private readonly phones: PhoneNumberRepository,
    private readonly sending: SendingService,
    private readonly smsSending: SmsSendingService,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, testId: string, input: SimulationInput): Promise<SimulationJobRecord> {
    const test = await this.tests.get(tenantId, testId);
    const latest = await this.repo.latestJob(tenantId, testId);
    if (latest && (latest.status === 'RUNNING' || latest.status === 'PAUSED')) throw conflict(`simulation job ${latest.id} of test ${testId} is still ${latest.status}: cancel it first`);
    if (test.scope === 'INBOX') {
      if (!input.senderInboxId) throw badRequest('senderInboxId is required: an INBOX test\'s simulation sends email from one of your inboxes');
      if (!(await this.inboxes.findById(tenantId, input.senderInboxId))) throw badRequest(`senderInboxId names no inbox of yours: ${input.senderInboxId}`);
    } else {
      if (!input.senderPhoneId) throw badRequest('senderPhoneId is required: a PHONE test\'s simulation sends SMS from one of your phone numbers');
      if (!(await this.phones.findById(tenantId, input.senderPhoneId))) throw badRequest(`senderPhoneId names no phone number of yours: ${input.senderPhoneId}`);
    }
    const targets = test.entities.length > 0 ? test.entities : await this.tests.select(tenantId, test.scope, test.selector);
    if (targets.length === 0) throw badRequest(`test ${testId} has no ${test.scope === 'INBOX' ? 'inbox' : 'phone number'} to send to`);
    const sendsPerTarget = input.sendsPerTarget ?? 1;
    if (targets.length * sendsPerTarget > MAX_PLANNED_SENDS) {
      throw badRequest(`${targets.length} targets × sendsPerTarget ${sendsPerTarget} is ${targets.length * sendsPerTarget} sends; a job plans at most ${MAX_PLANNED_SENDS}`);
    }
    for (const [name, template] of [['email.subject', input.email?.subject], ['email.bodyTemplate', input.email?.bodyTemplate], ['sms.bodyTemplate', input.sms?.bodyTemplate]] as const) {
      if (template) {
        try {
          Mustache.parse(template);
        } catch (err) {
          throw badRequest(`${name} is not a valid mustache template: ${(err as Error).message}`);
        }
      }
    }
    const now = this.clock.now();
    const job: SimulationJobRecord = {
      id: newId(), tenantId, testId, scope: test.scope, status: 'RUNNING',
      config: {
        senderInboxId: test.scope === 'INBOX' ? input.senderInboxId! : null, senderPhoneId: test.scope === 'PHONE' ? input.senderPhoneId! : null,
        emailSubject: input.email?.subject ?? null, emailFromOverride: input.email?.fromOverride?.trim() || null,
        emailBodyTemplate: input.email?.bodyTemplate ?? null, smsBodyTemplate: input.sms?.bodyTemplate ?? null,
        delayMs: input.delayMs ?? 0, batchSize: input.batchSize ?? 10, sendsPerTarget,
      },
      targets, batchToken: newId(), nextSendIndex: 0, sentCount: 0, successCount: 0, failureCount: 0, errors: [], lastError: null,
      startedAt: now, completedAt: null, createdAt: now, updatedAt: now,
    };
    await this.repo.insertJob(job);
    await this.repo.addEvents([this.event(job, 'JOB_CREATED', { message: `${plannedSends(job)} sends planned to ${targets.length} targets` }), this.event(job, 'JOB_STARTED')]);
    await this.queueBatch(job, now);
    return job;
  }

  async get(tenantId: string, testId: string, jobId: string): Promise<SimulationJobRecord> {
    await this.tests.get(tenantId, testId);
    const job = await this.repo.getJob(tenantId, testId, jobId);
    if (!job) throw notFound(`No simulation job ${jobId} of deliverability test ${testId}`);
    return job;
  }

  async latest(tenantId: string, testId: string): Promise<SimulationJobRecord> {
    await this.tests.get(tenantId, testId);
    const job = await this.repo.latestJob(tenantId, testId);
    if (!job) throw notFound(`Deliverability test ${testId} has no simulation job`);
    return job;
  }

  async events(tenantId: string, testId: string, jobId: string, page: PageRequest) {
    const job = await this.get(tenantId, testId, jobId);
    return { job, slice: await this.repo.pageEvents(tenantId, jobId, page) };
  }

  pause(tenantId: string, testId: string, jobId: string) {
    return this.transition(tenantId, testId, jobId, ['RUNNING'], 'PAUSED', 'JOB_PAUSED');
  }

  async resume(tenantId: string, testId: string, jobId: string): Promise<SimulationJobRecord> {
    const job = await this.transition(tenantId, testId, jobId, ['PAUSED'], 'RUNNING', 'JOB_RESUMED');
    await this.queueBatch(job, this.clock.now());
    return job;
  }

  cancel(tenantId: string, testId: string, jobId: string) {
    return this.transition(tenantId, testId, jobId, ['RUNNING', 'PAUSED'], 'CANCELLED', 'JOB_CANCELLED');
  }

  /** The automation job of one batch: the sends, saved with the job, and the next batch queued. */
  async runBatch(claimed: ClaimedAutomationJob): Promise<Record<string, unknown>> {
    const { testId, jobId } = claimed.payload as { testId: string; jobId: string };
    const job = await this.repo.getJob(claimed.tenantId, testId, jobId);
    if (!job || job.status !== 'RUNNING') return { skipped: job ? `the job is ${job.status}` : 'the job was deleted' };
    if (job.batchToken !== (claimed.payload as { token?: string }).token) return { skipped: 'a later batch of the job was queued (it was paused and resumed)' };
    const end = Math.min(plannedSends(job), job.nextSendIndex + job.config.batchSize);
    const events: SimulationEventRecord[] = [];
    let fatal: string | null = null;
    const done = { sent: 0, ok: 0, failed: 0, errors: [] as string[] };
    for (let index = job.nextSendIndex; index < end && fatal === null; index++) {
      const { target, sendNumber } = planOf(job, index);
      const view = { targetLabel: target.label, entityId: target.entityId, sendIndex: index, sendNumber, testId, jobId };
      try {
        await this.sendOne(job, target, view);
        done.ok++;
        events.push(this.event(job, 'SEND_SUCCESS', { sendIndex: index, entityId: target.entityId, targetLabel: target.label, attempt: 1 }));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        done.failed++;
        done.errors.push(err.message);
        events.push(this.event(job, 'SEND_FAILURE', { sendIndex: index, entityId: target.entityId, targetLabel: target.label, attempt: 1, error: err.message }));
        // the sender itself is gone: no later send can succeed
        if (err.code === 'NOT_FOUND' && /inbox|phone/i.test(err.message)) fatal = err.message;
      }
      done.sent++;
    }
    await this.repo.addEvents(events);
    const saved = await this.record(job, done, fatal);
    if (saved.status === 'RUNNING') await this.queueBatch(saved, new Date(this.clock.now().getTime() + job.config.delayMs));
    return { sent: done.sent, succeeded: done.ok, failed: done.failed };
  }

  private async sendOne(job: SimulationJobRecord, target: DeliverabilityEntity, view: Record<string, unknown>): Promise<void> {
    const render = (template: string) => Mustache.render(template, view, {}, { escape: (text: string) => text });
    if (job.scope === 'INBOX') {
      await this.sending.send(job.tenantId, job.config.senderInboxId!, {
        to: [target.label], subject: render(job.config.emailSubject ?? DEFAULT_SUBJECT), body: render(job.config.emailBodyTemplate ?? DEFAULT_BODY),
        ...(job.config.emailFromOverride ? { from: job.config.emailFromOverride } : {}),
      });
    } else {
      await this.smsSending.send(job.tenantId, { phoneId: job.config.senderPhoneId! }, target.label, render(job.config.smsBodyTemplate ?? DEFAULT_BODY));
    }
  }

  /** Adds a batch's outcome to the job as it now is (a pause or cancel meanwhile is kept), finishing it when the plan is done. */
  private async record(job: SimulationJobRecord, done: { sent: number; ok: number; failed: number; errors: string[] }, fatal: string | null): Promise<SimulationJobRecord> {
    for (;;) {
      const current = (await this.repo.getJob(job.tenantId, job.testId, job.id)) ?? job;
      const errors = new Map(current.errors.map((e) => [e.message, e.count]));
      for (const message of done.errors) errors.set(message, (errors.get(message) ?? 0) + 1);
      const now = this.clock.now();
      const next: SimulationJobRecord = {
        ...current, batchToken: newId(), nextSendIndex: job.nextSendIndex + done.sent, sentCount: current.sentCount + done.sent,
        successCount: current.successCount + done.ok, failureCount: current.failureCount + done.failed,
        errors: [...errors.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_ERRORS_KEPT).map(([message, count]) => ({ message, count })),
        lastError: done.errors.at(-1) ?? current.lastError, updatedAt: now,
      };
      let finished: 'JOB_COMPLETED' | 'JOB_FAILED' | null = null;
      if (current.status === 'RUNNING' && fatal !== null) {
        Object.assign(next, { status: 'FAILED', completedAt: now });
        finished = 'JOB_FAILED';
      } else if (current.status === 'RUNNING' && next.nextSendIndex >= plannedSends(next)) {
        Object.assign(next, { status: 'COMPLETED', completedAt: now });
        finished = 'JOB_COMPLETED';
      }
      if (await this.repo.updateJob(next, current.status)) {
        if (finished) await this.repo.addEvents([this.event(next, finished, finished === 'JOB_FAILED' ? { error: fatal } : { message: `${next.successCount} of ${next.sentCount} sends succeeded` })]);
        return next;
      }
    }
  }

  private async transition(tenantId: string, testId: string, jobId: string, from: SimulationJobStatus[], to: SimulationJobStatus, event: string): Promise<SimulationJobRecord> {
    for (;;) {
      const job = await this.get(tenantId, testId, jobId);
      if (!from.includes(job.status)) throw conflict(`simulation job ${jobId} is ${job.status}: it cannot become ${to}`);
      const now = this.clock.now();
      const next: SimulationJobRecord = { ...job, status: to, batchToken: newId(), updatedAt: now, ...(to === 'CANCELLED' ? { completedAt: now } : {}) };
      if (await this.repo.updateJob(next, job.status)) {
        await this.repo.addEvents([this.event(next, event)]);
        return next;
      }
    }
  }

  private async queueBatch(job: SimulationJobRecord, at: Date): Promise<void> {
    await this.jobs.enqueue([{
      id: newId(), tenantId: job.tenantId, kind: SIMULATION_JOB, subjectId: job.id, inboxId: null, emailId: null,
      payload: { testId: job.testId, jobId: job.id, token: job.batchToken }, nextAttemptAt: at, createdAt: this.clock.now(),
    }]);
    this.wake();
  }

  private event(job: SimulationJobRecord, eventType: string, fields: Partial<SimulationEventRecord> = {}): SimulationEventRecord {
    return {
      id: newId(), tenantId: job.tenantId, jobId: job.id, eventType, sendIndex: null, entityId: null, targetLabel: null, expectationName: null,
      attempt: null, message: null, error: null, createdAt: this.clock.now(), ...fields,
    };
  }
}
