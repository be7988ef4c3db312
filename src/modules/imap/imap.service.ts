import type { Clock } from '../../core/clock.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type {
  EmailRecord, EmailRepository, ImapMailboxRepository, ImapMessageRecord, InboxRecord, InboxRepository,
} from '../../storage/ports.js';
import type { MailLogin } from '../access/access.service.js';
import type { EmailService } from '../email/email.service.js';

/** The one folder of an inbox login; a tenant-wide login has one folder per inbox, by address. */
export const INBOX = 'INBOX';

/** The flags this server keeps (PERMANENTFLAGS); \Draft and keywords are not kept. */
export const PERMANENT_FLAGS = ['\\Answered', '\\Flagged', '\\Deleted', '\\Seen'] as const;
export const MAILBOX_FLAGS = [...PERMANENT_FLAGS, '\\Draft'];

export interface ImapFolder {
  name: string;
  /** null for a tenant-wide login's INBOX, which holds nothing (\Noselect) */
  inbox: InboxRecord | null;
}

export interface MailboxSnapshot {
  inbox: InboxRecord;
  uidValidity: number;
  uidNext: number;
  /** in sequence order: message n is messages[n - 1] */
  messages: ImapMessageRecord[];
}

const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';

export type FlagOperation = 'add' | 'remove' | 'set';

export function flagsOf(message: ImapMessageRecord): string[] {
  const flags: string[] = [];
  if (message.answered) flags.push('\\Answered');
  if (message.flagged) flags.push('\\Flagged');
  if (message.deleted) flags.push('\\Deleted');
  if (message.seen) flags.push('\\Seen');
  return flags;
}

/**
 * UIDVALIDITY of an inbox: its creation time in seconds, a 32-bit number that never changes
 * for the inbox and grows for newer ones, so a client never mixes two inboxes' UIDs.
 */
export function uidValidityOf(inbox: InboxRecord): number {
  return Math.max(1, Math.floor(inbox.createdAt.getTime() / 1000) % 0x100000000);
}

/**
 * Inboxes as IMAP folders, shared by the IMAP listener and the HTTP ImapController so both
 * see the same UIDs and flags. \Seen is the API's read flag and \Flagged its favourite;
 * changing them here goes through EmailService, as the REST calls do.
 */
export class ImapMailboxService {
  constructor(
    private readonly inboxes: InboxRepository,
    private readonly mailboxes: ImapMailboxRepository,
    private readonly emailRepo: EmailRepository,
    private readonly emails: EmailService,
    private readonly clock: Clock,
  ) {}

  async folders(login: MailLogin): Promise<ImapFolder[]> {
    if (login.inboxId) {
      const inbox = await this.inboxes.findById(login.tenantId, login.inboxId);
      return inbox ? [{ name: INBOX, inbox }] : [];
    }
    const all = await this.inboxes.idsAndAddresses(login.tenantId);
    const folders: ImapFolder[] = [{ name: INBOX, inbox: null }];
    for (const { id } of all) {
      const inbox = await this.inboxes.findById(login.tenantId, id);
      if (inbox) folders.push({ name: inbox.emailAddress, inbox });
    }
    return folders;
  }

  /** The folder a name means for this login (INBOX in any case), or undefined. */
  async folder(login: MailLogin, name: string): Promise<ImapFolder | undefined> {
    if (login.inboxId) {
      if (name.toUpperCase() !== INBOX) return undefined;
      const inbox = await this.inboxes.findById(login.tenantId, login.inboxId);
      return inbox ? { name: INBOX, inbox } : undefined;
    }
    if (name.toUpperCase() === INBOX) return { name: INBOX, inbox: null };
    const inbox = await this.inboxes.findByAddress(name.trim().toLowerCase());
    return inbox && inbox.tenantId === login.tenantId ? { name: inbox.emailAddress, inbox } : undefined;
  }

  /** The inbox of the caller's tenant, as the HTTP operations name it. */
  async inbox(tenantId: string, inboxId: string | undefined): Promise<InboxRecord> {
    if (!inboxId) throw badRequest('inboxId is required: each inbox is one IMAP mailbox');
    const inbox = await this.inboxes.findById(tenantId, inboxId);
    if (!inbox) throw notFound(`No inbox ${inboxId}`);
    return inbox;
  }

  async snapshot(inbox: InboxRecord): Promise<MailboxSnapshot> {
    // UIDNEXT is read before the messages: a message arriving in between shows up next time.
    const uidNext = await this.mailboxes.uidNext(inbox.tenantId, inbox.id);
    const messages = await this.mailboxes.messages(inbox.tenantId, inbox.id);
    const last = messages[messages.length - 1]?.uid ?? 0;
    return { inbox, uidValidity: uidValidityOf(inbox), uidNext: Math.max(uidNext ?? 1, last + 1), messages };
  }

  /** Applies a flag change to each message; returns the messages with their new flags. */
  async changeFlags(tenantId: string, messages: ImapMessageRecord[], operation: FlagOperation, flags: string[]): Promise<ImapMessageRecord[]> {
    const wanted = new Set(flags.map((f) => f.toLowerCase()));
    const value = (name: string, current: boolean) => {
      const has = wanted.has(name);
      if (operation === 'set') return has;
      if (!has) return current;
      return operation === 'add';
    };
    const changed: ImapMessageRecord[] = [];
    for (const message of messages) {
      const next: ImapMessageRecord = {
        ...message,
        seen: value('\\seen', message.seen),
        flagged: value('\\flagged', message.flagged),
        answered: value('\\answered', message.answered),
        deleted: value('\\deleted', message.deleted),
      };
      try {
        if (next.seen !== message.seen) await this.emails.setRead(tenantId, message.id, next.seen);
        if (next.flagged !== message.flagged) await this.emails.setFavourite(tenantId, message.id, next.flagged);
        if (next.answered !== message.answered || next.deleted !== message.deleted) {
          await this.mailboxes.setImapFlags(tenantId, [message.id], { answered: next.answered, deleted: next.deleted }, this.clock.now());
        }
      } catch (err) {
        // deleted meanwhile (through the API): nothing left to flag
        if (isNotFound(err)) continue;
        throw err;
      }
      changed.push(next);
    }
    return changed;
  }

  /** Deletes the given messages as deleteEmail does; returns the ids that were deleted. */
  async expunge(tenantId: string, messages: ImapMessageRecord[]): Promise<string[]> {
    const deleted: string[] = [];
    for (const message of messages) {
      try {
        await this.emails.delete(tenantId, message.id);
        deleted.push(message.id);
      } catch (err) {
        // already deleted through the API: gone all the same
        if (isNotFound(err)) deleted.push(message.id);
        else throw err;
      }
    }
    return deleted;
  }

  /** The stored email (headers and bodies, for SEARCH); undefined once deleted. */
  record(tenantId: string, emailId: string): Promise<EmailRecord | undefined> {
    return this.emailRepo.findById(tenantId, emailId);
  }

  raw(tenantId: string, emailId: string): Promise<Buffer | undefined> {
    return this.emailRepo.raw(tenantId, emailId);
  }

  /** Fetching a body without PEEK reads the message: the API shows it read. */
  async markSeen(tenantId: string, message: ImapMessageRecord): Promise<ImapMessageRecord> {
    if (message.seen) return message;
    const [changed] = await this.changeFlags(tenantId, [message], 'add', ['\\Seen']);
    return changed ?? message;
  }
}
