import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { GetEmailsSortEnum } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

const DAY = 24 * 60 * 60 * 1000;
const SERVER_CAP = 6;
const BATCH = 4;

interface Limits { maxEmailsPerInbox: number | null; maxEmailsPerAccount: number | null; maxAgeSeconds: number | null }
interface PolicyJson extends Limits { server: Limits; effective: Limits; updatedAt: string | null }
interface RunJson { deleted: number; batches: number; longestBatchMs: number }

describeEachDialect('email retention by count and age', (dialect) => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2026-06-01T00:00:00.000Z'));

  before(async () => {
    server = await startTestServer(dialect, {
      clock,
      env: {
        PIGEONHOLE_MAX_EMAILS_PER_INBOX: String(SERVER_CAP),
        PIGEONHOLE_MAX_EMAIL_AGE: '30d',
        PIGEONHOLE_EMAIL_RETENTION_BATCH: String(BATCH),
        // passes only when a test asks (runOnce), never on their own mid-test
        PIGEONHOLE_EMAIL_RETENTION_INTERVAL: String(DAY),
      },
    });
    await server.server.emailRetention.settled();
  });
  after(() => server?.close());

  /** Sends each subject to the inbox over SMTP, one after the other (each answered 250 before the next), the clock a second on each time. */
  async function send(inbox: { emailAddress: string }, subjects: string[]): Promise<void> {
    const transport = smtpTransport(server);
    try {
      for (const subject of subjects) {
        clock.advance(1000);
        const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw: rawMessage({ to: inbox.emailAddress, subject, body: subject }) });
        assert.match(info.response, /^250/);
      }
    } finally {
      transport.close();
    }
  }

  /** The inbox's subjects, oldest first. */
  async function subjects(tenant: Tenant, inboxId: string): Promise<string[]> {
    return (await tenant.inboxApi.getEmails({ inboxId, sort: GetEmailsSortEnum.ASC, limit: 100 })).map((e) => e.subject ?? '');
  }

  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);

  async function putPolicy(tenant: Tenant, body: unknown): Promise<Response> {
    return tenant.fetch('/user/email-retention', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  async function runNow(tenant: Tenant): Promise<RunJson> {
    const reply = await tenant.fetch('/user/email-retention/run', { method: 'POST' });
    assert.equal(reply.status, 200);
    return (await reply.json()) as RunJson;
  }

  test('the policy: the server\'s limits, an account\'s own, the stricter in force; bad limits are 400s naming the field', async () => {
    const alice = await server.createTenant();
    const bob = await server.createTenant();
    const serverLimits = { maxEmailsPerInbox: SERVER_CAP, maxEmailsPerAccount: null, maxAgeSeconds: 30 * 24 * 3600 };
    const initial = (await (await alice.fetch('/user/email-retention')).json()) as PolicyJson;
    assert.deepEqual(initial, { maxEmailsPerInbox: null, maxEmailsPerAccount: null, maxAgeSeconds: null, server: serverLimits, effective: serverLimits, updatedAt: null });

    const stricter = (await (await putPolicy(alice, { maxEmailsPerInbox: 3, maxEmailsPerAccount: 50, maxAgeSeconds: 3600 })).json()) as PolicyJson;
    assert.deepEqual(stricter.effective, { maxEmailsPerInbox: 3, maxEmailsPerAccount: 50, maxAgeSeconds: 3600 });
    assert.ok(stricter.updatedAt);
    // a looser limit is kept as asked but cannot loosen the server's; PUT replaces, so the absent kinds are none again
    const looser = (await (await putPolicy(alice, { maxEmailsPerInbox: 1000 })).json()) as PolicyJson;
    assert.deepEqual([looser.maxEmailsPerInbox, looser.maxEmailsPerAccount, looser.maxAgeSeconds], [1000, null, null]);
    assert.deepEqual(looser.effective, serverLimits);
    assert.deepEqual(((await (await bob.fetch('/user/email-retention')).json()) as PolicyJson).maxEmailsPerInbox, null, "alice's policy is hers alone");

    for (const [body, field] of [
      [{ maxEmailsPerInbox: 0 }, 'maxEmailsPerInbox'], [{ maxEmailsPerAccount: -1 }, 'maxEmailsPerAccount'], [{ maxAgeSeconds: 1.5 }, 'maxAgeSeconds'],
      [{ maxEmailsPerInbox: 1_000_000_001 }, 'maxEmailsPerInbox'], [{ maxAgeSeconds: 'a day' }, 'maxAgeSeconds'],
    ] as const) {
      const reply = await putPolicy(alice, body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.match(await reply.text(), new RegExp(field), `the 400 names ${field}`);
    }
    assert.equal(((await (await alice.fetch('/user/email-retention')).json()) as PolicyJson).maxEmailsPerInbox, 1000, 'a refused PUT changed nothing');
    assert.equal((await alice.fetch('/user/email-retention', { method: 'DELETE' })).status, 200);
    assert.equal((await alice.fetch('/user/email-retention', { method: 'DELETE' })).status, 200, 'deleting none is fine');
    assert.deepEqual(((await (await alice.fetch('/user/email-retention')).json()) as PolicyJson).effective, serverLimits);
  });

  test('over the server\'s per-inbox cap the scheduled pass deletes the oldest first and exactly the cap remains; favourites stay', async () => {
    const alice = await server.createTenant();
    const inbox = await alice.mailslurp.createInbox();
    const sent = names('cap', 10);
    await send(inbox, sent);
    const favourite = (await alice.inboxApi.getEmails({ inboxId: inbox.id, sort: GetEmailsSortEnum.ASC, limit: 100 }))[1]!;
    assert.equal((await alice.fetch(`/emails/${favourite.id}/favourite?favourited=true`, { method: 'PUT' })).status, 204);

    await server.server.emailRetention.runOnce();
    assert.deepEqual(await subjects(alice, inbox.id), [sent[1], ...sent.slice(4)], 'the 6 newest, and the favourite (neither counted nor deleted)');
    await server.server.emailRetention.runOnce();
    assert.equal((await subjects(alice, inbox.id)).length, SERVER_CAP + 1, 'a second pass finds nothing more to delete');
  });

  test('an account policy stricter than the server\'s applies to that account only', async () => {
    const strict = await server.createTenant();
    const plain = await server.createTenant();
    const strictInbox = await strict.mailslurp.createInbox();
    const plainInbox = await plain.mailslurp.createInbox();
    assert.equal((await putPolicy(strict, { maxEmailsPerInbox: 2 })).status, 200);
    await send(strictInbox, names('strict', 5));
    await send(plainInbox, names('plain', 5));
    const run = await runNow(strict);
    assert.deepEqual([run.deleted, run.batches], [3, 1]);
    assert.deepEqual(await subjects(strict, strictInbox.id), ['strict-03', 'strict-04']);
    await server.server.emailRetention.runOnce();
    assert.deepEqual(await subjects(plain, plainInbox.id), names('plain', 5), 'under the server\'s cap of 6: untouched');
  });

  test('the account cap counts every inbox of the account and deletes the oldest across them', async () => {
    const carol = await server.createTenant();
    const first = await carol.mailslurp.createInbox();
    const second = await carol.mailslurp.createInbox();
    assert.equal((await putPolicy(carol, { maxEmailsPerAccount: 5 })).status, 200);
    await send(first, names('first', 4));
    await send(second, names('second', 4));
    const run = await runNow(carol);
    assert.equal(run.deleted, 3);
    assert.deepEqual(await subjects(carol, first.id), ['first-03']);
    assert.deepEqual(await subjects(carol, second.id), names('second', 4));
  });

  test('mail older than the maximum age is deleted, newer mail kept', async () => {
    const dave = await server.createTenant();
    const inbox = await dave.mailslurp.createInbox();
    await send(inbox, names('old', 3));
    clock.advance(31 * DAY);
    await send(inbox, names('new', 2));
    await server.server.emailRetention.runOnce();
    assert.deepEqual(await subjects(dave, inbox.id), names('new', 2));
    // an account's own age, stricter than the server's 30 days
    assert.equal((await putPolicy(dave, { maxAgeSeconds: 60 })).status, 200);
    clock.advance(61_000);
    await send(inbox, ['newest']);
    assert.equal((await runNow(dave)).deleted, 2);
    assert.deepEqual(await subjects(dave, inbox.id), ['newest']);
  });

  test('a big backlog is deleted in several batches of at most PIGEONHOLE_EMAIL_RETENTION_BATCH', async (t) => {
    const erin = await server.createTenant();
    const inbox = await erin.mailslurp.createInbox();
    assert.equal((await putPolicy(erin, { maxEmailsPerInbox: 1 })).status, 200);
    const sent = names('backlog', 30);
    await send(inbox, sent);
    const run = await runNow(erin);
    assert.deepEqual([run.deleted, run.batches], [29, Math.ceil(29 / BATCH)]);
    assert.deepEqual(await subjects(erin, inbox.id), [sent[29]]);
    t.diagnostic(`${dialect}: longest batch of ${BATCH} deletes took ${run.longestBatchMs} ms`);
  });

  test('pruning while mail keeps arriving over SMTP loses no new mail: what is left is always the newest, never a gap', async () => {
    const frank = await server.createTenant();
    const inbox = await frank.mailslurp.createInbox();
    const cap = 3;
    assert.equal((await putPolicy(frank, { maxEmailsPerInbox: cap })).status, 200);
    const sent = names('live', 24);
    let sending = true;
    // The pruner runs back to back for as long as mail is arriving.
    const pruner = (async () => {
      let passes = 0;
      while (sending) {
        await runNow(frank);
        passes++;
      }
      return passes;
    })();
    const transport = smtpTransport(server);
    try {
      for (let k = 0; k < sent.length; k++) {
        clock.advance(1000);
        const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw: rawMessage({ to: inbox.emailAddress, subject: sent[k]!, body: 'x' }) });
        assert.match(info.response, /^250/);
        // Every message answered 250 so far: what the inbox holds is the newest of them, the one just accepted included.
        const held = await subjects(frank, inbox.id);
        assert.ok(held.length >= 1, `${sent[k]} was accepted: it is there`);
        assert.deepEqual(held, sent.slice(k + 1 - held.length, k + 1), `after ${sent[k]}: a run of the newest, no gap`);
      }
    } finally {
      sending = false;
      transport.close();
      await pruner.catch(() => 0);
    }
    assert.ok((await pruner) > 0);
    await runNow(frank);
    assert.deepEqual(await subjects(frank, inbox.id), sent.slice(-cap));
  });
});
