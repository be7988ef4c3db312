import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { Configuration, InboxControllerApi, ScheduledJobDtoStatusEnum as Status } from 'mailslurp-client';
import { loadConfig } from '../../src/config/config.js';
import { startServer, type RunningServer } from '../../src/main.js';
import { EPHEMERAL_PORTS, freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { openEventStream } from '../helpers/event-stream.js';

describeEachDialect('scheduled sends and outboxes', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(async () => {
    await server?.close();
  });

  test('a send due in a second is sent then, listed as COMPLETED; a cancelled one never is', async () => {
    const api = alice.inboxApi;
    const from = await api.createInboxWithDefaults();
    const to = await api.createInboxWithDefaults();
    const other = await api.createInboxWithDefaults();

    const later = await api.sendWithSchedule({
      inboxId: from.id, sendAtNowPlusSeconds: 3600, sendEmailOptions: { to: [other.emailAddress], subject: 'never sent' },
    });
    assert.equal(later.status, Status.SUBMITTED);
    assert.equal(later.inboxId, from.id);
    assert.equal(later.userId, alice.userId);
    assert.ok(later.sendAtTimestamp.getTime() > Date.now() + 3500_000);
    const cancelled = await api.cancelScheduledJob({ jobId: later.id });
    assert.equal(cancelled.status, Status.CANCELLED);
    // cancelling again answers the job as it is
    assert.equal((await api.cancelScheduledJob({ jobId: later.id })).status, Status.CANCELLED);

    const events = await openEventStream(server, alice, `?inboxId=${from.id}`);
    const soon = await api.sendWithSchedule({
      inboxId: from.id, sendAtTimestamp: new Date(Date.now() + 1000), validateBeforeEnqueue: true,
      sendEmailOptions: { to: [to.emailAddress], subject: 'scheduled hello', body: 'on time' },
    });
    assert.equal(soon.status, Status.SUBMITTED);
    const received = await api.getLatestEmailInInbox({ inboxId: to.id, timeoutMillis: 20_000 });
    assert.equal(received.subject, 'scheduled hello');
    assert.ok(received.createdAt.getTime() >= soon.sendAtTimestamp.getTime() - 50, 'not sent before its time');

    // the run is announced on /events; its outcome is recorded right after, so wait for that through the API
    const announced = await events.next('scheduled-send.done');
    await events.close();
    assert.equal(announced.data.jobId, soon.id);
    assert.equal(announced.data.status, 'COMPLETED');
    assert.equal(announced.data.sentId, (await alice.mailslurp.sentController.getSentEmails({ inboxId: from.id })).content![0]!.id);
    let done = await api.getScheduledJob({ jobId: soon.id });
    for (let i = 0; done.status === Status.SUBMITTED && i < 100; i++) {
      await new Promise((r) => setImmediate(r));
      done = await api.getScheduledJob({ jobId: soon.id });
    }
    assert.equal(done.status, Status.COMPLETED);
    assert.equal(done.jobId, soon.id);

    const all = await api.getAllScheduledJobs({});
    assert.equal(all.totalElements, 2);
    assert.deepEqual(new Set(all.content!.map((j) => j.id)), new Set([later.id, soon.id]));
    assert.equal((await api.getAllScheduledJobs({ inboxId: to.id })).totalElements, 0);
    const ofInbox = await api.getScheduledJobsByInboxId({ inboxId: from.id, size: 1 });
    assert.equal(ofInbox.totalElements, 2);
    assert.equal(ofInbox.content!.length, 1);
    assert.equal((await api.getScheduledJobsByInboxId({ inboxId: from.id, before: new Date(0) })).totalElements, 0);
    assert.equal((await api.getEmails({ inboxId: other.id })).length, 0, 'the cancelled send never went');

    // a job that ran cannot be cancelled
    assert.equal((await refusal(api.cancelScheduledJob({ jobId: soon.id }))).status, 409);
  });

  test('refusals: no time, both times, an invalid send validated first; unknown ids are 404', async () => {
    const api = alice.inboxApi;
    const from = await api.createInboxWithDefaults();
    const noTime = await refusal(api.sendWithSchedule({ inboxId: from.id, sendEmailOptions: { to: ['x@example.com'] } }));
    assert.equal(noTime.status, 400);
    assert.match(noTime.message, /sendAtTimestamp|sendAtNowPlusSeconds/);
    const both = await refusal(api.sendWithSchedule({
      inboxId: from.id, sendAtNowPlusSeconds: 5, sendAtTimestamp: new Date(), sendEmailOptions: { to: ['x@example.com'] },
    }));
    assert.equal(both.status, 400);
    const before = (await api.getScheduledJobsByInboxId({ inboxId: from.id })).totalElements;
    const invalid = await refusal(api.sendWithSchedule({
      inboxId: from.id, sendAtNowPlusSeconds: 5, validateBeforeEnqueue: true, sendEmailOptions: { to: ['not an address'] },
    }));
    assert.equal(invalid.status, 400);
    assert.equal((await api.getScheduledJobsByInboxId({ inboxId: from.id })).totalElements, before, 'nothing scheduled');
    assert.equal((await refusal(api.getScheduledJob({ jobId: randomUUID() }))).status, 404);
    assert.equal((await refusal(api.cancelScheduledJob({ jobId: randomUUID() }))).status, 404);
    assert.equal((await refusal(api.sendWithSchedule({
      inboxId: randomUUID(), sendAtNowPlusSeconds: 5, sendEmailOptions: { to: ['x@example.com'] },
    }))).status, 404);
  });

  test('a scheduled send the server refuses when it runs is FAILED, with why', async () => {
    const api = alice.inboxApi;
    const from = await api.createInboxWithDefaults();
    const events = await openEventStream(server, alice, `?inboxId=${from.id}`);
    try {
      const job = await api.sendWithSchedule({ inboxId: from.id, sendAtNowPlusSeconds: 0, sendEmailOptions: { to: ['not an address'] } });
      const announced = await events.next('scheduled-send.done');
      assert.equal(announced.data.jobId, job.id);
      assert.equal(announced.data.status, 'FAILED');
      assert.match(String(announced.data.errorMessage), /not an address/);
      assert.equal((await api.getScheduledJob({ jobId: job.id })).status, Status.FAILED);
    } finally {
      await events.close();
    }
  });

  test('getOutboxes lists the inboxes that have sent mail', async () => {
    const bob = await server.createTenant();
    const api = bob.inboxApi;
    const sender = await api.createInboxWithDefaults();
    const quiet = await api.createInboxWithDefaults();
    assert.equal((await api.getOutboxes({})).totalElements, 0);
    await api.sendEmailAndConfirm({ inboxId: sender.id, sendEmailOptions: { to: [quiet.emailAddress], subject: 'out' } });
    const outboxes = await api.getOutboxes({ size: 10 });
    assert.equal(outboxes.totalElements, 1);
    assert.equal(outboxes.content![0]!.id, sender.id);
    assert.equal(outboxes.content![0]!.emailAddress, sender.emailAddress);
  });

  describe('across a restart', () => {
    let db: TestDatabase;
    let running: RunningServer | undefined;
    before(async () => {
      db = await freshDatabase(dialect);
    });
    after(async () => {
      await running?.close();
      await db.cleanup();
    });

    test('a send scheduled before the server stops is sent by the next start', async () => {
      const adminKey = `ph_admin_${randomBytes(16).toString('hex')}`;
      const config = loadConfig({ ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: db.dataDir, PIGEONHOLE_API_KEY: adminKey, PIGEONHOLE_LOG_LEVEL: 'silent' });
      running = await startServer(config, { store: db.store });
      const created = await fetch(`${running.url}/admin/users`, {
        method: 'POST', headers: { 'x-api-key': adminKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'scheduled-restart@example.com' }),
      }).then((r) => r.json()) as { apiKey: string };
      const clientOf = (url: string) => new InboxControllerApi(new Configuration({ apiKey: created.apiKey, basePath: url }));
      let api = clientOf(running.url);
      const from = await api.createInboxWithDefaults();
      const to = await api.createInboxWithDefaults();
      const job = await api.sendWithSchedule({
        inboxId: from.id, sendAtNowPlusSeconds: 2, sendEmailOptions: { to: [to.emailAddress], subject: 'survives restarts' },
      });
      await running.close();
      running = undefined;

      running = await startServer(config, { store: db.store });
      api = clientOf(running.url);
      const received = await api.getLatestEmailInInbox({ inboxId: to.id, timeoutMillis: 20_000 });
      assert.equal(received.subject, 'survives restarts');
      let done = await api.getScheduledJob({ jobId: job.id });
      for (let i = 0; done.status === Status.SUBMITTED && i < 100; i++) {
        await new Promise((r) => setImmediate(r));
        done = await api.getScheduledJob({ jobId: job.id });
      }
      assert.equal(done.status, Status.COMPLETED);
    });
  });
});
