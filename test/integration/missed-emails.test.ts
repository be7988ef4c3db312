import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  Configuration,
  EmailControllerApi,
  GetAllMissedEmailsSortEnum,
  MissedEmailControllerApi,
  type InboxDto,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { waitersRegistered } from '../helpers/waiters.js';

/**
 * MissedEmailController and the per-tenant email cap (PIGEONHOLE_TENANT_EMAIL_CAP) behind it,
 * through the official client; mail goes in over real SMTP.
 */

const CAP = 2;

const missedApiOf = (server: TestServer, tenant: Tenant) =>
  new MissedEmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
const emailApiOf = (server: TestServer, tenant: Tenant) =>
  new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

/** Sends `raw` over SMTP to `to`; resolves to 250, or the SMTP reply code of the refusal. */
async function smtpSend(server: TestServer, to: string, raw: Buffer): Promise<number> {
  const transport = smtpTransport(server);
  try {
    await transport.sendMail({ envelope: { from: 'sender@example.com', to: [to] }, raw });
    return 250;
  } catch (err) {
    return (err as { responseCode?: number }).responseCode ?? 0;
  } finally {
    transport.close();
  }
}

/** Sends one message per subject to the inbox, each acknowledged with 250; returns the raw messages. */
async function sendAll(server: TestServer, inbox: InboxDto, subjects: string[]): Promise<Buffer[]> {
  const sent: Buffer[] = [];
  for (const subject of subjects) {
    const raw = rawMessage({ to: inbox.emailAddress, subject, body: `Body of ${subject}` });
    assert.equal(await smtpSend(server, inbox.emailAddress, raw), 250, `${subject} is accepted over SMTP`);
    sent.push(raw);
  }
  return sent;
}

async function errorOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return { status: err.status, message: ((await err.json()) as { message: string }).message };
    throw err;
  }
  return assert.fail('expected an HTTP error');
}

describeEachDialect('missed emails', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_TENANT_EMAIL_CAP: String(CAP) } });
  });
  after(() => server.close());

  test('mail beyond the cap is accepted but kept as a missed email, not an email', async () => {
    const alice = await server.createTenant();
    const inbox = await alice.mailslurp.createInbox();
    await sendAll(server, inbox, ['first', 'second', 'third over the cap']);

    const emails = await alice.mailslurp.getEmails(inbox.id);
    assert.deepEqual(emails.map((e) => e.subject).sort(), ['first', 'second'], 'only the cap is stored as emails');

    const page = await missedApiOf(server, alice).getAllMissedEmails({});
    assert.equal(page.totalElements, 1);
    const [projection] = page.content!;
    assert.equal(projection!.subject, 'third over the cap');
    assert.equal(projection!.from, 'sender@example.com');
    assert.equal(projection!.userId, alice.userId);
    assert.ok(projection!.createdAt instanceof Date && !Number.isNaN(projection!.createdAt.getTime()));

    const missed = await missedApiOf(server, alice).getMissedEmail({ missedEmailId: projection!.id });
    assert.equal(missed.id, projection!.id);
    assert.equal(missed.subject, 'third over the cap');
    assert.equal(missed.bodyExcerpt, 'Body of third over the cap');
    assert.deepEqual(missed.to, [inbox.emailAddress]);
    assert.deepEqual(missed.cc, []);
    assert.deepEqual(missed.bcc, []);
    assert.deepEqual(missed.inboxIds, [inbox.id]);
    assert.equal(missed.attachmentCount, 0);
    assert.equal(missed.canRestore, true);
    assert.equal(missed.userId, alice.userId);
    assert.equal(missed.createdAt.getTime(), projection!.createdAt.getTime());

    assert.deepEqual(await errorOf(missedApiOf(server, alice).getMissedEmail({ missedEmailId: randomUUID() })).then((e) => e.status), 404);
    assert.equal((await alice.fetch('/missed-emails/not-a-uuid')).status, 400);
  });

  test('the cap counts all of a tenant\'s inboxes; listing pages, sorts and filters', async () => {
    const alice = await server.createTenant();
    const [a, b] = [await alice.mailslurp.createInbox(), await alice.mailslurp.createInbox()];
    await sendAll(server, a, ['a1', 'a2']);
    await sendAll(server, b, ['b1 apple', 'b2 banana']);
    await sendAll(server, a, ['a3 cherry']);
    assert.equal((await alice.mailslurp.getEmails(b.id)).length, 0, 'inbox b got nothing: the tenant was at the cap');

    const api = missedApiOf(server, alice);
    const first = await api.getAllMissedEmails({ page: 0, size: 2, sort: GetAllMissedEmailsSortEnum.ASC });
    assert.equal(first.totalElements, 3);
    assert.equal(first.totalPages, 2);
    assert.equal(first.numberOfElements, 2);
    assert.equal(first.first, true);
    assert.equal(first.last, false);
    const second = await api.getAllMissedEmails({ page: 1, size: 2, sort: GetAllMissedEmailsSortEnum.ASC });
    assert.equal(second.numberOfElements, 1);
    assert.equal(second.last, true);
    const ascending = [...first.content!, ...second.content!];
    assert.deepEqual(ascending.map((m) => m.subject), ['b1 apple', 'b2 banana', 'a3 cherry']);
    const descending = await api.getAllMissedEmails({ sort: GetAllMissedEmailsSortEnum.DESC });
    assert.deepEqual(descending.content!.map((m) => m.id), ascending.map((m) => m.id).reverse());

    const ofB = await api.getAllMissedEmails({ inboxId: b.id });
    assert.deepEqual(ofB.content!.map((m) => m.subject), ['b1 apple', 'b2 banana']);
    const search = await api.getAllMissedEmails({ searchFilter: 'BANANA' });
    assert.deepEqual(search.content!.map((m) => m.subject), ['b2 banana']);
    const byRecipient = await api.getAllMissedEmails({ searchFilter: a.emailAddress });
    assert.deepEqual(byRecipient.content!.map((m) => m.subject), ['a3 cherry']);

    const cherry = ascending[2]!;
    const since = await api.getAllMissedEmails({ since: new Date(cherry.createdAt.getTime() - 1) });
    assert.ok(since.content!.some((m) => m.id === cherry.id));
    const before = await api.getAllMissedEmails({ before: new Date(cherry.createdAt.getTime()) });
    assert.ok(!before.content!.some((m) => m.id === cherry.id), 'before is exclusive');

    const unknownInbox = await errorOf(api.getAllMissedEmails({ inboxId: randomUUID() }));
    assert.equal(unknownInbox.status, 404);
    const badInbox = await alice.fetch('/missed-emails?inboxId=nope');
    assert.equal(badInbox.status, 400);
    assert.match(((await badInbox.json()) as { message: string }).message, /inboxId/);
  });

  test('another tenant sees none of them', async () => {
    const alice = await server.createTenant();
    const bob = await server.createTenant();
    const inbox = await alice.mailslurp.createInbox();
    await sendAll(server, inbox, ['one', 'two', 'three']);
    const [missed] = (await missedApiOf(server, alice).getAllMissedEmails({})).content!;

    const bobApi = missedApiOf(server, bob);
    assert.equal(await statusOf(bobApi.getMissedEmail({ missedEmailId: missed!.id })), 404);
    assert.equal((await bobApi.getAllMissedEmails({})).totalElements, 0);
    assert.equal(await statusOf(bobApi.getAllMissedEmails({ inboxId: inbox.id })), 404);
    assert.equal(await statusOf(bobApi.waitForNthMissedEmail({ index: 0, inboxId: inbox.id, timeout: 0 })), 404);
    assert.equal(await statusOf(bobApi.waitForNthMissedEmail({ index: 0, timeout: 50 })), 408, "alice's missed email does not count for bob");

    // Bob's restore touches nothing of Alice's, even with room to spare.
    await emailApiOf(server, alice).deleteAllEmails({});
    await bobApi.restoreMissedEmails();
    assert.equal((await missedApiOf(server, alice).getAllMissedEmails({})).totalElements, 1);
    assert.equal((await alice.mailslurp.getEmails(inbox.id)).length, 0);
  });

  test('waitForNthMissedEmail answers when the missed email is recorded, and 408s at the timeout', async () => {
    const alice = await server.createTenant();
    const [a, b] = [await alice.mailslurp.createInbox(), await alice.mailslurp.createInbox()];
    await sendAll(server, a, ['fill 1', 'fill 2', 'missed 0']);
    const api = missedApiOf(server, alice);

    const present = await api.waitForNthMissedEmail({ index: 0, timeout: 0 });
    assert.equal(present.subject, 'missed 0', 'an existing one is answered at once');

    // Waiters first, then the mail: index 1 overall, index 0 of inbox b.
    const waiting = waitersRegistered(server.server.bus, 'missed-email.recorded', 2);
    const overall = api.waitForNthMissedEmail({ index: 1, timeout: 20_000 });
    const ofB = api.waitForNthMissedEmail({ index: 0, inboxId: b.id, timeout: 20_000 });
    await waiting;
    const started = Date.now();
    await sendAll(server, b, ['missed 1 for b']);
    const [got, gotB] = await Promise.all([overall, ofB]);
    assert.ok(Date.now() - started < 15_000, 'woken by the arrival, not the timeout');
    assert.equal(got.subject, 'missed 1 for b');
    assert.equal(gotB.id, got.id);
    assert.deepEqual(got.inboxIds, [b.id]);

    const since = await api.waitForNthMissedEmail({ index: 0, since: new Date(present.createdAt.getTime()), timeout: 0 });
    assert.equal(since.id, got.id, 'since skips the earlier one');

    const timedOut = await errorOf(api.waitForNthMissedEmail({ index: 5, timeout: 200 }));
    assert.equal(timedOut.status, 408);
    assert.match(timedOut.message, /200 ms/);
    const noWait = await errorOf(api.waitForNthMissedEmail({ index: 0, inboxId: a.id, since: new Date(), timeout: 0 }));
    assert.equal(noWait.status, 408);

    const missingIndex = await alice.fetch('/missed-emails/waitForNthMissedEmail?timeout=0');
    assert.equal(missingIndex.status, 400);
    assert.match(((await missingIndex.json()) as { message: string }).message, /index/);
    assert.equal((await alice.fetch('/missed-emails/waitForNthMissedEmail?index=-1')).status, 400);
  });

  test('restoreMissedEmails brings them back as emails, byte for byte, as far as the cap allows', async () => {
    const alice = await server.createTenant();
    const inbox = await alice.mailslurp.createInbox();
    const raws = await sendAll(server, inbox, ['kept 1', 'kept 2', 'restore me', 'and me', 'not yet']);
    const missedApi = missedApiOf(server, alice);
    assert.equal((await missedApi.getAllMissedEmails({})).totalElements, 3);

    // At the cap, a restore has no room: nothing moves.
    await missedApi.restoreMissedEmails();
    assert.equal((await missedApi.getAllMissedEmails({})).totalElements, 3);

    await emailApiOf(server, alice).deleteAllEmails({});
    // A waiter on the inbox sees the restored mail: it goes through the normal ingest path.
    const waiting = waitersRegistered(server.server.bus, 'email.received', 1);
    const latest = alice.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 20_000 });
    await waiting;
    await missedApi.restoreMissedEmails();
    const woke = await latest;
    assert.ok(['restore me', 'and me'].includes(woke.subject!));

    const emails = await alice.mailslurp.getEmails(inbox.id);
    assert.equal(emails.length, CAP, 'restored up to the cap');
    const left = await missedApi.getAllMissedEmails({});
    assert.equal(left.totalElements, 1);
    const restoredSubjects = emails.map((e) => e.subject).sort();
    const leftSubject = left.content![0]!.subject;
    assert.deepEqual([...restoredSubjects, leftSubject].sort(), ['and me', 'not yet', 'restore me']);

    const bySubject = new Map(['kept 1', 'kept 2', 'restore me', 'and me', 'not yet'].map((s, i) => [s, raws[i]!]));
    for (const email of emails) {
      const raw = await emailApiOf(server, alice).getRawEmailJson({ emailId: email.id });
      assert.equal(raw.content, bySubject.get(email.subject!)!.toString('utf8'), `${email.subject} restored byte for byte`);
    }
  });

  test('getAllUnknownMissedEmails lists missed mail whose inbox was deleted; mail for an address that never had one is refused', async () => {
    const alice = await server.createTenant();
    const nowhere = `nobody-${randomUUID()}@${server.config.domain}`;
    assert.equal(await smtpSend(server, nowhere, rawMessage({ to: nowhere, subject: 'lost', body: 'x' })), 550);
    const empty = await missedApiOf(server, alice).getAllUnknownMissedEmails({ size: 5 });
    assert.equal(empty.totalElements, 0);
    assert.equal(empty.size, 5);

    const kept = await alice.mailslurp.createInbox();
    const doomed = await alice.mailslurp.createInbox();
    await sendAll(server, kept, Array.from({ length: CAP }, (_, i) => `filler ${i}`));
    await sendAll(server, doomed, ['missed then orphaned']);
    await sendAll(server, kept, ['missed, inbox kept']);
    assert.equal((await missedApiOf(server, alice).getAllUnknownMissedEmails({})).totalElements, 0, 'both inboxes still exist');
    await alice.mailslurp.deleteInbox(doomed.id);
    const unknown = await missedApiOf(server, alice).getAllUnknownMissedEmails({});
    assert.deepEqual(unknown.content?.map((m) => [m.subject, m.to]), [['missed then orphaned', [doomed.emailAddress]]]);
    assert.equal((await missedApiOf(server, alice).getAllMissedEmails({})).totalElements, 2, 'the record is still a missed email');
    assert.equal(await statusOf(missedApiOf(server, alice).getAllUnknownMissedEmails({ inboxId: randomUUID() })), 404);
  });

  test('the OpenAPI document lists every MissedEmailController operation of the official client, with its models', async () => {
    const doc = (await (await server.fetch('/v3/api-docs')).json()) as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    const served = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.tags?.includes('MissedEmailController'))
      .map((op) => op.operationId)
      .sort();
    const client = Object.getOwnPropertyNames(MissedEmailControllerApi.prototype)
      .filter((name) => name !== 'constructor' && !name.endsWith('Raw'))
      .sort();
    assert.deepEqual(served, client);
    for (const model of ['MissedEmailDto', 'PageMissedEmailProjection', 'PageUnknownMissedEmailProjection']) {
      assert.ok(doc.components.schemas[model], `${model} is a named component`);
    }
  });

  describe('without a cap (the default)', () => {
    let open: TestServer;
    before(async () => {
      open = await startTestServer(dialect);
    });
    after(() => open.close());

    test('nothing is ever missed', async () => {
      const alice = await open.createTenant();
      const inbox = await alice.mailslurp.createInbox();
      await sendAll(open, inbox, ['1', '2', '3', '4']);
      assert.equal((await alice.mailslurp.getEmails(inbox.id)).length, 4);
      assert.equal((await missedApiOf(open, alice).getAllMissedEmails({})).totalElements, 0);
      assert.equal(await statusOf(missedApiOf(open, alice).waitForNthMissedEmail({ index: 0, timeout: 50 })), 408);
    });
  });
});
