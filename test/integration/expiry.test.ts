import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  Configuration,
  EmailControllerApi,
  ExpiredControllerApi,
  GetExpiredInboxesSortEnum,
  type InboxDto,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { newId } from '../../src/core/ids.js';
import { expireDueInboxes, EXPIRY_JOB } from '../../src/jobs/expiry.js';
import { startServer, type RunningServer } from '../../src/main.js';
import { openStore } from '../../src/storage/kysely/database.js';
import type { Store } from '../../src/storage/ports.js';
import { adminQuery, inspect } from '../helpers/databases.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const HUNDRED_YEARS = 100 * 365 * 24 * HOUR;
/** Real time between scheduled passes: far beyond any test, so only the passes a test runs happen. */
const QUIET = { PIGEONHOLE_EXPIRY_INTERVAL: String(24 * HOUR) };

const expiredApiOf = (server: { url: string }, tenant: Tenant) =>
  new ExpiredControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
const emailApiOf = (server: { url: string }, tenant: Tenant) =>
  new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

/** Status and message of a call the official client rejected (it throws the Response). */
async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return { status: err.status, message: ((await err.json()) as { message: string }).message };
    throw err;
  }
  return assert.fail('expected an HTTP error');
}

/** Sends `subject` over SMTP to `to`; resolves to the SMTP reply code of the failure, or 250. */
async function smtpSend(server: TestServer, to: string, subject: string): Promise<number> {
  const transport = smtpTransport(server);
  try {
    await transport.sendMail({
      envelope: { from: 'sender@example.com', to: [to] },
      raw: rawMessage({ to, subject, body: `body of ${subject}` }),
    });
    return 250;
  } catch (err) {
    return (err as { responseCode?: number }).responseCode ?? 0;
  } finally {
    transport.close();
  }
}

describeEachDialect('inbox expiry', (dialect) => {
  let server: TestServer;
  let clock: ManualClock;
  let alice: Tenant;
  let bob: Tenant;
  let job: RunningServer['expiry'];

  before(async () => {
    clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));
    server = await startTestServer(dialect, { clock, env: QUIET });
    job = server.server.expiry;
    await job.settled(); // the pass every start runs
    [alice, bob] = await Promise.all([server.createTenant(), server.createTenant()]);
  });
  after(() => server.close());

  async function recordsOf(inboxIds: string[]): Promise<Array<{ inbox_id: string; tenant_id: string; created_at: number }>> {
    const db = inspect(server.db);
    try {
      return await db.selectFrom('expired_inboxes').select(['inbox_id', 'tenant_id', 'created_at']).where('inbox_id', 'in', inboxIds).execute();
    } finally {
      await db.destroy();
    }
  }

  test('an inbox expires when the clock passes its expiry: record made, mail and sending refused, emails still readable', async () => {
    const inbox = await alice.inboxApi.createInbox({ expiresIn: 5 * MINUTE });
    const permanent = await alice.inboxApi.createInbox({});
    assert.ok(inbox.expiresAt);
    assert.equal(await smtpSend(server, inbox.emailAddress, 'while open'), 250);
    const [received] = await alice.inboxApi.getEmails({ inboxId: inbox.id });
    assert.ok(received);

    clock.advance(5 * MINUTE - 1);
    assert.equal(await job.runOnce(), 0, 'one millisecond early: nothing expires');
    const expiredApi = expiredApiOf(server, alice);
    assert.equal(await statusOf(expiredApi.getExpiredInboxByInboxId({ inboxId: inbox.id })), 404);

    clock.advance(1);
    assert.equal(await job.runOnce(), 1, 'exactly at expiresAt it expires');

    const record = await expiredApi.getExpiredInboxByInboxId({ inboxId: inbox.id });
    assert.equal(record.inboxId, inbox.id);
    assert.equal(record.emailAddress, inbox.emailAddress);
    assert.deepEqual(await expiredApi.getExpiredInboxRecord({ expiredId: record.id }), record);
    const page = await expiredApi.getExpiredInboxes({ inboxId: inbox.id });
    assert.equal(page.totalElements, 1);
    const [projection] = page.content ?? [];
    assert.equal(projection?.id, record.id);
    assert.equal(projection?.userId, alice.userId);
    assert.equal(projection?.emailAddress, inbox.emailAddress);
    assert.equal(projection?.createdAt.getTime(), inbox.expiresAt.getTime(), 'createdAt is the expiry time');
    assert.equal(await statusOf(expiredApi.getExpiredInboxByInboxId({ inboxId: permanent.id })), 404);

    // closed: no receiving, no sending
    assert.equal(await smtpSend(server, inbox.emailAddress, 'too late'), 550);
    const refused = await failure(alice.inboxApi.sendEmail({ inboxId: inbox.id, sendEmailOptions: { to: [permanent.emailAddress], subject: 'x', body: 'x' } }));
    assert.equal(refused.status, 400);
    assert.match(refused.message, /expired/);
    assert.equal(await smtpSend(server, permanent.emailAddress, 'others still open'), 250);

    // its emails stay readable by inbox id, and by email id
    const emails = await alice.inboxApi.getEmails({ inboxId: inbox.id });
    assert.deepEqual(emails.map((e) => e.id), [received.id]);
    const email = await emailApiOf(server, alice).getEmail({ emailId: received.id });
    assert.equal(email.subject, 'while open');
    assert.match(email.body ?? '', /body of while open/);
    assert.equal((await alice.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 1);
    assert.equal((await alice.inboxApi.getInbox({ inboxId: inbox.id })).id, inbox.id, 'the inbox itself is still there, closed');

    // expiry is final: a new expiresAt does not reopen it
    const reopen = await failure(alice.inboxApi.updateInbox({ inboxId: inbox.id, updateInboxOptions: { expiresAt: new Date(clock.now().getTime() + HOUR) } }));
    assert.equal(reopen.status, 400);
    assert.match(reopen.message, /cannot be reopened/);
    await alice.inboxApi.updateInbox({ inboxId: inbox.id, updateInboxOptions: { name: 'renamed' } }); // other fields still change
  });

  test('passes run again, or side by side, never make a second record', async () => {
    const inboxes = await Promise.all([1, 2, 3].map((n) => alice.inboxApi.createInbox({ expiresIn: n * 1000 })));
    clock.advance(3000);
    const [first, second] = await Promise.all([job.runOnce(), job.runOnce()]);
    assert.equal(first + second, 3);
    assert.equal(await job.runOnce(), 0, 'nothing left for another pass');
    const ids = inboxes.map((i) => i.id);
    const records = await recordsOf(ids);
    assert.deepEqual(records.map((r) => r.inbox_id).sort(), [...ids].sort());

    // Two passes without any lock, racing inbox by inbox: the conditional mark decides.
    const more = await Promise.all([1, 2, 3, 4, 5].map(() => bob.inboxApi.createInbox({ expiresIn: 1000 })));
    clock.advance(1000);
    const repo = server.db.store.repos.expiredInboxes;
    const counts = await Promise.all([expireDueInboxes(repo, clock), expireDueInboxes(repo, clock), expireDueInboxes(repo, clock)]);
    assert.equal(counts.reduce((a, b) => a + b, 0), 5);
    const now = clock.now();
    const direct = await Promise.all([repo.expire(more[0]!.id, newId(), now), repo.expire(more[0]!.id, newId(), now)]);
    assert.deepEqual(direct, [undefined, undefined], 'an inbox already expired gets no second record');
    assert.equal((await recordsOf(more.map((i) => i.id))).length, 5);
  });

  test("records are the owner's only: another tenant gets 404 and sees none of them", async () => {
    const inbox = await alice.inboxApi.createInbox({ expiresIn: 1000 });
    clock.advance(1000);
    await job.runOnce();
    const record = await expiredApiOf(server, alice).getExpiredInboxByInboxId({ inboxId: inbox.id });

    const asBob = expiredApiOf(server, bob);
    assert.equal(await statusOf(asBob.getExpiredInboxRecord({ expiredId: record.id })), 404);
    assert.equal(await statusOf(asBob.getExpiredInboxByInboxId({ inboxId: inbox.id })), 404);
    const bobs = await asBob.getExpiredInboxes({ size: 100 });
    assert.ok(bobs.totalElements > 0, 'bob has records of his own');
    assert.ok(!(bobs.content ?? []).some((r) => r.id === record.id || r.userId !== bob.userId));
    assert.equal((await asBob.getExpiredInboxes({ inboxId: inbox.id })).totalElements, 0);

    assert.equal(await statusOf(asBob.getExpiredInboxRecord({ expiredId: randomUUID() })), 404);
    assert.equal((await server.fetch('/expired/not-a-uuid', { key: bob.apiKey })).status, 400);
    assert.equal((await server.fetch('/expired', { key: null })).status, 401);
  });

  test('getExpiredInboxes pages, sorts and filters by expiry time and inbox', async () => {
    const carol = await server.createTenant();
    const start = clock.now().getTime();
    const inboxes: InboxDto[] = [];
    for (const minutes of [1, 2, 3]) inboxes.push(await carol.inboxApi.createInbox({ expiresIn: minutes * MINUTE }));
    clock.advance(3 * MINUTE);
    assert.equal(await job.runOnce(), 3);
    const api = expiredApiOf(server, carol);
    const ids = inboxes.map((i) => i.id);
    const inboxIdsOf = (p: { content?: Array<{ id: string }> }) =>
      (p.content ?? []).map((r) => ids.find((_, n) => recordIds[n] === r.id));
    const recordIds = await Promise.all(ids.map(async (inboxId) => (await api.getExpiredInboxByInboxId({ inboxId })).id));

    const first = await api.getExpiredInboxes({ size: 2 });
    assert.equal(first.totalElements, 3);
    assert.equal(first.totalPages, 2);
    assert.equal(first.numberOfElements, 2);
    assert.deepEqual(inboxIdsOf(first), ids.slice(0, 2), 'oldest expiry first by default');
    assert.deepEqual(inboxIdsOf(await api.getExpiredInboxes({ size: 2, page: 1 })), ids.slice(2));
    assert.deepEqual(inboxIdsOf(await api.getExpiredInboxes({ sort: GetExpiredInboxesSortEnum.DESC })), [...ids].reverse());
    const between = await api.getExpiredInboxes({ since: new Date(start + MINUTE), before: new Date(start + 3 * MINUTE) });
    assert.deepEqual(inboxIdsOf(between), [ids[1]], 'since and before are exclusive, on the expiry time');
    assert.deepEqual(inboxIdsOf(await api.getExpiredInboxes({ inboxId: ids[2] })), [ids[2]]);
  });

  test('getExpirationDefaults says inboxes are permanent unless given an expiry', async () => {
    const defaults = await expiredApiOf(server, alice).getExpirationDefaults();
    // null on the wire; the client's `exists` turns a null number into undefined
    assert.equal(defaults.defaultExpirationMillis ?? null, null);
    assert.equal(defaults.defaultExpiresAt ?? null, null);
    assert.equal(defaults.maxExpirationMillis, HUNDRED_YEARS);
    assert.equal(defaults.canPermanentInbox, true);
    assert.equal(defaults.nextInboxAllowsPermanent, true);
    const raw = (await (await alice.fetch('/expired/defaults')).json()) as Record<string, unknown>;
    assert.deepEqual(raw, {
      defaultExpirationMillis: null, maxExpirationMillis: HUNDRED_YEARS, defaultExpiresAt: null,
      canPermanentInbox: true, nextInboxAllowsPermanent: true,
    });
  });

  test('flushExpired removes expired inboxes and keeps their records, even when the job had not run yet', async () => {
    const dave = await server.createTenant();
    const processed = await dave.inboxApi.createInbox({ expiresIn: MINUTE });
    const unprocessed = await dave.inboxApi.createInbox({ expiresIn: 2 * MINUTE });
    const open = await dave.inboxApi.createInbox({ expiresIn: HOUR });
    assert.equal(await smtpSend(server, processed.emailAddress, 'kept until the flush'), 250);
    clock.advance(MINUTE);
    await job.runOnce();
    clock.advance(MINUTE); // `unprocessed` expires now; no pass runs before the flush

    const result = await dave.inboxApi.flushExpired({});
    assert.deepEqual([...result.inboxIds].sort(), [processed.id, unprocessed.id].sort());
    const api = expiredApiOf(server, dave);
    for (const inbox of [processed, unprocessed]) {
      assert.equal(await statusOf(dave.inboxApi.getInbox({ inboxId: inbox.id })), 404);
      const record = await api.getExpiredInboxByInboxId({ inboxId: inbox.id });
      assert.equal(record.emailAddress, inbox.emailAddress);
    }
    assert.equal((await api.getExpiredInboxes({})).totalElements, 2);
    assert.equal(await job.runOnce(), 0, 'the flushed inboxes are not expired again');
    assert.equal((await recordsOf([processed.id, unprocessed.id])).length, 2);
    assert.equal((await dave.inboxApi.getInbox({ inboxId: open.id })).id, open.id);

    // Flushed ahead of its expiry (a later `before`), an inbox never expired: no record.
    const flushedEarly = await dave.inboxApi.flushExpired({ before: new Date(clock.now().getTime() + 2 * HOUR) });
    assert.deepEqual(flushedEarly.inboxIds, [open.id]);
    assert.equal(await statusOf(api.getExpiredInboxByInboxId({ inboxId: open.id })), 404);
  });

  test('an inbox that fell due while the service was down is expired by the first pass after the restart', async () => {
    const node = await startTestServer(dialect, { clock, env: QUIET });
    try {
      const owner = await node.createTenant();
      const inbox = await owner.inboxApi.createInbox({ expiresIn: MINUTE });
      await node.server.close(); // down: the store (the database) stays
      clock.advance(3 * HOUR);
      const restarted = await startServer(node.config, { store: node.db.store, clock });
      try {
        await restarted.expiry.settled(); // only the pass every start runs
        const record = await expiredApiOf(restarted, owner).getExpiredInboxByInboxId({ inboxId: inbox.id });
        assert.equal(record.inboxId, inbox.id);
        const [projection] = (await expiredApiOf(restarted, owner).getExpiredInboxes({})).content ?? [];
        assert.equal(projection?.createdAt.getTime(), inbox.expiresAt?.getTime(), 'dated at the expiry, not the restart');
        assert.equal(await restarted.expiry.runOnce(), 0);
      } finally {
        await restarted.close();
      }
    } finally {
      await node.db.cleanup();
    }
  });

  if (dialect === 'postgres') {
    describe('two nodes on one database', () => {
      let store: Store;
      let other: RunningServer;

      before(async () => {
        store = await openStore({ databaseUrl: server.db.databaseUrl, searchPath: server.db.searchPath });
        other = await startServer(server.config, { store, clock });
        await other.expiry.settled();
      });
      after(async () => {
        await other.close();
        await store.close();
      });

      test('concurrent passes on two nodes make exactly one record per inbox', async () => {
        const erin = await server.createTenant();
        const inboxes = await Promise.all(Array.from({ length: 30 }, () => erin.inboxApi.createInbox({ expiresIn: 1000 })));
        clock.advance(1000);
        const counts = await Promise.all([job.runOnce(), other.expiry.runOnce(), job.runOnce(), other.expiry.runOnce()]);
        assert.equal(counts.reduce((a, b) => a + b, 0), 30);
        const records = await recordsOf(inboxes.map((i) => i.id));
        assert.equal(records.length, 30);
        assert.equal(new Set(records.map((r) => r.inbox_id)).size, 30);

        // Without the advisory lock, the two stores still race to one record each.
        const more = await Promise.all(Array.from({ length: 30 }, () => erin.inboxApi.createInbox({ expiresIn: 1000 })));
        clock.advance(1000);
        const unlocked = await Promise.all([
          expireDueInboxes(server.db.store.repos.expiredInboxes, clock, { batch: 7 }),
          expireDueInboxes(store.repos.expiredInboxes, clock, { batch: 7 }),
        ]);
        assert.equal(unlocked[0] + unlocked[1], 30);
        assert.equal((await recordsOf(more.map((i) => i.id))).length, 30);
      });

      test('while one node holds the expiry lock, the other skips its pass', async () => {
        const inbox = await alice.inboxApi.createInbox({ expiresIn: 1000 });
        clock.advance(1000);
        const skipped = await store.repos.schedulerLocks.runExclusive(EXPIRY_JOB, () => job.runOnce());
        assert.equal(skipped, 0, 'the pass found the lock taken and did nothing');
        assert.equal((await recordsOf([inbox.id])).length, 0);
        assert.equal(await job.runOnce(), 1, 'once released, the next pass runs');
        assert.equal((await recordsOf([inbox.id])).length, 1);
      });

      test('the lock is per schema: another Pigeonhole in the same database is not held up', async () => {
        const elsewhere = `ph_test_${randomBytes(6).toString('hex')}`;
        await adminQuery(server.db.databaseUrl!, `create schema ${elsewhere}`);
        const foreign = await openStore({ databaseUrl: server.db.databaseUrl, searchPath: elsewhere });
        try {
          const ran = await store.repos.schedulerLocks.runExclusive(EXPIRY_JOB, () =>
            foreign.repos.schedulerLocks.runExclusive(EXPIRY_JOB, async () => 'ran'));
          assert.equal(ran, 'ran');
        } finally {
          await foreign.close();
          await adminQuery(server.db.databaseUrl!, `drop schema if exists ${elsewhere} cascade`);
        }
      });
    });
  }
});
