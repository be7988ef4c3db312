/** EmailRepository in memory: received copies, their raw bytes and attachments, and their threads. */
import { randomUUID } from 'node:crypto';
import type { PageRequest } from '../../src/core/paging.js';
import { headerMessageId, threadKeys } from '../../src/core/threading.js';
import type {
  AttachmentRecord, EmailFilter, EmailRecord, EmailRepository, EmailSummary, IncomingEmail, SearchTerm, Slice,
} from '../../src/storage/ports.js';
import { searchWords } from '../../src/core/search-words.js';
import { bytes, contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { EmailRow, MemoryTables } from './tables.js';

/** email-repository.ts's whereFilter, row by row. */
export function emailMatches(email: EmailRecord, tenantId: string, filter: EmailFilter & { id?: string }): boolean {
  if (email.tenantId !== tenantId) return false;
  if (filter.id !== undefined && email.id !== filter.id) return false;
  // An empty list means "none of them", never "all".
  if (filter.inboxIds && !filter.inboxIds.includes(email.inboxId)) return false;
  if (filter.unreadOnly && email.read) return false;
  if (filter.favourite && !email.favourite) return false;
  if (!inRange(email.createdAt, filter)) return false;
  if (filter.ids && !filter.ids.includes(email.id)) return false;
  if (filter.plusAddressId !== undefined && email.plusAddressId !== filter.plusAddressId) return false;
  if (filter.search && !filter.search.terms.every((term) => termHolds(email, term) !== term.negated)) return false;
  return true;
}

/** One term of the search language (email-search-sql.ts), row by row; attachment names aside. */
function termHolds(email: EmailRecord, term: SearchTerm): boolean {
  switch (term.kind) {
    case 'id': return email.id === term.id;
    case 'hasAttachment': return email.attachmentIds.length > 0;
    case 'read': return email.read === term.read;
    case 'favourite': return email.favourite;
    case 'before': return email.createdAt < term.at;
    case 'after': return email.createdAt >= term.at;
    case 'larger': return email.sizeBytes > term.bytes;
    case 'smaller': return email.sizeBytes < term.bytes;
    case 'words': {
      const { to, cc, bcc } = email.recipients;
      const recipients = [...to, ...cc, ...bcc].map((a) => `${a.name ?? ''} ${a.emailAddress}`).join(' ');
      const fields = { subject: email.subject ?? '', from: `${email.from ?? ''} ${email.sender?.name ?? ''}`, to: recipients };
      const text = term.field === 'any' ? `${Object.values(fields).join(' ')} ${email.textBody ?? ''}` : fields[term.field];
      const words = searchWords(text);
      return words.some((_, i) => term.words.every((w, j) => {
        const word = words[i + j];
        return word !== undefined && (j === term.words.length - 1 && !term.exact ? word.startsWith(w) : word === w);
      }));
    }
  }
}

/**
 * The thread a message being stored joins: that of the first of `keys` already stored for
 * the tenant (sent receipts looked at before received mail), else a new one. As threading.ts.
 */
export function threadFor(tables: MemoryTables, tenantId: string, keys: string[]): string {
  const stored = [
    ...[...tables.sent.values()].map((row) => row.sent),
    ...[...tables.emails.values()].map((row) => row.email),
  ].filter((m) => m.tenantId === tenantId && m.threadId);
  for (const key of keys) {
    const match = stored.find((m) => headerMessageId(m.messageId) === key);
    if (match?.threadId) return match.threadId;
  }
  return randomUUID();
}

export class FakeEmailRepository implements EmailRepository {
  constructor(private readonly tables: MemoryTables) {}

  async storeIncoming(batch: IncomingEmail[]): Promise<void> {
    // All or nothing: check every key before storing anything.
    for (const { email, attachments } of batch) {
      if (this.tables.emails.has(email.id)) throw new UniqueViolation(`emails.id ${email.id}`);
      if (!this.tables.inboxes.has(email.inboxId)) throw new Error(`foreign key: no inbox ${email.inboxId} for email ${email.id}`);
      for (const { record } of attachments) {
        if (this.tables.attachments.has(record.id)) throw new UniqueViolation(`attachments.id ${record.id}`);
      }
    }
    // Copies of one message for several inboxes of a tenant share a thread.
    const threadOfCopy = new Map<string, string>();
    for (const item of batch) {
      const { email, raw, attachments } = item;
      delete item.duplicateOf;
      // retry dedupe, as retry-dedupe.ts: the same bytes with a Message-ID already in the inbox
      const original = item.dedupeSince && email.messageId
        ? [...this.tables.emails.values()].find((row) => row.email.inboxId === email.inboxId
          && row.email.rawSha256 === email.rawSha256 && row.email.createdAt.getTime() >= item.dedupeSince!.getTime())
        : undefined;
      if (original) {
        item.duplicateOf = original.email.id;
        continue;
      }
      const copyKey = `${email.tenantId}\n${email.rawSha256}`;
      email.threadId = threadOfCopy.get(copyKey) ?? threadFor(this.tables, email.tenantId, threadKeys(email));
      threadOfCopy.set(copyKey, email.threadId);
      const stored = copy(email);
      stored.attachmentIds = [];
      this.tables.emails.set(email.id, { email: stored, raw: bytes(raw) });
      attachments.forEach(({ record, content }, position) => {
        this.tables.attachments.set(record.id, {
          record: { ...copy(record), emailId: email.id, createdAt: new Date(email.createdAt) },
          content: bytes(content),
          position,
        });
      });
    }
  }

  async findById(tenantId: string, id: string): Promise<EmailRecord | undefined> {
    const row = this.tables.emails.get(id);
    return row && row.email.tenantId === tenantId ? this.full(row) : undefined;
  }

  async page(tenantId: string, filter: EmailFilter, page: PageRequest): Promise<Slice<EmailSummary>> {
    return pageOf(this.summaries(tenantId, filter, page.sort), page);
  }

  async list(tenantId: string, filter: EmailFilter, sort: PageRequest['sort'], limit: number): Promise<EmailSummary[]> {
    return this.summaries(tenantId, filter, sort).slice(0, limit);
  }

  async count(tenantId: string, filter: EmailFilter = {}): Promise<number> {
    return this.matching(tenantId, filter).length;
  }

  async setRead(tenantId: string, filter: EmailFilter & { id?: string }, read: boolean, at: Date): Promise<number> {
    const changed = this.matching(tenantId, filter).filter((row) => row.email.read !== read);
    for (const row of changed) {
      row.email.read = read;
      row.email.updatedAt = new Date(at);
    }
    return changed.length;
  }

  async setFavourite(tenantId: string, id: string, favourite: boolean, at: Date): Promise<boolean> {
    const row = this.tables.emails.get(id);
    if (!row || row.email.tenantId !== tenantId) return false;
    row.email.favourite = favourite;
    row.email.updatedAt = new Date(at);
    return true;
  }

  async deleteWhere(tenantId: string, filter: EmailFilter & { id?: string }): Promise<string[]> {
    const ids = this.matching(tenantId, filter).map((row) => row.email.id);
    this.tables.deleteEmails(ids);
    return ids;
  }

  async raw(tenantId: string, emailId: string): Promise<Buffer | undefined> {
    const row = this.tables.emails.get(emailId);
    return row && row.email.tenantId === tenantId ? bytes(row.raw) : undefined;
  }

  async attachments(tenantId: string, emailId: string): Promise<AttachmentRecord[]> {
    return [...this.tables.attachments.values()]
      .filter((row) => row.record.tenantId === tenantId && row.record.emailId === emailId)
      .sort((a, b) => a.position - b.position)
      .map((row) => copy(row.record));
  }

  async attachment(tenantId: string, attachmentId: string): Promise<{ record: AttachmentRecord; content: Buffer } | undefined> {
    const row = this.tables.attachments.get(attachmentId);
    return row && row.record.tenantId === tenantId ? { record: copy(row.record), content: bytes(row.content) } : undefined;
  }

  private matching(tenantId: string, filter: EmailFilter & { id?: string }): EmailRow[] {
    return [...this.tables.emails.values()].filter((row) => emailMatches(row.email, tenantId, filter));
  }

  private full(row: EmailRow): EmailRecord {
    return { ...copy(row.email), attachmentIds: this.tables.attachmentIdsOf(row.email.id) };
  }

  /** Lists never carry bodies or headers: a service that needs them must read the email. */
  private summaries(tenantId: string, filter: EmailFilter, sort: PageRequest['sort']): EmailSummary[] {
    return ordered(this.matching(tenantId, filter).map((row) => this.full(row)), sort).map(
      ({ headers: _headers, textBody: _text, htmlBody: _html, ...summary }) => summary,
    );
  }
}
