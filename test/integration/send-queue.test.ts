import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Configuration, GetSentEmailsWithQueueResultsSortEnum, InboxControllerApi, SentEmailsControllerApi } from 'mailslurp-client';
import { loadConfig } from '../../src/config/config.js';
import { startServer, type RunningServer } from '../../src/main.js';
import { EPHEMERAL_PORTS, freshDatabase, type TestDatabase } from '../helpers/databases.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

const clients = (url: string, apiKey: string) => {
  const configuration = new Configuration({ apiKey, basePath: url });
  return { inboxApi: new InboxControllerApi(configuration), sentApi: new SentEmailsControllerApi(configuration) };
};

describeEachDialect('send queue (sendEmailWithQueue, getSentEmailsWithQueueResults)', (dialect) => {
  describe('one server', () => {
    let server: TestServer;
    let tenant: Tenant;
    let sentApi: SentEmailsControllerApi;
    before(async () => {
      server = await startTestServer(dialect);
      tenant = await server.createTenant();
      sentApi = clients(server.url, tenant.apiKey).sentApi;
    });
    after(() => server.close());

    test('a queued send is answered 204, arrives, and its result names the sent email', async () => {
      const from = await tenant.mailslurp.createInbox();
      const to = await tenant.mailslurp.createInbox();
      const response = await tenant.inboxApi.sendEmailWithQueueRaw({
        inboxId: from.id, validateBeforeEnqueue: false,
        sendEmailOptions: { to: [to.emailAddress], subject: 'Queued hello', body: 'sent by the queue' },
      });
      assert.equal(response.raw.status, 204);

      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: to.id, timeoutMillis: 10_000 });
      assert.equal(received.subject, 'Queued hello');
      assert.equal(received.from, from.emailAddress);
      assert.equal(received.body?.trim(), 'sent by the queue');

      // The email arrives during the send; its outcome is recorded right after.
      await server.server.sendQueue.settled();
      const page = await sentApi.getSentEmailsWithQueueResults({});
      assert.equal(page.totalElements, 1);
      const result = page.content![0]!;
      assert.equal(result.delivered, true);
      assert.equal(result.inboxId, from.id);
      assert.equal(result.userId, tenant.userId);
      assert.equal(result.subject, 'Queued hello');
      assert.equal(result.exceptionName ?? null, null);
      const sent = await sentApi.getSentEmail({ id: result.headerId });
      assert.equal(sent.subject, 'Queued hello');
      assert.deepEqual(sent.to, [to.emailAddress]);
    });

    test('with validateBeforeEnqueue, a send that would be refused is a 400 naming the field, and nothing is queued', async () => {
      const other = await server.createTenant();
      const inbox = await other.mailslurp.createInbox();
      const attempt = other.inboxApi.sendEmailWithQueue({
        inboxId: inbox.id, validateBeforeEnqueue: true, sendEmailOptions: { to: ['not an address'], subject: 'never' },
      });
      const refusal = await attempt.then(() => undefined, (err: unknown) => err as Response);
      assert.ok(refusal instanceof Response);
      assert.equal(refusal.status, 400);
      assert.match(((await refusal.json()) as { message: string }).message, /^to has invalid addresses/);
      await server.server.sendQueue.settled();
      const page = await clients(server.url, other.apiKey).sentApi.getSentEmailsWithQueueResults({});
      assert.equal(page.totalElements, 0);
      assert.equal((await other.inboxApi.getInboxSentCount({ inboxId: inbox.id })).totalElements, 0);
    });

    test('without validation, a bad send is queued and its result shows the failure and its reason', async () => {
      const other = await server.createTenant();
      const inbox = await other.mailslurp.createInbox();
      await other.inboxApi.sendEmailWithQueue({
        inboxId: inbox.id, validateBeforeEnqueue: false, sendEmailOptions: { to: ['not an address'], subject: 'doomed' },
      });
      await server.server.sendQueue.settled();
      const page = await clients(server.url, other.apiKey).sentApi.getSentEmailsWithQueueResults({});
      assert.equal(page.totalElements, 1);
      const result = page.content![0]!;
      assert.equal(result.delivered, false);
      assert.equal(result.subject, 'doomed');
      assert.equal(result.exceptionName, 'BadRequestException');
      assert.match(result.message ?? '', /to has invalid addresses: not an address/);
      assert.equal(result.headerId, '');
      assert.equal((await other.inboxApi.getInboxSentCount({ inboxId: inbox.id })).totalElements, 0, 'nothing was sent');
    });

    test('results page by creation time, with since/before and sort', async () => {
      const other = await server.createTenant();
      const inbox = await other.mailslurp.createInbox();
      for (const subject of ['first', 'second', 'third']) {
        await other.inboxApi.sendEmailWithQueue({ inboxId: inbox.id, validateBeforeEnqueue: true, sendEmailOptions: { to: [inbox.emailAddress], subject } });
      }
      await server.server.sendQueue.settled();
      const api = clients(server.url, other.apiKey).sentApi;
      const desc = await api.getSentEmailsWithQueueResults({ sort: GetSentEmailsWithQueueResultsSortEnum.DESC, size: 2 });
      assert.equal(desc.totalElements, 3);
      assert.equal(desc.totalPages, 2);
      assert.deepEqual(desc.content!.map((r) => r.subject), ['third', 'second']);
      assert.ok(desc.content!.every((r) => r.delivered));
      const all = await api.getSentEmailsWithQueueResults({});
      const firstAt = all.content![0]!.createdAt;
      const later = await api.getSentEmailsWithQueueResults({ since: firstAt });
      assert.ok(later.content!.every((r) => r.createdAt > firstAt));
      assert.equal((await api.getSentEmailsWithQueueResults({ before: new Date(0) })).totalElements, 0);
      const bad = await other.fetch('/sent/queue-results?since=yesterday');
      assert.equal(bad.status, 400);
    });

    test("another tenant's inbox is a 404 with or without validation, and nothing is queued", async () => {
      const owner = await server.createTenant();
      const intruder = await server.createTenant();
      const inbox = await owner.mailslurp.createInbox();
      for (const validateBeforeEnqueue of [false, true]) {
        assert.equal(await statusOf(intruder.inboxApi.sendEmailWithQueue({
          inboxId: inbox.id, validateBeforeEnqueue, sendEmailOptions: { to: [inbox.emailAddress], subject: 'intrusion' },
        })), 404);
      }
      await server.server.sendQueue.settled();
      for (const t of [owner, intruder]) {
        assert.equal((await clients(server.url, t.apiKey).sentApi.getSentEmailsWithQueueResults({})).totalElements, 0);
      }
    });

    test('validateBeforeEnqueue is required and the body must be SendEmailOptions', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const post = (query: string, body: unknown) => tenant.fetch(`/inboxes/${inbox.id}/with-queue${query}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      const missing = await post('', { to: [inbox.emailAddress] });
      assert.equal(missing.status, 400);
      assert.match(((await missing.json()) as { message: string }).message, /validateBeforeEnqueue/);
      const badBody = await post('?validateBeforeEnqueue=false', { to: [inbox.emailAddress], isHTML: 'perhaps' });
      assert.equal(badBody.status, 400);
      assert.match(((await badBody.json()) as { message: string }).message, /isHTML/);
      await server.server.sendQueue.settled();
      assert.equal((await sentApi.getSentEmailsWithQueueResults({ since: new Date(Date.now() - 60_000) })).content!
        .filter((r) => r.inboxId === inbox.id).length, 0, 'nothing queued');
    });
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

    test('a job still pending when the server stops is sent by the next start', async () => {
      const adminKey = `ph_admin_${randomBytes(16).toString('hex')}`;
      const config = loadConfig({ ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: db.dataDir, PIGEONHOLE_API_KEY: adminKey, PIGEONHOLE_LOG_LEVEL: 'silent' });
      running = await startServer(config, { store: db.store });
      const created = await fetch(`${running.url}/admin/users`, {
        method: 'POST', headers: { 'x-api-key': adminKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'queue-restart@example.com' }),
      }).then((r) => r.json()) as { apiKey: string };
      let api = clients(running.url, created.apiKey);
      const from = await api.inboxApi.createInboxWithDefaults();
      const to = await api.inboxApi.createInboxWithDefaults();

      // This node's worker stops before the job is queued: the job stays pending in the database.
      await running.sendQueue.stop();
      await api.inboxApi.sendEmailWithQueue({
        inboxId: from.id, validateBeforeEnqueue: true, sendEmailOptions: { to: [to.emailAddress!], subject: 'survives restarts' },
      });
      const pending = await api.sentApi.getSentEmailsWithQueueResults({});
      assert.equal(pending.totalElements, 1);
      assert.equal(pending.content![0]!.delivered, false);
      assert.equal(pending.content![0]!.exceptionName ?? null, null);
      await running.close();
      running = undefined;

      running = await startServer(config, { store: db.store });
      api = clients(running.url, created.apiKey);
      const received = await api.inboxApi.getLatestEmailInInbox({ inboxId: to.id!, timeoutMillis: 10_000 });
      assert.equal(received.subject, 'survives restarts');
      await running.sendQueue.settled();
      const done = await api.sentApi.getSentEmailsWithQueueResults({});
      assert.equal(done.totalElements, 1);
      assert.equal(done.content![0]!.delivered, true);
      assert.equal((await api.sentApi.getSentEmail({ id: done.content![0]!.headerId })).subject, 'survives restarts');
    });
  });
});
