import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import type { EventBus } from '../../events/bus.js';
import type { AutomationJobHandler } from '../../jobs/automation-jobs.js';
import type {
  AliasRecord, AliasRepository, AliasThreadRecord, ClaimedAutomationJob, EmailRecord, InboxRecord, NewAutomationJob,
} from '../../storage/ports.js';
import type { EmailService } from '../email/email.service.js';
import { followUpJob, type FollowUpPlanner } from '../email/ingest.service.js';
import type { ParsedMessage } from '../email/parse.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService } from '../sending/sending.service.js';
import type { SendEmailInput } from '../sending/sending.types.js';
import {
  ALIAS_HOPS_HEADER, bareAddress, conversationPartner, hopsOf, nextHops, othersIn, proxiedFromName, replySubject,
} from './alias-mail.js';

/** What an alias-proxy job does: pass a received email on to the hidden address, or a reply through a thread to the other side. */
type ProxyPayload = { mode: 'to-hidden' } | { mode: 'reply'; threadId: string };

/**
 * Alias proxying, in two halves. As a FollowUpPlanner it looks at each received copy: mail to
 * a verified alias's inbox, and mail from the hidden address to one of its threads' inboxes,
 * each plan an `alias-proxy` job that commits with the copy. As the job's handler it sends the
 * copy on through the normal sending path (local delivery, relay or capture), after the commit.
 *
 * Threads: each conversation (alias and original sender) gets an inbox of its own. The copy to
 * the hidden address comes from that inbox (From and Reply-To), so replying to it is mail to
 * the thread's inbox, which the existing inbound path already routes, checks and stores; the
 * reply then goes out from the alias to the original sender, cc and bcc. Only mail from the
 * hidden address is passed on from a thread: anyone else writing to a thread address would
 * otherwise be sending as the alias.
 */
export class AliasProxy implements FollowUpPlanner, AutomationJobHandler {
  readonly name = 'alias-proxy';

  constructor(
    private readonly aliases: AliasRepository,
    private readonly inboxes: InboxService,
    private readonly emails: EmailService,
    private readonly sending: SendingService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async plan(_message: ParsedMessage, email: EmailRecord, inbox: InboxRecord): Promise<NewAutomationJob[]> {
    const hops = hopsOf(email.headers);
    // one read for both: most inboxes are neither an alias's nor a thread's
    const routes = await this.aliases.routesOfInbox(inbox.tenantId, inbox.id);
    const alias = routes.find((route) => route.threadId === null)?.alias;
    if (alias) {
      // an unverified alias keeps its mail but passes none on
      if (!alias.verified || hops.includes(alias.id)) return [];
      return [this.job(email, alias, { mode: 'to-hidden' })];
    }
    const thread = routes.find((route) => route.threadId !== null);
    if (!thread || hops.includes(thread.alias.id)) return [];
    const owner = thread.alias;
    const from = email.from ? bareAddress(email.from).toLowerCase() : null;
    if (!owner.verified || from !== owner.hiddenAddress) return [];
    return [this.job(email, owner, { mode: 'reply', threadId: thread.threadId! })];
  }

  private job(email: EmailRecord, alias: AliasRecord, payload: ProxyPayload): NewAutomationJob {
    return followUpJob('alias-proxy', alias.id, email, { ...payload });
  }

  async run(job: ClaimedAutomationJob): Promise<Record<string, unknown> | null> {
    const alias = job.subjectId ? await this.aliases.findById(job.tenantId, job.subjectId) : undefined;
    // deleted (or unverified again) since the mail came: nothing to pass on, and nothing to retry
    if (!alias?.verified) return { skipped: 'the alias no longer exists or is not verified' };
    const email = await this.emails.find(job.tenantId, job.emailId ?? '');
    const payload = job.payload as ProxyPayload | null;
    if (payload?.mode === 'reply') {
      const thread = await this.aliases.findThread(job.tenantId, payload.threadId);
      if (!thread) return { skipped: 'the thread no longer exists' };
      return this.replyThrough(alias, thread, email);
    }
    return this.toHidden(alias, email);
  }

  /** The received email, to the hidden address: from the thread's inbox with threads, else from the alias with Reply-To the sender. */
  private async toHidden(alias: AliasRecord, email: EmailRecord): Promise<Record<string, unknown>> {
    const partner = conversationPartner(email);
    let fromInbox = alias.inboxId;
    let replyTo = partner;
    let thread: AliasThreadRecord | null = null;
    if (alias.useThreads && partner) {
      thread = await this.threadFor(alias, email, partner);
      fromInbox = thread.inboxId;
      replyTo = (await this.inboxes.get(alias.tenantId, thread.inboxId)).emailAddress;
    }
    const { sent } = await this.sending.send(alias.tenantId, fromInbox, {
      ...contentOf(email, alias),
      to: [alias.hiddenAddress],
      subject: email.subject ?? '',
      replyTo,
      fromName: proxiedFromName(email, alias.aliasAddress),
    });
    this.published(alias, email, sent.id, thread?.id ?? null, 'to-hidden');
    return { sentId: sent.id, threadId: thread?.id ?? null };
  }

  /** The hidden user's reply, from the alias to the thread's other side, with the subject as "Re: ...". */
  private async replyThrough(alias: AliasRecord, thread: AliasThreadRecord, email: EmailRecord): Promise<Record<string, unknown>> {
    const { sent } = await this.sending.send(alias.tenantId, alias.inboxId, {
      ...contentOf(email, alias),
      to: thread.to,
      cc: thread.cc,
      bcc: thread.bcc,
      subject: replySubject(email.subject || thread.subject),
    }, thread.messageId ? { inReplyTo: thread.messageId, references: [thread.messageId] } : undefined);
    this.published(alias, email, sent.id, thread.id, 'reply');
    return { sentId: sent.id, threadId: thread.id };
  }

  /** The conversation's thread, made with its inbox on first contact (a race between two copies keeps one). */
  private async threadFor(alias: AliasRecord, email: EmailRecord, partner: string): Promise<AliasThreadRecord> {
    const existing = await this.aliases.findThreadBySender(alias.tenantId, alias.id, partner);
    if (existing) return existing;
    const aliasInbox = await this.inboxes.get(alias.tenantId, alias.inboxId);
    const inbox = await this.inboxes.create(alias.tenantId, {
      domainId: aliasInbox.domainId ?? undefined,
      description: `Reply address of a thread of alias ${alias.aliasAddress}`,
    });
    const exclude = [alias.aliasAddress, alias.hiddenAddress, partner];
    const now = this.clock.now();
    const thread: AliasThreadRecord = {
      id: newId(),
      tenantId: alias.tenantId,
      aliasId: alias.id,
      inboxId: inbox.id,
      sender: partner,
      name: `${partner} and ${alias.aliasAddress}`,
      subject: email.subject,
      messageId: email.messageId,
      to: [partner],
      cc: othersIn(email.recipients.cc, exclude),
      bcc: othersIn(email.recipients.bcc, exclude),
      createdAt: now,
      updatedAt: now,
    };
    if (await this.aliases.createThread(thread)) return thread;
    await this.inboxes.delete(alias.tenantId, inbox.id).catch(() => undefined);
    const winner = await this.aliases.findThreadBySender(alias.tenantId, alias.id, partner);
    if (!winner) throw new Error(`The thread of alias ${alias.id} with ${partner} vanished while it was made`);
    return winner;
  }

  private published(alias: AliasRecord, email: EmailRecord, sentId: string, threadId: string | null, direction: 'to-hidden' | 'reply'): void {
    this.bus.publish('alias.proxied', {
      tenantId: alias.tenantId, inboxId: email.inboxId, aliasId: alias.id, emailId: email.id, sentId, threadId, direction, createdAt: this.clock.now(),
    });
  }
}

/** The body and attachments of a received email as send options, marked with the alias's hop. */
function contentOf(email: EmailRecord, alias: AliasRecord): SendEmailInput {
  const isHTML = email.htmlBody !== null;
  return {
    body: isHTML ? email.htmlBody : email.textBody ?? '',
    isHTML,
    attachments: email.attachmentIds,
    customHeaders: { [ALIAS_HOPS_HEADER]: nextHops(email.headers, alias.id) },
  };
}
