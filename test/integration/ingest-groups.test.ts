/**
 * Incoming mail is stored in groups (one transaction, a fixed number of statements per
 * group; on SQLite on the ingest writer thread). A group must store exactly what storing
 * its messages one after the other would: threads across messages of the same group,
 * IMAP UIDs in arrival order, and one bad message failing only its own caller.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describeEachDialect } from '../helpers/server.js';
import { tenantWithInboxes as withInboxes } from '../helpers/storage-fixtures.js';
import { freshDatabase, type TestDatabase } from '../helpers/databases.js';
import type { EmailRecord, IncomingEmail, InboxRecord, Repositories } from '../../src/storage/ports.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describeEachDialect('storing incoming mail in groups', (dialect) => {
  let db: TestDatabase;
  let repos: Repositories;
  before(async () => {
    db = await freshDatabase(dialect);
    repos = db.store.repos;
  });
  after(() => db.cleanup());

  const tenantWithInboxes = (n: number) => withInboxes(repos, n, at(0));

  const incoming = (
    inbox: InboxRecord, s: number, messageId: string | null, inReplyTo: string | null, fields: { references?: string; raw?: string } = {},
  ): IncomingEmail => {
    const raw = Buffer.from(fields.raw ?? `raw ${randomUUID()}`);
    const email: EmailRecord = {
      id: randomUUID(), tenantId: inbox.tenantId, inboxId: inbox.id, messageId, inReplyTo, subject: `s${s}`, from: 'a@example.com',
      sender: null, recipients: { to: [], cc: [], bcc: [] }, replyTo: null, charset: null, bodyMd5: '', bodyPartContentTypes: [],
      sizeBytes: raw.length, rawSha256: `sha-${raw.toString('hex')}`.slice(0, 64), attachmentIds: [], read: false, favourite: false,
      createdAt: at(s), updatedAt: at(s), headers: fields.references ? [['References', fields.references]] : [], textBody: 'x', htmlBody: null,
    };
    return { email, raw, attachments: [] };
  };

  test('one group: replies join the thread of an earlier message of the same group, copies share one', async () => {
    const { tenantId, inboxes: [a, b] } = await tenantWithInboxes(2);
    const root = incoming(a!, 1, 'root@x', null, { raw: `root ${tenantId}` });
    const copy = incoming(b!, 1, 'root@x', null, { raw: `root ${tenantId}` });
    const reply = incoming(a!, 2, 'reply@x', 'root@x');
    const deep = incoming(a!, 3, 'deep@x', null, { references: '<root@x> <reply@x>' });
    const other = incoming(a!, 4, 'other@x', null);
    await repos.emails.storeIncoming([root, copy, reply, deep, other]);

    const threadOf = async (e: IncomingEmail) => (await repos.emails.findById(tenantId, e.email.id))?.threadId;
    const rootThread = await threadOf(root);
    assert.ok(rootThread);
    assert.equal(root.email.threadId, rootThread, 'the caller sees the stored thread');
    assert.equal(await threadOf(copy), rootThread);
    assert.equal(await threadOf(reply), rootThread);
    assert.equal(await threadOf(deep), rootThread);
    assert.notEqual(await threadOf(other), rootThread);
    assert.equal((await repos.threads.findById(tenantId, rootThread))?.messageCount, 4);

    // a later group finds the stored thread
    const late = incoming(b!, 5, 'late@x', '<deep@x>');
    await repos.emails.storeIncoming([late]);
    assert.equal(await threadOf(late), rootThread);
  });

  test('IMAP UIDs follow arrival order within and across groups', async () => {
    const { inboxes: [a, b] } = await tenantWithInboxes(2);
    await repos.emails.storeIncoming([incoming(a!, 1, null, null)]);
    const group = [incoming(a!, 2, null, null), incoming(b!, 2, null, null), incoming(a!, 3, null, null), incoming(a!, 4, null, null)];
    await repos.emails.storeIncoming(group);
    const uids = async (inbox: InboxRecord) => (await repos.imapMailboxes.messages(inbox.tenantId, inbox.id)).map((m) => [m.id, m.uid]);
    assert.deepEqual(await uids(a!), [
      [(await repos.emails.list(a!.tenantId, { inboxIds: [a!.id] }, 'ASC', 1))[0]!.id, 1],
      [group[0]!.email.id, 2], [group[2]!.email.id, 3], [group[3]!.email.id, 4],
    ]);
    assert.deepEqual(await uids(b!), [[group[1]!.email.id, 1]]);
    assert.equal(await repos.imapMailboxes.uidNext(a!.tenantId, a!.id), 5);
  });

  test('concurrent deliveries all commit, and a bad one fails alone', async () => {
    const { tenantId, inboxes: [a] } = await tenantWithInboxes(1);
    const good = Array.from({ length: 30 }, (_, i) => incoming(a!, 10 + i, `m${i}@x`, i > 0 ? `m${i - 1}@x` : null));
    // an inbox that does not exist: its email fails the foreign key
    const bad = incoming({ ...a!, id: randomUUID() }, 9, 'bad@x', null);
    const outcomes = await Promise.allSettled([...good.slice(0, 15), bad, ...good.slice(15)].map((m) => repos.emails.storeIncoming([m])));
    assert.equal(outcomes.filter((o) => o.status === 'rejected').length, 1);
    assert.equal(outcomes[15]!.status, 'rejected');
    assert.equal(await repos.emails.count(tenantId, { inboxIds: [a!.id] }), 30);
    const threads = new Set(good.map((m) => m.email.threadId));
    assert.equal(threads.size, 1, 'a chain of replies is one thread');
  });
});
