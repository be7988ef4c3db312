import type { Static } from '@sinclair/typebox';
import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, toPage, type SortDirection } from '../../core/paging.js';
import type { ClaimedSend, InboxRepository, SendQueueRecord, SendQueueRepository } from '../../storage/ports.js';
import type { SendWithQueueResult } from './queue.schemas.js';
import { SendCheck } from './send-check.js';
import { checkSendInput } from './send-limits.js';
import { SendEmailOptions } from './sending.schemas.js';
import type { SendingService } from './sending.service.js';
import type { SendEmailInput } from './sending.types.js';

/** The fields a queued send keeps: SendEmailOptions' own. Validation keeps unknown fields; they are not stored. */
const OPTION_NAMES = Object.keys(SendEmailOptions.properties);
const optionsOf = (input: SendEmailInput): Record<string, unknown> =>
  Object.fromEntries(OPTION_NAMES.filter((name) => name in input).map((name) => [name, input[name as keyof SendEmailInput]]));

export const toSendWithQueueResult = (job: SendQueueRecord): Static<typeof SendWithQueueResult> => ({
  id: job.id,
  userId: job.tenantId,
  subject: job.subject,
  inboxId: job.inboxId,
  headerId: job.sentEmailId ?? '',
  delivered: job.state === 'sent',
  exceptionName: job.state === 'failed' ? job.errorName : null,
  message: job.state === 'sent' ? null : job.errorMessage,
  createdAt: job.createdAt.toISOString(),
  updatedAt: job.updatedAt.toISOString(),
});

/**
 * sendEmailWithQueue: the send is committed as a durable job and answered at once; the
 * send-queue worker (jobs/send-queue.ts) runs it through SendingService.send, retrying
 * transient failures, and the outcome is listed by getSentEmailsWithQueueResults.
 */
export class SendQueueService {
  private readonly checker: SendCheck;
  /** set by main.ts to the worker's kick: a job just committed runs now, not at the next poll */
  wake: () => void = () => {};

  constructor(
    private readonly jobs: SendQueueRepository,
    private readonly sending: SendingService,
    private readonly inboxes: InboxRepository,
    private readonly clock: Clock,
  ) {
    this.checker = SendCheck.of(sending);
  }

  /**
   * With `validate`, every check of sendEmail runs first (canSend's path) and a refusal is a
   * 400 with nothing queued. Without it only the inbox is checked (404 if not the caller's);
   * the rest is found out when the job runs, and shows in its result. The limits on
   * recipients and header lengths apply either way: such a job could never be sent.
   */
  async enqueue(tenantId: string, inboxId: string, input: SendEmailInput, validate: boolean): Promise<SendQueueRecord> {
    checkSendInput(input, this.sending.limits);
    if (validate) {
      const verdict = await this.checker.check(tenantId, inboxId, input);
      if (!verdict.isSendingPermitted) throw badRequest(verdict.message ?? 'The email cannot be sent');
    } else if (!(await this.inboxes.findById(tenantId, inboxId))) {
      throw notFound(`No inbox ${inboxId}`);
    }
    const now = this.clock.now();
    const job: SendQueueRecord = {
      id: newId(),
      tenantId,
      inboxId,
      subject: input.subject ?? null,
      options: optionsOf(input),
      state: 'pending',
      attempts: 0,
      // The worker schedules on wall-clock time: due at once.
      nextAttemptAt: new Date(Date.now()),
      sentEmailId: null,
      errorName: null,
      errorMessage: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.jobs.enqueue(job);
    this.wake();
    return job;
  }

  async results(tenantId: string, query: { page?: number; size?: number; sort?: SortDirection; since?: Date; before?: Date }) {
    const page = pageRequest(query);
    const slice = await this.jobs.page(tenantId, { since: query.since, before: query.before }, page);
    return toPage(slice.items.map(toSendWithQueueResult), slice.total, page);
  }

  /** One attempt of a queued send (the worker's `send`): the sent email's id. */
  async run(job: ClaimedSend): Promise<string> {
    const { sent } = await this.sending.send(job.tenantId, job.inboxId, job.options as SendEmailInput);
    return sent.id;
  }
}
