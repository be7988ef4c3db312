import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type { AutomationJobHandler } from '../../jobs/automation-jobs.js';
import type { AutomationJobRecord, AutomationJobRepository, AutomationJobState, ClaimedAutomationJob, InboxRepository } from '../../storage/ports.js';
import { SendCheck } from '../sending/send-check.js';
import { checkSendInput } from '../sending/send-limits.js';
import { SendEmailOptions } from '../sending/sending.schemas.js';
import type { SendingService } from '../sending/sending.service.js';
import type { SendEmailInput } from '../sending/sending.types.js';
import type { ScheduledJobDto } from './scheduled.schemas.js';

/** The automation job kind this module owns. */
export const SCHEDULED_SEND = 'scheduled-send';

/** The fields a scheduled send keeps: SendEmailOptions' own (validation keeps unknown fields; they are not stored). */
const OPTION_NAMES = Object.keys(SendEmailOptions.properties);
const optionsOf = (input: SendEmailInput): Record<string, unknown> =>
  Object.fromEntries(OPTION_NAMES.filter((name) => name in input).map((name) => [name, input[name as keyof SendEmailInput]]));

const STATUS: Record<AutomationJobState, Static<typeof ScheduledJobDto>['status']> = {
  pending: 'SUBMITTED',
  // running now, or retried after a transient fault: still on its way
  inflight: 'SUBMITTED',
  done: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

export const toScheduledJobDto = (job: AutomationJobRecord): Static<typeof ScheduledJobDto> => ({
  id: job.id,
  userId: job.tenantId,
  inboxId: job.inboxId ?? '',
  jobId: job.id,
  groupId: SCHEDULED_SEND,
  triggerId: job.id,
  status: STATUS[job.state],
  sendAtTimestamp: ((job.payload?.sendAt as string | undefined) ?? job.createdAt.toISOString()),
  createdAt: job.createdAt.toISOString(),
  updatedAt: job.updatedAt.toISOString(),
});

export interface ScheduleWhen {
  sendAtTimestamp?: Date;
  sendAtNowPlusSeconds?: number;
}

export interface ScheduledJobsQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
  inboxId?: string;
}

/**
 * sendWithSchedule and the scheduled-job operations: a send stored as a durable automation
 * job (kind scheduled-send) due at its send time. The automation worker runs it then through
 * SendingService, so it survives restarts and, on PostgreSQL, runs on whichever node is up.
 */
export class ScheduledSendService {
  private readonly checker: SendCheck;
  /** the automation worker's wake-up (Services.automationWake): a job due now runs at once */
  wake: () => void = () => {};

  constructor(
    private readonly jobs: AutomationJobRepository,
    private readonly sending: SendingService,
    private readonly inboxes: InboxRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {
    this.checker = SendCheck.of(sending);
  }

  /**
   * Exactly one of sendAtTimestamp and sendAtNowPlusSeconds names the time; a time already
   * past sends at once. With `validate`, every check of sendEmail runs first and a refusal is
   * a 400 with nothing stored; without it only the inbox is checked, and the rest shows in the
   * job's status when it runs. The limits on recipients and header lengths apply either way.
   */
  async schedule(tenantId: string, inboxId: string, input: SendEmailInput, when: ScheduleWhen, validate: boolean): Promise<AutomationJobRecord> {
    const sendAt = this.sendTime(when);
    checkSendInput(input, this.sending.limits);
    if (validate) {
      const verdict = await this.checker.check(tenantId, inboxId, input);
      if (!verdict.isSendingPermitted) throw badRequest(verdict.message ?? 'The email cannot be sent');
    } else if (!(await this.inboxes.findById(tenantId, inboxId))) {
      throw notFound(`No inbox ${inboxId}`);
    }
    const now = this.clock.now();
    const id = newId();
    await this.jobs.enqueue([{
      id, tenantId, kind: SCHEDULED_SEND, subjectId: null, inboxId, emailId: null,
      payload: { options: optionsOf(input), sendAt: sendAt.toISOString() },
      nextAttemptAt: sendAt,
      createdAt: now,
    }]);
    this.wake();
    return this.get(tenantId, id);
  }

  async get(tenantId: string, id: string): Promise<AutomationJobRecord> {
    const job = await this.jobs.findById(tenantId, id);
    if (!job || job.kind !== SCHEDULED_SEND) throw notFound(`No scheduled job ${id}`);
    return job;
  }

  async page(tenantId: string, query: ScheduledJobsQuery) {
    const request = pageRequest(query);
    const slice = await this.jobs.page(tenantId, {
      kinds: [SCHEDULED_SEND], inboxId: query.inboxId, since: query.since, before: query.before,
    }, request);
    return { slice, request };
  }

  /** The inbox's jobs; an inbox that is not the caller's is a 404. */
  async pageOfInbox(tenantId: string, inboxId: string, query: ScheduledJobsQuery) {
    if (!(await this.inboxes.findById(tenantId, inboxId))) throw notFound(`No inbox ${inboxId}`);
    return this.page(tenantId, { ...query, inboxId });
  }

  /** A job not yet run is cancelled (cancelling it again answers it as it is); one that ran or runs is a 409. */
  async cancel(tenantId: string, id: string): Promise<AutomationJobRecord> {
    const job = await this.get(tenantId, id);
    if (job.state === 'cancelled') return job;
    if (!(await this.jobs.cancel(tenantId, id, this.clock.now()))) {
      const now = await this.get(tenantId, id);
      // cancelled meanwhile by another call: the same answer as cancelling it again
      if (now.state === 'cancelled') return now;
      const state = now.state === 'inflight' ? 'sending now' : now.state === 'done' ? 'already sent' : 'already failed';
      throw conflict(`Scheduled job ${id} cannot be cancelled: it is ${state}`);
    }
    return this.get(tenantId, id);
  }

  /** The automation worker's handler for scheduled sends. */
  readonly handler: AutomationJobHandler = {
    run: async (job: ClaimedAutomationJob) => {
      const options = (job.payload?.options ?? {}) as SendEmailInput;
      const { sent } = await this.sending.send(job.tenantId, job.inboxId!, options);
      this.bus.publish('scheduled-send.done', {
        tenantId: job.tenantId, inboxId: job.inboxId!, jobId: job.id, sentId: sent.id, status: 'COMPLETED', createdAt: this.clock.now(),
      });
      return { sentEmailId: sent.id };
    },
    failed: async (job: ClaimedAutomationJob, errorMessage: string) => {
      this.bus.publish('scheduled-send.done', {
        tenantId: job.tenantId, inboxId: job.inboxId ?? '', jobId: job.id, sentId: null, status: 'FAILED', errorMessage, createdAt: this.clock.now(),
      });
    },
  };

  private sendTime(when: ScheduleWhen): Date {
    const { sendAtTimestamp, sendAtNowPlusSeconds } = when;
    if (sendAtTimestamp && sendAtNowPlusSeconds !== undefined) {
      throw badRequest('Give either sendAtTimestamp or sendAtNowPlusSeconds, not both');
    }
    // The worker schedules on wall-clock time, as the send queue does.
    if (sendAtTimestamp) return sendAtTimestamp;
    if (sendAtNowPlusSeconds !== undefined) return new Date(Date.now() + sendAtNowPlusSeconds * 1000);
    throw badRequest('Give sendAtTimestamp (an ISO-8601 time) or sendAtNowPlusSeconds (seconds from now)');
  }
}
