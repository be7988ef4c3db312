import type { Static } from '@sinclair/typebox';
import { badRequest, notFound } from '../../core/errors.js';
import type { EmailRecord, ImapMessageRecord, InboxRecord } from '../../storage/ports.js';
import {
  flagsOf, INBOX, MAILBOX_FLAGS, PERMANENT_FLAGS, type FlagOperation, type ImapMailboxService, type MailboxSnapshot,
} from './imap.service.js';
import type {
  ImapEmailProjection, ImapMailboxStatus, ImapServerFetchItem, ImapServerSearchOptions, STATUS_ITEMS,
} from './imap.schemas.js';
import { inSequenceSet, parseSequenceSet } from './sequence-set.js';

type Projection = Static<typeof ImapEmailProjection>;
type Numbered = { seq: number; message: ImapMessageRecord };

const project = ({ seq, message }: Numbered): Projection => ({
  id: message.id, createdAt: message.createdAt.toISOString(), read: message.seen, uid: message.uid, seqNum: seq,
});

const numbered = (snapshot: MailboxSnapshot): Numbered[] => snapshot.messages.map((message, i) => ({ seq: i + 1, message }));

const FLAG_OPERATIONS: Record<string, FlagOperation> = {
  'FLAGS': 'set', '+FLAGS': 'add', '-FLAGS': 'remove', 'SET_FLAGS': 'set', 'ADD_FLAGS': 'add', 'REMOVE_FLAGS': 'remove',
  'SET': 'set', 'ADD': 'add', 'REMOVE': 'remove',
};
const KNOWN_FLAGS = new Set(PERMANENT_FLAGS.map((f) => f.toLowerCase()));

const dayOf = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/**
 * ImapController's IMAP-like commands over HTTP, on the same mailboxes, UIDs and flags as
 * the IMAP listener: an inbox is a mailbox, \Seen is `read`, \Flagged is `favourite`.
 */
export class ImapCommandsService {
  constructor(private readonly mailboxes: ImapMailboxService) {}

  async list(tenantId: string, inboxId: string | undefined, sets: { uidSet?: string | null; seqSet?: string | null }): Promise<Projection[]> {
    const snapshot = await this.snapshot(tenantId, inboxId);
    return this.select(snapshot, sets).map(project);
  }

  /** Folders are inboxes: this server cannot make one from a name. */
  async createMailbox(tenantId: string, name: string): Promise<{ success: boolean; message: string }> {
    if (!name.trim()) throw badRequest('name is required');
    const existing = await this.mailboxes.folder({ tenantId, inboxId: null, username: '' }, name);
    if (existing) return { success: false, message: `Mailbox ${existing.name} already exists` };
    return { success: false, message: 'Mailboxes are inboxes: create an inbox (createInbox) and it appears as a mailbox named by its address' };
  }

  async status(tenantId: string, inboxId: string | undefined, options: { name?: string | null; statusItems?: Array<(typeof STATUS_ITEMS)[number]> }): Promise<Static<typeof ImapMailboxStatus>> {
    const inbox = inboxId || !options.name ? await this.mailboxes.inbox(tenantId, inboxId) : await this.byName(tenantId, options.name);
    const snapshot = await this.mailboxes.snapshot(inbox);
    const unseen = snapshot.messages.filter((m) => !m.seen).length;
    const values: Record<string, number> = {
      MESSAGES: snapshot.messages.length, RECENT: 0, UIDNEXT: snapshot.uidNext, UIDVALIDITY: snapshot.uidValidity, UNSEEN: unseen,
    };
    const items: Record<string, number> = {};
    for (const item of options.statusItems ?? ['MESSAGES', 'RECENT', 'UIDNEXT', 'UIDVALIDITY', 'UNSEEN']) {
      // APPENDLIMIT: there is no APPEND, so no limit to report
      if (item in values) items[item] = values[item]!;
    }
    return {
      name: inboxId ? INBOX : inbox.emailAddress,
      readOnly: false,
      items,
      flags: [...MAILBOX_FLAGS],
      permanentFlags: [...PERMANENT_FLAGS],
      unseenSeqNum: snapshot.messages.findIndex((m) => !m.seen) + 1,
      messages: snapshot.messages.length,
      recent: 0,
      unseen,
      uidNext: snapshot.uidNext,
      uidValidity: snapshot.uidValidity,
      appendLimit: null,
    };
  }

  async search(tenantId: string, inboxId: string | undefined, options: Static<typeof ImapServerSearchOptions>): Promise<Projection[]> {
    const snapshot = await this.snapshot(tenantId, inboxId);
    let candidates = this.select(snapshot, { uidSet: options.uid, seqSet: options.seqNum });
    const day = (value: string | null | undefined, field: string) => {
      if (!value) return undefined;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) throw badRequest(`${field} must be an ISO-8601 date`);
      return date.getTime();
    };
    const since = day(options.since, 'since');
    const before = day(options.before, 'before');
    const sentSince = day(options.sentSince, 'sentSince');
    const sentBefore = day(options.sentBefore, 'sentBefore');
    const withFlags = (options.withFlags ?? []).map((f) => f.toLowerCase());
    const withoutFlags = (options.withoutFlags ?? []).map((f) => f.toLowerCase());
    candidates = candidates.filter(({ message }) => {
      const flags = flagsOf(message).map((f) => f.toLowerCase());
      if (since !== undefined && message.createdAt.getTime() < since) return false;
      if (before !== undefined && message.createdAt.getTime() >= before) return false;
      return withFlags.every((f) => flags.includes(f)) && !withoutFlags.some((f) => flags.includes(f));
    });
    const needsContent = sentSince !== undefined || sentBefore !== undefined || options.header || options.body?.length || options.text?.length;
    if (!needsContent) return candidates.map(project);
    const hits: Numbered[] = [];
    for (const candidate of candidates) {
      const email = await this.mailboxes.record(tenantId, candidate.message.id);
      if (email && matchesContent(email, { sentSince, sentBefore, header: options.header, body: options.body, text: options.text })) hits.push(candidate);
    }
    return hits.map(project);
  }

  /** The message at a sequence number, with its raw content; fetching the content reads it. */
  async fetch(tenantId: string, inboxId: string | undefined, seqNum: number): Promise<Static<typeof ImapServerFetchItem> | null> {
    const snapshot = await this.snapshot(tenantId, inboxId);
    if (!Number.isInteger(seqNum) || seqNum < 1) throw badRequest('seqNum must be a whole number from 1');
    const listed = snapshot.messages[seqNum - 1];
    if (!listed) return null;
    const raw = await this.mailboxes.raw(tenantId, listed.id);
    if (!raw) return null;
    const message = await this.mailboxes.markSeen(tenantId, listed);
    return { content: raw.toString('utf8'), id: message.id, uid: message.uid, seqNum, read: message.seen };
  }

  async get(tenantId: string, emailId: string, inboxId: string | undefined): Promise<Projection> {
    const email = await this.mailboxes.record(tenantId, emailId);
    if (!email || (inboxId && email.inboxId !== inboxId)) throw notFound(`No email ${emailId}${inboxId ? ` in inbox ${inboxId}` : ''}`);
    const snapshot = await this.snapshot(tenantId, email.inboxId);
    const found = numbered(snapshot).find(({ message }) => message.id === emailId);
    if (!found) throw notFound(`No email ${emailId}`);
    return project(found);
  }

  async updateFlags(tenantId: string, inboxId: string | undefined, options: { operation: string; flags?: string[] | null; uidSet?: string | null; seqSet?: string | null }): Promise<void> {
    const operation = parseOperation(options.operation, 'operation');
    const flags = checkFlags(options.flags ?? [], 'flags');
    if (!options.uidSet && !options.seqSet) throw badRequest('uidSet or seqSet is required: which messages to change');
    const snapshot = await this.snapshot(tenantId, inboxId);
    const targets = this.select(snapshot, options);
    await this.mailboxes.changeFlags(tenantId, targets.map((t) => t.message), operation, flags);
  }

  /** applyImapFlagOperation: one email's flags; returns the email as it is now. */
  async applyToEmail(tenantId: string, emailId: string, options: { flagOperation: string; flags: string[] }): Promise<EmailRecord> {
    const operation = parseOperation(options.flagOperation, 'flagOperation');
    const flags = checkFlags(options.flags, 'flags');
    const email = await this.mailboxes.record(tenantId, emailId);
    if (!email) throw notFound(`No email ${emailId}`);
    const inbox = await this.mailboxes.inbox(tenantId, email.inboxId);
    const message = (await this.mailboxes.snapshot(inbox)).messages.find((m) => m.id === emailId);
    if (!message) throw notFound(`No email ${emailId}`);
    await this.mailboxes.changeFlags(tenantId, [message], operation, flags);
    const updated = await this.mailboxes.record(tenantId, emailId);
    if (!updated) throw notFound(`No email ${emailId}`);
    return updated;
  }

  private async snapshot(tenantId: string, inboxId: string | undefined): Promise<MailboxSnapshot> {
    return this.mailboxes.snapshot(await this.mailboxes.inbox(tenantId, inboxId));
  }

  private async byName(tenantId: string, name: string): Promise<InboxRecord> {
    const folder = await this.mailboxes.folder({ tenantId, inboxId: null, username: '' }, name);
    if (!folder?.inbox) throw notFound(`No mailbox ${name}: name an inbox by its address, or pass inboxId`);
    return folder.inbox;
  }

  /** Messages named by a UID set and/or a sequence set (both must match); all when neither is given. */
  private select(snapshot: MailboxSnapshot, sets: { uidSet?: string | null; seqSet?: string | null }): Numbered[] {
    const all = numbered(snapshot);
    const maxUid = all[all.length - 1]?.message.uid ?? 0;
    const uids = sets.uidSet ? parseSet(sets.uidSet, 'uidSet') : undefined;
    const seqs = sets.seqSet ? parseSet(sets.seqSet, 'seqSet') : undefined;
    return all.filter(({ seq, message }) =>
      (!uids || inSequenceSet(uids, message.uid, maxUid)) && (!seqs || inSequenceSet(seqs, seq, all.length)));
  }
}

function parseSet(text: string, field: string) {
  const set = parseSequenceSet(text.trim());
  if (!set) throw badRequest(`${field} must be an IMAP sequence set such as 1:3,5 or 4:*`);
  return set;
}

function parseOperation(value: string, field: string): FlagOperation {
  const operation = FLAG_OPERATIONS[value.trim().toUpperCase().replace(/\.SILENT$/, '')];
  if (!operation) throw badRequest(`${field} must be one of SET_FLAGS, ADD_FLAGS, REMOVE_FLAGS (or FLAGS, +FLAGS, -FLAGS)`);
  return operation;
}

function checkFlags(flags: string[], field: string): string[] {
  const unknown = flags.filter((f) => !KNOWN_FLAGS.has(f.trim().toLowerCase()));
  if (unknown.length > 0) throw badRequest(`${field}: ${unknown.join(', ')} cannot be kept; use ${PERMANENT_FLAGS.join(', ')}`);
  return flags.map((f) => f.trim());
}

function matchesContent(email: EmailRecord, query: { sentSince?: number; sentBefore?: number; header?: Record<string, string[]> | null; body?: string[] | null; text?: string[] | null }): boolean {
  const headerValues = (name: string) => email.headers.filter(([k]) => k.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
  if (query.sentSince !== undefined || query.sentBefore !== undefined) {
    const sent = new Date(headerValues('date')[0] ?? '');
    if (Number.isNaN(sent.getTime())) return false;
    if (query.sentSince !== undefined && dayOf(sent) < dayOf(new Date(query.sentSince))) return false;
    if (query.sentBefore !== undefined && dayOf(sent) >= dayOf(new Date(query.sentBefore))) return false;
  }
  for (const [name, needles] of Object.entries(query.header ?? {})) {
    const values = headerValues(name);
    if (values.length === 0 || !needles.every((n) => values.some((v) => contains(v, n)))) return false;
  }
  const body = `${email.textBody ?? ''}\n${email.htmlBody ?? ''}`;
  if (!(query.body ?? []).every((n) => contains(body, n))) return false;
  const text = `${email.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}\n${body}`;
  return (query.text ?? []).every((n) => contains(text, n));
}
