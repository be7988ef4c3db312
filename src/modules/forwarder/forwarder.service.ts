import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type {
  AutomationEventStatus, ClaimedAutomationJob, EmailRecord, EmailRepository, ForwarderEventFilter, ForwarderEventRecord, ForwarderRecord,
  ForwarderRepository, InboxRecord, NewAutomationJob, Slice,
} from '../../storage/ports.js';
import { followUpJob, type FollowUpPlanner } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { forwardEmail } from '../sending/forward.js';
import type { SendingService } from '../sending/sending.service.js';
import { FORWARD_PATH_HEADER, forwardLoop, forwardPath, nextForwardPath } from './forward-loop.js';
import {
  checkMatchRule, matchSubjectOf, ruleMatches, ruleOf, type MatchField, type MatchGroup, type MatchKind, type MatchRule, type MatchSubject,
} from './matching.js';

export interface ForwarderInput {
  field?: MatchField;
  match?: string | null;
  forwardToRecipients: string[];
  should?: MatchKind;
  matchOptions?: MatchGroup | null;
  attachmentTextExtractionMethod?: string;
}

export interface ForwarderTestInput {
  testValue?: string | null;
  emailId?: string | null;
}

export interface ForwarderTestResult {
  matches: Record<string, boolean>;
  doesMatch: boolean;
}

interface PageInput {
  page?: number;
  size?: number;
  sort?: SortDirection;
}

const ADDRESS_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** What a forward job carries beyond its ids: the path to put on the forwarded mail, or the loop that stops it. */
interface ForwardPayload {
  path: string[];
  loop?: string;
}

/** The field values of a stored email (what the test operations match, as the pipeline matches the parsed message). */
export async function storedMatchSubject(emails: EmailRepository, email: EmailRecord): Promise<MatchSubject> {
  const attachments = await emails.attachments(email.tenantId, email.id);
  return matchSubjectOf({
    from: email.sender ?? (email.from ? { emailAddress: email.from } : null),
    ...email.recipients,
    subject: email.subject,
    attachmentNames: attachments.map((a) => a.name ?? ''),
  });
}

/**
 * InboxForwarderController, and forwarding itself: received mail that matches a forwarder
 * of its inbox is planned as a `forward` automation job (committed with the email) and sent
 * on by the job as a new message from the inbox (sending/forward.ts), each outcome an event.
 */
export class ForwarderService {
  constructor(
    private readonly forwarders: ForwarderRepository,
    private readonly inboxes: InboxService,
    private readonly emails: EmailRepository,
    private readonly sending: SendingService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, inboxId: string | undefined, input: ForwarderInput): Promise<ForwarderRecord> {
    if (!inboxId) throw badRequest('inboxId is required: a forwarder forwards the mail one inbox receives');
    await this.inboxes.get(tenantId, inboxId);
    const forwarder: ForwarderRecord = { id: newId(), tenantId, inboxId, name: null, ...this.checked(input), createdAt: this.clock.now() };
    await this.forwarders.create(forwarder);
    return forwarder;
  }

  async get(tenantId: string, id: string): Promise<ForwarderRecord> {
    const forwarder = await this.forwarders.findById(tenantId, id);
    if (!forwarder) throw notFound(`No forwarder ${id}`);
    return forwarder;
  }

  async page(tenantId: string, query: PageInput & { inboxId?: string; searchFilter?: string; since?: Date; before?: Date }): Promise<{ slice: Slice<ForwarderRecord>; request: PageRequest }> {
    if (query.inboxId) await this.inboxes.get(tenantId, query.inboxId);
    const request = pageRequest(query);
    const slice = await this.forwarders.page(tenantId, { inboxId: query.inboxId, search: query.searchFilter, since: query.since, before: query.before }, request);
    return { slice, request };
  }

  async update(tenantId: string, id: string, input: ForwarderInput): Promise<ForwarderRecord> {
    const change = this.checked(input);
    if (!(await this.forwarders.update(tenantId, id, change))) throw notFound(`No forwarder ${id}`);
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.forwarders.delete(tenantId, id))) throw notFound(`No forwarder ${id}`);
  }

  async deleteAll(tenantId: string, inboxId: string | undefined): Promise<void> {
    if (inboxId) await this.inboxes.get(tenantId, inboxId);
    await this.forwarders.deleteWhere(tenantId, { inboxId });
  }

  async event(tenantId: string, eventId: string, forwarderId?: string): Promise<ForwarderEventRecord> {
    if (forwarderId) await this.get(tenantId, forwarderId);
    const event = await this.forwarders.findEvent(tenantId, eventId);
    if (!event || (forwarderId && event.forwarderId !== forwarderId)) throw notFound(`No forwarder event ${eventId}`);
    return event;
  }

  async events(tenantId: string, filter: ForwarderEventFilter, query: PageInput): Promise<{ slice: Slice<ForwarderEventRecord>; request: PageRequest }> {
    if (filter.forwarderId) await this.get(tenantId, filter.forwarderId);
    if (filter.inboxId) await this.inboxes.get(tenantId, filter.inboxId);
    const request = pageRequest(query);
    return { slice: await this.forwarders.pageEvents(tenantId, filter, request), request };
  }

  /** testInboxForwarder: whether this forwarder would forward the value or the stored email. */
  async test(tenantId: string, id: string, input: ForwarderTestInput): Promise<ForwarderTestResult> {
    return this.testRules(tenantId, [[id, ruleOf(await this.get(tenantId, id))]], input);
  }

  /** testInboxForwardersForInbox: which of the inbox's forwarders would forward it. */
  async testForInbox(tenantId: string, inboxId: string, input: ForwarderTestInput): Promise<ForwarderTestResult> {
    await this.inboxes.get(tenantId, inboxId);
    const all = await this.forwarders.listForInbox(tenantId, inboxId);
    return this.testRules(tenantId, all.map((f) => [f.id, ruleOf(f)]), input);
  }

  /** testNewInboxForwarder: the options as a forwarder would match them, keyed "new". */
  async testNew(tenantId: string, options: ForwarderInput, input: ForwarderTestInput): Promise<ForwarderTestResult> {
    return this.testRules(tenantId, [['new', ruleOf(this.checked(options))]], input);
  }

  private async testRules(tenantId: string, rules: Array<[string, MatchRule]>, input: ForwarderTestInput): Promise<ForwarderTestResult> {
    const subject = await this.testSubject(tenantId, input);
    const matches: Record<string, boolean> = {};
    for (const [id, rule] of rules) matches[id] = ruleMatches(rule, subject);
    return { matches, doesMatch: Object.values(matches).some(Boolean) };
  }

  private async testSubject(tenantId: string, input: ForwarderTestInput): Promise<MatchSubject | { testValue: string }> {
    if (input.emailId) {
      const email = await this.emails.findById(tenantId, input.emailId);
      if (!email) throw notFound(`No email ${input.emailId}`);
      return storedMatchSubject(this.emails, email);
    }
    if (input.testValue === undefined || input.testValue === null) throw badRequest('Give testValue (a value to match) or emailId (a received email to match)');
    return { testValue: input.testValue };
  }

  /** Plans a forward job per matching forwarder of the inbox; a loop is planned too, so its FAILURE event is recorded by the job. */
  readonly planner: FollowUpPlanner = {
    name: 'forwarders',
    plan: async (message: ParsedMessage, email: EmailRecord, inbox: InboxRecord): Promise<NewAutomationJob[]> => {
      const forwarders = await this.forwarders.listForInbox(inbox.tenantId, inbox.id);
      if (forwarders.length === 0) return [];
      const subject = matchSubjectOf({ ...message, attachmentNames: message.attachments.map((a) => a.name) });
      const path = forwardPath(message.headers);
      const loop = forwardLoop(path, inbox.id);
      const payload: ForwardPayload = loop ? { path, loop } : { path };
      return forwarders.filter((f) => ruleMatches(ruleOf(f), subject)).map((f) => followUpJob('forward', f.id, email, { ...payload }));
    },
  };

  /** The `forward` job: sends the email on, or records the loop that stops it. */
  async runJob(job: ClaimedAutomationJob): Promise<Record<string, unknown> | null> {
    const forwarder = await this.forwarders.findById(job.tenantId, job.subjectId ?? '');
    // deleted since the mail arrived: its owner no longer wants mail forwarded
    if (!forwarder) return { skipped: 'the forwarder was deleted' };
    const payload = (job.payload ?? { path: [] }) as unknown as ForwardPayload;
    if (payload.loop) {
      await this.record(forwarder, job.emailId, null, 'FAILURE', payload.loop);
      return { loop: payload.loop };
    }
    const email = job.emailId ? await this.emails.findById(job.tenantId, job.emailId) : undefined;
    if (!email) throw badRequest(`The email ${job.emailId} was deleted before it could be forwarded`);
    const { sent } = await forwardEmail(this.sending, email, {
      to: forwarder.forwardTo,
      // an automatic message (RFC 3834): repliers leave it alone, so a forwarder and a replier never answer each other for ever
      headers: { [FORWARD_PATH_HEADER]: nextForwardPath(payload.path, forwarder.inboxId), 'Auto-Submitted': 'auto-generated' },
    });
    await this.record(forwarder, email.id, sent.id, 'SUCCESS', `Forwarded to ${forwarder.forwardTo.join(', ')}`);
    return { sentId: sent.id };
  }

  /** A forward job that failed for good (refused, or out of attempts): a FAILURE event saying why. */
  async jobFailed(job: ClaimedAutomationJob, errorMessage: string): Promise<void> {
    const forwarder = await this.forwarders.findById(job.tenantId, job.subjectId ?? '');
    if (forwarder) await this.record(forwarder, job.emailId, null, 'FAILURE', errorMessage);
  }

  private async record(forwarder: ForwarderRecord, emailId: string | null, sentId: string | null, status: AutomationEventStatus, message: string): Promise<void> {
    const event: ForwarderEventRecord = {
      id: newId(), tenantId: forwarder.tenantId, forwarderId: forwarder.id, inboxId: forwarder.inboxId,
      emailId, sentId, status, message, createdAt: this.clock.now(),
    };
    await this.forwarders.addEvent(event);
    this.bus.publish('forwarder.event', {
      tenantId: event.tenantId, inboxId: event.inboxId, forwarderId: event.forwarderId, eventId: event.id,
      emailId, sentId, status, createdAt: event.createdAt,
    });
  }

  private checked(input: ForwarderInput) {
    const rule: MatchRule = { field: input.field ?? 'SENDER', should: input.should ?? 'WILDCARD', match: input.match ?? null, matchOptions: input.matchOptions ?? null };
    checkMatchRule(rule);
    const forwardTo = input.forwardToRecipients.map((a) => a.trim()).filter(Boolean);
    if (forwardTo.length === 0) throw badRequest('forwardToRecipients needs at least one address');
    const invalid = forwardTo.filter((a) => !ADDRESS_RE.test(a));
    if (invalid.length) throw badRequest(`forwardToRecipients has invalid addresses: ${invalid.join(', ')}`);
    return {
      field: rule.field, should: rule.should, match: rule.match,
      matchOptions: rule.matchOptions as Record<string, unknown> | null,
      forwardTo,
      attachmentTextExtractionMethod: input.attachmentTextExtractionMethod ?? null,
    };
  }
}
