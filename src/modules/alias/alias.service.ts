import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { badRequest, conflict, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type { EventBus } from '../../events/bus.js';
import type { AliasRecord, AliasRepository, AliasThreadRecord, EmailSummary, InboxRecord, Slice } from '../../storage/ports.js';
import type { EmailService } from '../email/email.service.js';
import { parseAddress } from '../inbox/address.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { SendingService, SendOutcome } from '../sending/sending.service.js';
import type { SendEmailInput } from '../sending/sending.types.js';
import { conversationPartner, othersIn, replySubject, verificationMail } from './alias-mail.js';

/** The path of the public verification link; its one parameter is `token`. */
export const VERIFY_PATH = '/aliases/verify';

export interface CreateAliasInput {
  emailAddress: string;
  inboxId?: string | null;
  name?: string | null;
  useThreads: boolean;
  domainId?: string | null;
  verifyEmailAddress?: boolean | null;
}

export interface AliasListQuery {
  page?: number;
  size?: number;
  sort?: SortDirection;
  since?: Date;
  before?: Date;
  search?: string;
}

/** ReplyToAliasEmailOptions: the send options a reply may set (recipients and subject are the email's). */
export type AliasReplyInput = Omit<SendEmailInput, 'to' | 'cc' | 'bcc' | 'subject' | 'toContacts' | 'toGroup'>;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * AliasController: aliases that mask a hidden address behind an inbox of their own. Creating
 * one mails a verification link to the hidden address; until it is followed the alias proxies
 * nothing (alias-proxy.ts does the proxying). Sends and replies go out from the alias's inbox
 * through the normal sending path.
 */
export class AliasService {
  constructor(
    private readonly aliases: AliasRepository,
    private readonly inboxes: InboxService,
    private readonly emails: EmailService,
    private readonly sending: SendingService,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /**
   * Makes the alias (and its inbox, unless `inboxId` names one of the caller's) and mails the
   * verification link to the hidden address. Nothing is left behind when the mail cannot be
   * sent (a send guard refuses it, say).
   */
  async create(tenantId: string, input: CreateAliasInput, baseUrl: string): Promise<AliasRecord> {
    const hidden = parseAddress(input.emailAddress).address;
    if (input.inboxId && input.domainId) {
      throw badRequest('Give inboxId or domainId, not both: an existing inbox already has its domain');
    }
    const name = input.name?.trim() || null;
    let inbox: InboxRecord;
    const ownsInbox = !input.inboxId;
    if (input.inboxId) {
      inbox = await this.inboxes.get(tenantId, input.inboxId);
      await this.checkUsableInbox(tenantId, inbox, hidden);
    } else {
      // the inbox's name is the display name of the alias's sends: never the hidden address
      inbox = await this.inboxes.create(tenantId, { name, domainId: input.domainId ?? undefined, description: 'Receives for an email alias' });
    }
    const now = this.clock.now();
    const alias: AliasRecord = {
      id: newId(),
      tenantId,
      inboxId: inbox.id,
      aliasAddress: inbox.emailAddress,
      hiddenAddress: hidden,
      name,
      useThreads: input.useThreads,
      verified: false,
      domainId: inbox.domainId,
      ownsInbox,
      createdAt: now,
      updatedAt: now,
    };
    const token = randomBytes(32).toString('base64url');
    try {
      await this.aliases.create(alias, tokenHash(token));
      const link = `${baseUrl}${VERIFY_PATH}?token=${token}`;
      const mail = verificationMail(alias.aliasAddress, hidden, link);
      await this.sending.send(tenantId, inbox.id, { to: [hidden], subject: mail.subject, body: mail.body });
    } catch (err) {
      await this.aliases.delete(tenantId, alias.id).catch(() => false);
      if (ownsInbox) await this.inboxes.delete(tenantId, inbox.id).catch(() => undefined);
      throw err;
    }
    return alias;
  }

  /** An inbox given as inboxId: the caller's, sending, not another alias's or a thread's, not the hidden address itself. */
  private async checkUsableInbox(tenantId: string, inbox: InboxRecord, hidden: string): Promise<void> {
    if (inbox.emailAddress === hidden) {
      throw badRequest(`emailAddress ${hidden} is the address of inbox ${inbox.id}: an alias cannot hide its own address`);
    }
    // a virtual inbox delivers nothing, so its verification mail would never arrive
    const refusal = this.sending.sendRefusal(inbox) ?? (inbox.virtualInbox ? 'a virtual inbox delivers nothing' : undefined);
    if (refusal) throw badRequest(`Inbox ${inbox.id} cannot be an alias, which must send its verification mail: ${refusal}`);
    if (await this.aliases.findByInbox(tenantId, inbox.id)) {
      throw conflict(`Inbox ${inbox.id} already receives for another alias; give another inbox, or none for a new one`);
    }
    if (await this.aliases.findThreadByInbox(tenantId, inbox.id)) {
      throw badRequest(`Inbox ${inbox.id} is the reply address of an alias thread; give another inbox, or none for a new one`);
    }
  }

  /** The verification link: activates the alias its token names (any tenant's: the token is the credential). */
  async verify(token: string): Promise<AliasRecord> {
    const hash = tokenHash(token);
    const alias = await this.aliases.findByVerifyToken(hash);
    const invalid = () => notFound('This alias verification link is not valid: it was used already, or its alias was deleted');
    if (!alias) throw invalid();
    const now = this.clock.now();
    if (!(await this.aliases.verify(alias.tenantId, alias.id, hash, now))) throw invalid();
    this.bus.publish('alias.verified', { tenantId: alias.tenantId, inboxId: alias.inboxId, aliasId: alias.id, createdAt: now });
    return { ...alias, verified: true, updatedAt: now };
  }

  async get(tenantId: string, id: string): Promise<AliasRecord> {
    const alias = await this.aliases.findById(tenantId, id);
    if (!alias) throw notFound(`No alias ${id}`);
    return alias;
  }

  async page(tenantId: string, query: AliasListQuery): Promise<{ slice: Slice<AliasRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    const filter = { search: query.search?.trim() || undefined, since: query.since, before: query.before };
    return { slice: await this.aliases.page(tenantId, filter, request), request };
  }

  /** updateAlias: the name (also the display name of its inbox, when the alias made that inbox). */
  async rename(tenantId: string, id: string, name: string | null | undefined): Promise<AliasRecord> {
    const alias = await this.get(tenantId, id);
    if (name === undefined) return alias;
    const clean = name?.trim() || null;
    await this.aliases.rename(tenantId, id, clean, this.clock.now());
    if (alias.ownsInbox) await this.inboxes.update(tenantId, alias.inboxId, { name: clean });
    return this.get(tenantId, id);
  }

  /** Deletes the alias, its threads, and the inboxes it made (its own unless given, and the threads'), with their mail. */
  async delete(tenantId: string, id: string): Promise<void> {
    const alias = await this.get(tenantId, id);
    const threadInboxes = await this.aliases.threadInboxIds(tenantId, id);
    await this.aliases.delete(tenantId, id);
    const made = alias.ownsInbox ? [...threadInboxes, alias.inboxId] : threadInboxes;
    for (const inboxId of made) await this.inboxes.delete(tenantId, inboxId).catch(() => undefined);
  }

  /** getAliasEmails: what the alias's inbox received. */
  async receivedEmails(tenantId: string, aliasId: string, query: AliasListQuery): Promise<{ slice: Slice<EmailSummary>; request: PageRequest }> {
    const alias = await this.get(tenantId, aliasId);
    return this.emails.page(tenantId, { inboxIds: [alias.inboxId], since: query.since, before: query.before }, query);
  }

  async threads(tenantId: string, aliasId: string | undefined, query: AliasListQuery): Promise<{ slice: Slice<AliasThreadRecord>; request: PageRequest }> {
    if (aliasId) await this.get(tenantId, aliasId);
    const request = pageRequest(query);
    return { slice: await this.aliases.pageThreads(tenantId, { aliasId, since: query.since, before: query.before }, request), request };
  }

  async thread(tenantId: string, id: string): Promise<AliasThreadRecord> {
    const thread = await this.aliases.findThread(tenantId, id);
    if (!thread) throw notFound(`No alias thread ${id}`);
    return thread;
  }

  /** sendAliasEmail: from the alias's address to anyone; answers to it come back to the alias (and are proxied). */
  async send(tenantId: string, aliasId: string, input: SendEmailInput): Promise<SendOutcome> {
    const alias = await this.get(tenantId, aliasId);
    return this.sending.send(tenantId, alias.inboxId, input);
  }

  /**
   * replyToAliasEmail: from the alias to the email's Reply-To (else its sender), with its
   * subject as "Re: ..." and its other cc and bcc recipients (not the alias's own address).
   */
  async reply(tenantId: string, aliasId: string, emailId: string, input: AliasReplyInput): Promise<SendOutcome> {
    const alias = await this.get(tenantId, aliasId);
    const email = await this.emails.find(tenantId, emailId);
    if (email.inboxId !== alias.inboxId) throw notFound(`No email ${emailId} received by alias ${aliasId}`);
    const to = conversationPartner(email);
    if (!to) throw badRequest(`Email ${emailId} has no sender or Reply-To to answer`);
    const exclude = [alias.aliasAddress, alias.hiddenAddress, to];
    const references = email.messageId ? { inReplyTo: email.messageId, references: [email.messageId] } : undefined;
    return this.sending.send(tenantId, alias.inboxId, {
      ...input,
      to: [to],
      cc: othersIn(email.recipients.cc, exclude),
      bcc: othersIn(email.recipients.bcc, exclude),
      subject: replySubject(email.subject),
    }, references);
  }
}
