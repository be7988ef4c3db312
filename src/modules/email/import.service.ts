import type { Clock } from '../../core/clock.js';
import { badRequest, conflict } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { EmailRecord, InboxRecord } from '../../storage/ports.js';
import type { InboxService } from '../inbox/inbox.service.js';
import type { IngestService } from './ingest.service.js';

export interface ImportOptions {
  externalId?: string | null;
  runPipeline?: boolean | null;
  /** give the message a new Message-ID (the only change made to its bytes) */
  overrideMessageId?: boolean | null;
}

/** A message field name at the very start: the least an RFC 5322 message has. */
const STARTS_WITH_FIELD = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * importEmailIntoInbox*: an existing RFC 5322 message stored in an inbox whatever its To
 * header says. It goes through the same inbound pipeline as SMTP (IngestService.deliver), so
 * waits and events see it, and is stored byte for byte.
 */
export class EmailImportService {
  constructor(
    private readonly inboxes: InboxService,
    private readonly ingest: IngestService,
    private readonly clock: Clock,
    /** largest message accepted, in bytes: an imported message may be as large as any request body */
    readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The caller's inbox, able to receive: 404 for another tenant's, 400 once expired. */
  async target(tenantId: string, inboxId: string): Promise<InboxRecord> {
    const inbox = await this.inboxes.get(tenantId, inboxId);
    if (inbox.expiresAt && inbox.expiresAt.getTime() <= this.clock.now().getTime()) {
      throw badRequest(`Inbox ${inboxId} expired at ${inbox.expiresAt.toISOString()} and can no longer receive email`);
    }
    return inbox;
  }

  async import(tenantId: string, inboxId: string, raw: Buffer, options: ImportOptions = {}): Promise<EmailRecord> {
    const inbox = await this.target(tenantId, inboxId);
    // Email.externalId names a message on an external IMAP server; nothing here keeps one.
    if (options.externalId) throw badRequest('externalId cannot be stored by this server yet; leave it out');
    checkMime(raw);
    const message = options.overrideMessageId ? withMessageId(raw, `<${newId()}@${inbox.domain}>`) : raw;
    const [email] = await this.ingest.deliver(message, [inbox]);
    if (!email) {
      throw conflict(`Inbox ${inboxId} did not take the message: an inbound step kept it out (a ruleset of the inbox, or the tenant email cap, which keeps it as a missed email)`);
    }
    return email;
  }
}

/** Refuses what is not a MIME message, naming the formats that are not supported. */
function checkMime(raw: Buffer): void {
  if (raw.length === 0) throw badRequest('The message is empty: give the full raw email (headers and body), such as an .eml file');
  if (raw.subarray(0, 4).equals(OLE_MAGIC)) throw badRequest('Outlook .msg files are not supported: give an RFC 5322 (.eml) message');
  const head = raw.subarray(0, 1000).toString('latin1');
  if (head.startsWith('From ')) throw badRequest('mbox files are not supported: give one RFC 5322 (.eml) message');
  if (!STARTS_WITH_FIELD.test(head)) {
    throw badRequest('The message does not start with a header field (Name: value): give the full raw email, such as an .eml file');
  }
}

/** The message with its Message-ID field replaced (or added first); every other byte kept. */
export function withMessageId(raw: Buffer, messageId: string): Buffer {
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  const headerEnd = end ? end.index : text.length;
  const newline = /\r\n/.test(text.slice(0, headerEnd + 2)) ? '\r\n' : '\n';
  const field = /^message-id[ \t]*:[^\n]*\n?(?:[ \t][^\n]*\n?)*/im;
  const header = text.slice(0, headerEnd);
  const found = field.exec(header);
  const line = `Message-ID: ${messageId}`;
  const replaced = found
    ? `${header.slice(0, found.index)}${line}${found[0].endsWith('\n') ? newline : ''}${header.slice(found.index + found[0].length)}`
    : `${line}${newline}${header}`;
  return Buffer.from(replaced + text.slice(headerEnd), 'latin1');
}
