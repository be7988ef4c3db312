import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type {
  AutomationEventStatus, ClaimedAutomationJob, EmailRecord, InboxRecord, NewAutomationJob, ReplierChange, ReplierEventFilter,
  ReplierEventRecord, ReplierRecord, ReplierRepository, Slice,
} from '../../storage/ports.js';
import { followUpJob, type FollowUpPlanner } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import {
  checkMatchRule, matchSubjectOf, ruleMatches, ruleOf, type MatchField, type MatchGroup, type MatchKind, type MatchRule,
} from '../forwarder/matching.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService } from '../sending/sending.service.js';
import type { TemplateService } from '../template/template.service.js';
import { AUTO_REPLY_HEADERS, autoReplyRefusal } from './auto-reply-rules.js';
import { replyFields } from './reply-fields.js';

export interface ReplierInput {
  inboxId?: string | null;
  name?: string | null;
  field?: MatchField;
  match?: string | null;
  replyTo?: string | null;
  subject?: string | null;
  from?: string | null;
  charset?: string | null;
  isHTML?: boolean | null;
  ignoreReplyTo?: boolean | null;
  body?: string | null;
  templateId?: string | null;
  templateVariables?: Record<string, unknown> | null;
  should?: MatchKind;
  matchOptions?: MatchGroup | null;
}

interface PageInput {
  page?: number;
  size?: number;
  sort?: SortDirection;
}

/** What a reply job carries: whom to answer and the threading of the message, or why it must not be answered. */
export interface ReplyPayload {
  /** the address the reply goes to (Reply-To unless the replier ignores it, else From) */
  to: string | null;
  /** the sender as the once-per-window rule counts them (From, lower-cased) */
  sender: string | null;
  subject: string | null;
  messageId: string | null;
  references: string[];
  /** RFC 3834: why no automatic reply may answer this message */
  refused?: string;
}

/** One day: a sender writing again the same day gets no second "I'm away". */
export const DEFAULT_REPLIER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * InboxReplierController, and the replies: received mail that matches an active replier of
 * its inbox is planned as a `reply` automation job (committed with the email); the job sends
 * the configured reply through SendingService (threaded, Auto-Submitted: auto-replied), unless
 * RFC 3834 forbids answering the message or the replier answered the sender within the window.
 */
export class ReplierService {
  constructor(
    private readonly repliers: ReplierRepository,
    private readonly inboxes: InboxService,
    private readonly templates: TemplateService,
    private readonly sending: SendingService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    /** milliseconds within which one sender is answered once (PIGEONHOLE_REPLIER_WINDOW); 0 = every message */
    private readonly windowMs = DEFAULT_REPLIER_WINDOW_MS,
  ) {}

  async create(tenantId: string, input: ReplierInput): Promise<ReplierRecord> {
    const now = this.clock.now();
    const replier: ReplierRecord = { id: newId(), tenantId, ...(await this.checked(tenantId, input, now)), active: true, createdAt: now };
    await this.repliers.create(replier);
    return replier;
  }

  async get(tenantId: string, id: string): Promise<ReplierRecord> {
    const replier = await this.repliers.findById(tenantId, id);
    if (!replier) throw notFound(`No replier ${id}`);
    return replier;
  }

  async page(tenantId: string, query: PageInput & { inboxId?: string; since?: Date; before?: Date }): Promise<{ slice: Slice<ReplierRecord>; request: PageRequest }> {
    if (query.inboxId) await this.inboxes.get(tenantId, query.inboxId);
    const request = pageRequest(query);
    return { slice: await this.repliers.page(tenantId, { inboxId: query.inboxId, since: query.since, before: query.before }, request), request };
  }

  async update(tenantId: string, id: string, input: ReplierInput): Promise<ReplierRecord> {
    await this.get(tenantId, id);
    const change = await this.checked(tenantId, input, this.clock.now());
    if (!(await this.repliers.update(tenantId, id, change))) throw notFound(`No replier ${id}`);
    return this.get(tenantId, id);
  }

  /** PUT /repliers/{id}/active: the flag alone changes. */
  async setActive(tenantId: string, id: string, active: boolean): Promise<ReplierRecord> {
    if (!(await this.repliers.setActive(tenantId, id, active, this.clock.now()))) throw notFound(`No replier ${id}`);
    return this.get(tenantId, id);
  }

  async delete(tenantId: string, id: string): Promise<void> {
    if (!(await this.repliers.delete(tenantId, id))) throw notFound(`No replier ${id}`);
  }

  async deleteAll(tenantId: string, inboxId: string | undefined): Promise<void> {
    if (inboxId) await this.inboxes.get(tenantId, inboxId);
    await this.repliers.deleteWhere(tenantId, { inboxId });
  }

  async events(tenantId: string, filter: ReplierEventFilter, query: PageInput): Promise<{ slice: Slice<ReplierEventRecord>; request: PageRequest }> {
    if (filter.replierId) await this.get(tenantId, filter.replierId);
    if (filter.inboxId) await this.inboxes.get(tenantId, filter.inboxId);
    const request = pageRequest(query);
    return { slice: await this.repliers.pageEvents(tenantId, filter, request), request };
  }

  /** Plans a reply job per matching active replier of the inbox; one RFC 3834 forbids is planned too, so its event says why. */
  readonly planner: FollowUpPlanner = {
    name: 'repliers',
    plan: async (message: ParsedMessage, email: EmailRecord, inbox: InboxRecord): Promise<NewAutomationJob[]> => {
      const repliers = await this.repliers.listActiveForInbox(inbox.tenantId, inbox.id);
      if (repliers.length === 0) return [];
      const subject = matchSubjectOf({ ...message, attachmentNames: message.attachments.map((a) => a.name) });
      const refused = autoReplyRefusal(message, inbox.emailAddress);
      return repliers.filter((r) => ruleMatches(ruleOf(r), subject)).map((r) => {
        const payload: ReplyPayload = { ...replyFields(message, r.ignoreReplyTo), ...(refused ? { refused } : {}) };
        return followUpJob('reply', r.id, email, { ...payload });
      });
    },
  };

  /** The `reply` job: answers the message, or records why it did not. */
  async runJob(job: ClaimedAutomationJob): Promise<Record<string, unknown> | null> {
    const replier = await this.repliers.findById(job.tenantId, job.subjectId ?? '');
    // deleted or switched off since the mail arrived: its owner no longer wants replies sent
    if (!replier || !replier.active) return { skipped: replier ? 'the replier was switched off' : 'the replier was deleted' };
    const payload = job.payload as unknown as ReplyPayload;
    const recipients = payload.to ? [payload.to] : [];
    if (payload.refused || !payload.to || !payload.sender) {
      const why = payload.refused ?? 'the message has no sender to reply to';
      await this.record(replier, job.emailId, null, 'FAILURE', `Not replied: ${why} (RFC 3834)`, recipients);
      return { refused: why };
    }
    const at = this.clock.now();
    if (this.windowMs > 0) {
      const claimed = await this.repliers.claimReply(replier.id, payload.sender, at, new Date(at.getTime() - this.windowMs));
      if (!claimed) {
        const why = `Not replied: ${payload.sender} was already answered by this replier within the last ${describeWindow(this.windowMs)}`;
        await this.record(replier, job.emailId, null, 'FAILURE', why, recipients);
        return { refused: why };
      }
    }
    let sentId: string;
    try {
      sentId = (await this.sendReply(replier, payload)).sent.id;
    } catch (error) {
      // the claim goes back, so the retry (or a later message) may still be answered
      if (this.windowMs > 0) await this.repliers.releaseReply(replier.id, payload.sender, at);
      throw error;
    }
    await this.record(replier, job.emailId, sentId, 'SUCCESS', `Replied to ${payload.to}`, recipients);
    return { sentId };
  }

  /** A reply job that failed for good: a FAILURE event saying why. */
  async jobFailed(job: ClaimedAutomationJob, errorMessage: string): Promise<void> {
    const replier = await this.repliers.findById(job.tenantId, job.subjectId ?? '');
    const payload = job.payload as unknown as ReplyPayload | null;
    if (replier) await this.record(replier, job.emailId, null, 'FAILURE', errorMessage, payload?.to ? [payload.to] : []);
  }

  private sendReply(replier: ReplierRecord, payload: ReplyPayload) {
    const original = payload.subject ?? '';
    const from = splitFrom(replier.from);
    return this.sending.send(replier.tenantId, replier.inboxId, {
      to: [payload.to!],
      subject: replier.subject ?? (/^re:/i.test(original) ? original : `Re: ${original}`),
      body: replier.body ?? '',
      isHTML: replier.isHtml,
      charset: replier.charset,
      replyTo: replier.replyTo,
      from: from.address,
      fromName: from.name,
      template: replier.templateId,
      templateVariables: replier.templateVariables,
      customHeaders: { ...AUTO_REPLY_HEADERS },
    }, payload.messageId ? { inReplyTo: payload.messageId, references: [...payload.references, payload.messageId] } : undefined);
  }

  private async record(replier: ReplierRecord, emailId: string | null, sentId: string | null, status: AutomationEventStatus, message: string, recipients: string[]): Promise<void> {
    const event: ReplierEventRecord = {
      id: newId(), tenantId: replier.tenantId, replierId: replier.id, inboxId: replier.inboxId,
      emailId, sentId, status, message, recipients, createdAt: this.clock.now(),
    };
    await this.repliers.addEvent(event);
    this.bus.publish('replier.event', {
      tenantId: event.tenantId, inboxId: event.inboxId, replierId: event.replierId, eventId: event.id,
      emailId, sentId, status, createdAt: event.createdAt,
    });
  }

  private async checked(tenantId: string, input: ReplierInput, now: Date): Promise<ReplierChange> {
    if (!input.inboxId) throw badRequest('inboxId is required: a replier answers the mail one inbox receives');
    const inbox = await this.inboxes.get(tenantId, input.inboxId);
    const rule: MatchRule = { field: input.field ?? 'SENDER', should: input.should ?? 'WILDCARD', match: input.match ?? null, matchOptions: input.matchOptions ?? null };
    checkMatchRule(rule);
    if (input.charset && !/^utf-?8$/i.test(input.charset)) throw badRequest(`charset '${input.charset}' is not supported: replies are composed in UTF-8`);
    const from = splitFrom(input.from ?? null);
    if (from.address && from.address.toLowerCase() !== inbox.emailAddress) {
      throw badRequest(`from must be a display name or the inbox's own address ${inbox.emailAddress}, got ${from.address}`);
    }
    if (input.templateId) {
      try {
        await this.templates.get(tenantId, input.templateId);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw badRequest(`templateId ${input.templateId} is not a template of yours`);
        throw error;
      }
    }
    if (!input.templateId && !input.body) throw badRequest('Give body or templateId: the reply needs content');
    if (input.templateVariables && (typeof input.templateVariables !== 'object' || Array.isArray(input.templateVariables))) {
      throw badRequest('templateVariables must be an object of variable names to values');
    }
    return {
      inboxId: inbox.id,
      name: input.name ?? null,
      field: rule.field,
      should: rule.should,
      match: rule.match,
      matchOptions: rule.matchOptions as Record<string, unknown> | null,
      replyTo: input.replyTo ?? null,
      subject: input.subject ?? null,
      from: input.from ?? null,
      charset: input.charset ?? null,
      isHtml: input.isHTML ?? false,
      body: input.body ?? null,
      templateId: input.templateId ?? null,
      templateVariables: input.templateVariables ?? null,
      ignoreReplyTo: input.ignoreReplyTo ?? false,
      updatedAt: now,
    };
  }
}

/** A replier's `from`: "Name <address>", an address, or a display name alone. */
export function splitFrom(from: string | null): { name: string | null; address: string | null } {
  const value = from?.trim() ?? '';
  if (!value) return { name: null, address: null };
  const angled = /^(.*)<([^<>]+)>\s*$/.exec(value);
  if (angled) return { name: angled[1]!.trim().replace(/^"|"$/g, '') || null, address: angled[2]!.trim() };
  if (value.includes('@')) return { name: null, address: value };
  return { name: value, address: null };
}

function describeWindow(ms: number): string {
  const hours = ms / 3_600_000;
  if (Number.isInteger(hours)) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
