/**
 * On PostgreSQL a group of incoming mail is stored in two round trips, whatever it holds
 * (store-incoming-postgres.ts): the reads with BEGIN, then the writes with COMMIT. Counted
 * at the driver: every round trip of node-postgres is one `Client.query`. What the group
 * stores is what storing statement by statement stored (ingest-groups.test.ts and the other
 * storage tests check that on both databases, through this same path).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { freshDatabase, postgresUrl, type TestDatabase } from '../helpers/databases.js';
import { incomingCopy, tenantWithInboxes } from '../helpers/storage-fixtures.js';
import { pgRoundTripsDuring } from '../helpers/pg-round-trips.js';
import type { IncomingEmail, InboxRecord, Repositories } from '../../src/storage/ports.js';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

describe('storing incoming mail on PostgreSQL: two round trips a group', { skip: postgresUrl() ? false : 'PostgreSQL only (PIGEONHOLE_TEST_DATABASE_URL)' }, () => {
  let db: TestDatabase;
  let repos: Repositories;
  before(async () => {
    db = await freshDatabase('postgres');
    repos = db.store.repos;
  });
  after(() => db.cleanup());

  const message = (inbox: InboxRecord, s: number, messageId: string, fields: Partial<IncomingEmail['email']> = {}, raw = `raw ${randomUUID()}`) => {
    const item = incomingCopy(inbox, raw, at(s), messageId);
    Object.assign(item.email, fields);
    return item;
  };

  test('a group with copies, a reply, an attachment, verdicts, a follow-up job, a retry and two tenants', async () => {
    const { tenantId, inboxes: [a, b] } = await tenantWithInboxes(repos, 2, at(0));
    const other = await tenantWithInboxes(repos, 1, at(0));
    const earlier = message(a!, 1, '<earlier@x>', {}, `earlier ${tenantId}`);
    await repos.emails.storeIncoming([earlier]);

    const root = message(a!, 2, '<root@x>', {
      authentication: { spf: 'pass', dkim: [{ result: 'pass', domain: 'x', selector: 's', comment: null }], dmarc: 'pass', arc: 'none', fromDomain: 'x', clientIp: '127.0.0.1', mailFrom: 'a@x', checkedAt: at(2) },
    }, `root ${tenantId}`);
    const content = Buffer.from('the attachment\u0000\'\\ bytes');
    const attachmentId = randomUUID();
    root.attachments.push({
      record: { id: attachmentId, tenantId, emailId: root.email.id, name: "it's a \\file.txt", contentType: 'text/plain', size: content.length, contentId: null, sha256: createHash('sha256').update(content).digest('hex'), createdAt: at(2) },
      content,
    });
    root.email.attachmentIds = [attachmentId];
    root.email.subject = "O'Brien's \\ $1 subject ☃";
    const jobId = randomUUID();
    root.followUps = [{ id: jobId, tenantId, kind: 'forward', subjectId: null, inboxId: a!.id, emailId: root.email.id, payload: { to: ["o'brien@x"] }, nextAttemptAt: at(3), createdAt: at(2) }];
    const copy = message(b!, 2, '<root@x>', {}, `root ${tenantId}`);
    const reply = message(a!, 3, '<reply@x>', { inReplyTo: '<root@x>' });
    const retry = { ...message(a!, 4, '<earlier@x>', {}, `earlier ${tenantId}`), dedupeSince: at(0) };
    const elsewhere = message(other.inboxes[0]!, 5, '<root@x>');

    const { count, error } = await pgRoundTripsDuring(() => repos.emails.storeIncoming([root, copy, reply, retry, elsewhere]));
    assert.equal(error, undefined);
    assert.equal(count, 2, 'the reads and BEGIN, then the writes and COMMIT');

    assert.equal(retry.duplicateOf, earlier.email.id, 'the retry is recognized and not stored');
    assert.equal(await repos.emails.findById(tenantId, retry.email.id), undefined);
    const stored = await repos.emails.findById(tenantId, root.email.id);
    assert.equal(stored?.subject, "O'Brien's \\ $1 subject ☃");
    assert.equal(stored?.authentication?.dkim[0]?.domain, 'x');
    assert.deepEqual(stored?.attachmentIds, [attachmentId]);
    const attachment = await repos.attachments.withContent(tenantId, attachmentId);
    assert.equal(attachment?.record.name, "it's a \\file.txt");
    assert.deepEqual(attachment?.content, content);
    assert.deepEqual((await repos.automationJobs.findById(tenantId, jobId))?.payload, { to: ["o'brien@x"] });
    assert.equal((await repos.emails.findById(tenantId, copy.email.id))?.threadId, stored?.threadId, 'copies share a thread');
    assert.equal((await repos.emails.findById(tenantId, reply.email.id))?.threadId, stored?.threadId, 'the reply joins it');
    assert.notEqual((await repos.emails.findById(other.tenantId, elsewhere.email.id))?.threadId, stored?.threadId, 'threads stay within a tenant');
    const uids = (await repos.imapMailboxes.messages(tenantId, a!.id)).map((m) => [m.id, m.uid]);
    assert.deepEqual(uids, [[earlier.email.id, 1], [root.email.id, 2], [reply.email.id, 3]]);
    assert.equal(await repos.imapMailboxes.uidNext(tenantId, a!.id), 4);
    // the raw message is readable as stored
    assert.deepEqual(await repos.emails.raw(tenantId, root.email.id), root.raw);
  });

  test('a group that fails writes nothing, rolls back, and the next group stores', async () => {
    const { tenantId, inboxes: [a] } = await tenantWithInboxes(repos, 1, at(0));
    const good = message(a!, 1, '<good@x>');
    // an inbox that does not exist: its email fails the foreign key, the whole group with it
    const bad = message({ ...a!, id: randomUUID() }, 1, '<bad@x>');
    const { count, error } = await pgRoundTripsDuring(() => repos.emails.storeIncoming([good, bad]));
    assert.ok(error, 'the group fails');
    assert.equal(count, 3, 'reads, writes, then ROLLBACK');
    assert.equal(await repos.emails.findById(tenantId, good.email.id), undefined, 'nothing of the group is stored');
    assert.equal(await repos.imapMailboxes.uidNext(tenantId, a!.id), 1, 'no UID is used up');

    await repos.emails.storeIncoming([good]);
    assert.ok(await repos.emails.findById(tenantId, good.email.id));
  });

  test('a group of retries only stores nothing, still in two round trips', async () => {
    const { tenantId, inboxes: [a] } = await tenantWithInboxes(repos, 1, at(0));
    const first = message(a!, 1, '<once@x>', {}, `once ${tenantId}`);
    await repos.emails.storeIncoming([first]);
    const again = { ...message(a!, 2, '<once@x>', {}, `once ${tenantId}`), dedupeSince: at(0) };
    const { count, error } = await pgRoundTripsDuring(() => repos.emails.storeIncoming([again]));
    assert.equal(error, undefined);
    assert.equal(count, 2);
    assert.equal(again.duplicateOf, first.email.id);
    assert.equal(await repos.emails.count(tenantId, { inboxIds: [a!.id] }), 1);
  });
});
