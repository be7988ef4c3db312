import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ApiAuditLogControllerApi, Configuration, type AuditLogEventDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { ImapFlow } from 'imapflow';

/**
 * The audit log through the official client (ApiAuditLogController): every state-changing call
 * and every login is recorded, never bodies or secrets; searchable by each field, paged with an
 * opaque cursor, one tenant's only; old events pruned.
 */
describeEachDialect('audit log', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let audit: ApiAuditLogControllerApi;
  let inboxId: string;

  const all = async (): Promise<AuditLogEventDto[]> => (await audit.getAuditLogs({ pageSize: 1000 })).items;

  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    audit = new ApiAuditLogControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    inboxId = (await a.mailslurp.createInbox()).id;
  });

  after(async () => {
    await server?.close();
  });

  test('a state-changing call is recorded with who, which key, the operation, its target and outcome; reads are not', async () => {
    await a.inboxApi.updateInbox({ inboxId, updateInboxOptions: { name: 'secret-body-text-7781' } });
    await a.inboxApi.getInbox({ inboxId });
    const events = await all();
    const update = events.find((e) => e.action === 'updateInbox');
    assert.ok(update, JSON.stringify(events.map((e) => e.action)));
    assert.equal(update.tenantId, a.userId);
    assert.equal(update.userId, a.userId);
    assert.equal(update.actorUserId, a.userId);
    assert.equal(update.resourceType, 'inbox');
    assert.equal(update.resourceId, inboxId);
    assert.equal(update.outcome, 'SUCCESS');
    assert.ok(update.requestId);
    assert.ok(update.ipAddress);
    assert.ok(update.eventTs instanceof Date && Math.abs(update.eventTs.getTime() - Date.now()) < 60_000);
    assert.equal(update.dt, update.eventTs.toISOString().slice(0, 10));
    const metadata = JSON.parse(update.metadataJson!);
    assert.equal(metadata.status, 200);
    assert.equal(metadata.method, 'PATCH');
    assert.ok(metadata.apiKeyId);
    assert.ok(events.some((e) => e.action === 'createInbox'), 'createInbox recorded');
    assert.ok(!events.some((e) => e.action === 'getInbox'), 'reads are not recorded');
    const text = JSON.stringify(events);
    assert.ok(!text.includes('secret-body-text-7781'), 'no bodies');
    assert.ok(!text.includes(a.apiKey), 'no keys');
  });

  test('a refused call is a FAILURE with its status, naming none of the ids it was refused for', async () => {
    const missing = randomUUID();
    assert.equal(await statusOf(a.inboxApi.deleteInbox({ inboxId: missing })), 404);
    // The ids of a 404 or 403 may be another tenant's: the event keeps the route, not them.
    assert.deepEqual((await audit.searchAuditLogs({ auditLogSearchOptions: { resourceId: missing } })).items, []);
    const failed = (await audit.searchAuditLogs({ auditLogSearchOptions: { action: 'deleteInbox', outcome: 'FAILURE' } })).items
      .find((e) => JSON.parse(e.metadataJson!).status === 404);
    assert.ok(failed);
    assert.equal(failed.outcome, 'FAILURE');
    assert.equal(failed.resourceId ?? null, null);
    assert.ok(!JSON.stringify(failed).includes(missing));
    assert.equal(JSON.parse(failed.metadataJson!).route, '/inboxes/{inboxId}');
  });

  test('searchable by every field, and one event by its id', async () => {
    const [event] = (await audit.searchAuditLogs({ auditLogSearchOptions: { action: 'updateInbox' } })).items;
    assert.ok(event);
    const fields = {
      action: event.action, userId: event.userId, actorUserId: event.actorUserId, resourceType: event.resourceType, resourceId: event.resourceId,
      outcome: event.outcome, requestId: event.requestId, ipAddress: event.ipAddress, eventId: event.eventId,
    };
    for (const [name, value] of Object.entries(fields)) {
      const found = (await audit.searchAuditLogs({ auditLogSearchOptions: { [name]: value } })).items;
      assert.ok(found.some((e) => e.eventId === event.eventId), `search by ${name}`);
      assert.ok(found.every((e) => (e as unknown as Record<string, unknown>)[name === 'eventId' ? 'eventId' : name] === value), `only matches of ${name}`);
    }
    const byQuery = await audit.getAuditLogs({ requestId: event.requestId!, action: 'updateInbox' });
    assert.deepEqual(byQuery.items.map((e) => e.eventId), [event.eventId]);
    const window = { since: new Date(event.eventTs.getTime()), before: new Date(event.eventTs.getTime() + 1) };
    assert.ok((await audit.searchAuditLogs({ auditLogSearchOptions: { ...window, eventId: event.eventId } })).items.length === 1);
    assert.deepEqual((await audit.searchAuditLogs({ auditLogSearchOptions: { before: window.since, eventId: event.eventId } })).items, []);
    assert.deepEqual(await audit.getAuditLogByEventId({ eventId: event.eventId }), event);
    assert.equal(await statusOf(audit.getAuditLogByEventId({ eventId: randomUUID() })), 404);
    assert.equal(await statusOf(audit.getAuditLogByEventId({ eventId: event.eventId, before: window.since })), 404);
  });

  test('paged newest first with an opaque cursor: every event once', async () => {
    for (let i = 0; i < 5; i++) await a.inboxApi.setInboxFavourited({ inboxId, setInboxFavouritedOptions: { state: i % 2 === 0 } });
    const everything = await all();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await audit.getAuditLogs({ pageSize: 2, cursor });
      assert.ok(page.items.length <= 2);
      seen.push(...page.items.map((e) => e.eventId));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    assert.deepEqual(seen, everything.map((e) => e.eventId));
    const times = everything.map((e) => e.eventTs.getTime());
    assert.deepEqual(times, [...times].sort((x, y) => y - x), 'newest first');
    assert.equal(await statusOf(audit.getAuditLogs({ cursor: 'not-a-cursor' })), 400);
    assert.equal(await statusOf(audit.getAuditLogs({ pageSize: 0 })), 400);
    assert.equal(await statusOf(audit.getAuditLogs({ pageSize: 1_000_000 })), 400);
  });

  test('logins: SMTP AUTH success and failure, wrong API keys, GraphQL mutations', async () => {
    const access = await a.inboxApi.getSmtpAccess({ inboxId });
    await smtpTransport(server, 'plain', { user: access.smtpUsername!, pass: access.smtpPassword! }).verify();
    await assert.rejects(smtpTransport(server, 'plain', { user: access.smtpUsername!, pass: 'wrong-password-1' }).verify());
    assert.equal((await server.fetch('/inboxes', { key: 'ph_wrong_key_for_audit' })).status, 401);
    const mutation = await a.fetch('/graphql', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createInbox(name: "gql") { id } }' }),
    });
    assert.equal(mutation.status, 200);
    await assert.rejects(smtpTransport(server, 'plain', { user: 'nobody-at-all', pass: 'wrong-password-1' }).verify());
    const smtp = (await audit.searchAuditLogs({ auditLogSearchOptions: { action: 'login.smtp' } })).items;
    assert.deepEqual(smtp.map((e) => e.outcome).sort(), ['FAILURE', 'SUCCESS'], 'a wrong password for its login is the owner\'s event');
    assert.ok(smtp.every((e) => e.resourceId === inboxId));
    assert.ok(!JSON.stringify(smtp).includes(access.smtpPassword!));
    assert.ok(!JSON.stringify(smtp).includes('wrong-password-1'));
    assert.equal((await audit.searchAuditLogs({ auditLogSearchOptions: { action: 'graphql.createInbox' } })).items.length, 1);
    // Failures that name no tenant are kept under none: no tenant sees them; the operator's store has them.
    await server.server.auditLog.flush();
    const repo = server.server.store.repos.auditLogs;
    const smtpFailures = await repo.search('', { action: 'login.smtp', outcome: 'FAILURE' }, 10);
    assert.equal(smtpFailures.length, 1);
    assert.ok(!JSON.stringify(smtpFailures).includes('wrong-password-1'));
    const keyFailures = await repo.search('', { action: 'login.api-key' }, 10);
    assert.equal(keyFailures.length, 1);
    assert.ok(!JSON.stringify(keyFailures).includes('ph_wrong_key_for_audit'));
  });

  test('IMAP LOGIN success and failure', async () => {
    const access = await a.inboxApi.getImapAccess({ inboxId });
    const quiet = () => {};
    const logger = { debug: quiet, info: quiet, warn: quiet, error: quiet };
    const client = (pass: string) => new ImapFlow({
      host: '127.0.0.1', port: server.server.imapPort, secure: false, auth: { user: access.imapUsername, pass }, tls: { rejectUnauthorized: false }, logger,
    });
    const right = client(access.imapPassword);
    await right.connect();
    await right.logout();
    await assert.rejects(client('wrong-imap-password-2').connect());
    const imap = (await audit.searchAuditLogs({ auditLogSearchOptions: { action: 'login.imap' } })).items;
    assert.deepEqual(imap.map((e) => e.outcome).sort(), ['FAILURE', 'SUCCESS']);
    assert.ok(!JSON.stringify(imap).includes('wrong-imap-password-2'));
    assert.ok(!JSON.stringify(imap).includes(access.imapPassword));
  });

  test('another tenant sees none of it', async () => {
    const b = await server.createTenant();
    const bAudit = new ApiAuditLogControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const mine = await all();
    const theirs = (await bAudit.getAuditLogs({ pageSize: 1000 })).items;
    assert.ok(theirs.every((e) => e.tenantId === b.userId));
    assert.equal(await statusOf(bAudit.getAuditLogByEventId({ eventId: mine[0]!.eventId })), 404);
  });

  test('events older than the retention are pruned; newer ones stay', async () => {
    const repo = server.server.store.repos.auditLogs;
    const old = {
      id: randomUUID(), tenantId: a.userId, eventTs: new Date(Date.now() - 91 * 86_400_000), action: 'ancientCall', userId: a.userId, actorUserId: null,
      targetUserId: null, resourceType: null, resourceId: null, outcome: 'SUCCESS', requestId: null, ipAddress: null, metadataJson: null,
    };
    await repo.insertMany([old]);
    const before = (await all()).length;
    assert.ok((await all()).some((e) => e.eventId === old.id));
    assert.equal(await server.server.auditLog.prune(90), 1);
    const afterPrune = await all();
    assert.equal(afterPrune.length, before - 1);
    assert.ok(!afterPrune.some((e) => e.eventId === old.id));
  });
});

describeEachDialect('audit log on shutdown', (dialect) => {
  test('entries still held when the server stops cleanly are written before the store closes', async () => {
    const server = await startTestServer(dialect);
    try {
      const a = await server.createTenant();
      const inbox = await a.mailslurp.createInbox();
      await a.inboxApi.deleteInbox({ inboxId: inbox.id });
      await server.server.close();
      const rows = await server.db.store.repos.auditLogs.search(a.userId, { action: 'deleteInbox' }, 10);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.resourceId, inbox.id);
    } finally {
      await server.db.cleanup();
    }
  });
});
