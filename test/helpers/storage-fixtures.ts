import { createHash, randomUUID } from 'node:crypto';
import type { EmailRecord, IncomingEmail, InboxRecord, Repositories } from '../../src/storage/ports.js';

/** A new user with `n` inboxes, written straight through the repositories (storage tests). */
export async function tenantWithInboxes(repos: Repositories, n: number, createdAt: Date): Promise<{ tenantId: string; inboxes: InboxRecord[] }> {
  const tenantId = randomUUID();
  await repos.users.create({ id: tenantId, email: `${tenantId}@example.com`, name: null, isAdmin: false, createdAt });
  const inboxes: InboxRecord[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const inbox: InboxRecord = {
      id, tenantId, emailAddress: `${id}@pigeonhole.test`, localPart: id, domain: 'pigeonhole.test', domainId: null, name: null,
      description: null, favourite: false, inboxType: 'HTTP', virtualInbox: false, expiresAt: null, createdAt, tags: [],
    };
    await repos.inboxes.create(inbox);
    inboxes.push(inbox);
  }
  return { tenantId, inboxes };
}

/** One copy of `raw` for `inbox`, received at `createdAt`, as ingest would hand it to storage (no attachments). */
export function incomingCopy(inbox: InboxRecord, raw: string, createdAt: Date, messageId: string | null): IncomingEmail {
  const bytes = Buffer.from(raw);
  const email: EmailRecord = {
    id: randomUUID(), tenantId: inbox.tenantId, inboxId: inbox.id, messageId, inReplyTo: null, subject: 'hello', from: 'a@example.com',
    sender: null, recipients: { to: [], cc: [], bcc: [] }, replyTo: null, charset: null, bodyMd5: '', bodyPartContentTypes: [],
    sizeBytes: bytes.length, rawSha256: createHash('sha256').update(bytes).digest('hex'), attachmentIds: [], read: false, favourite: false,
    createdAt, updatedAt: createdAt, headers: [], textBody: 'x', htmlBody: null,
  };
  return { email, raw: bytes, attachments: [] };
}
