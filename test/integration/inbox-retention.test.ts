import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  Configuration, ExportControllerApi, ExportOptionsOutputFormatEnum, GetExportLinkExportTypeEnum, GetInboxRetentionPolicyRunsSortEnum,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';

const DAY = 24 * 60 * 60 * 1000;

const exportApi = (server: TestServer, tenant: Tenant) => new ExportControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

describeEachDialect('inbox retention policies', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  const clock = new ManualClock(new Date('2026-03-01T00:00:00.000Z'));

  before(async () => {
    server = await startTestServer(dialect, { clock });
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server?.close());

  test('the account policy: none, set, changed, deleted; bounds are 400s', async () => {
    assert.equal((await alice.userApi.getInboxRetentionPolicyForAccount()).policy ?? null, null);
    const created = await alice.userApi.createOrUpdateInboxRetentionPolicyForAccount({ createInboxRetentionPolicyForAccountOptions: { retentionDays: 30 } });
    assert.equal(created.retentionDays, 30);
    assert.equal(created.inboxId ?? null, null);
    const changed = await alice.userApi.createOrUpdateInboxRetentionPolicyForAccount({ createInboxRetentionPolicyForAccountOptions: { retentionDays: 7 } });
    assert.equal(changed.id, created.id, 'one account policy: the second call changes it');
    assert.equal((await alice.userApi.getInboxRetentionPolicyForAccount()).policy?.retentionDays, 7);
    for (const retentionDays of [0, -1, 36_501]) {
      assert.equal((await refusal(alice.userApi.createOrUpdateInboxRetentionPolicyForAccount({ createInboxRetentionPolicyForAccountOptions: { retentionDays } }))).status, 400);
    }
    // the spec's by-id routes
    const byId = await alice.fetch(`/user/inbox-retention-policies/${created.id}`);
    assert.equal(((await byId.json()) as { retentionDays: number }).retentionDays, 7);
    const put = await alice.fetch(`/user/inbox-retention-policies/${created.id}`, {
      method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ retentionDays: 9 }),
    });
    assert.equal(((await put.json()) as { retentionDays: number }).retentionDays, 9);
    assert.equal((await bob.fetch(`/user/inbox-retention-policies/${created.id}`)).status, 404);
    assert.equal((await alice.fetch(`/user/inbox-retention-policies/${randomUUID()}`)).status, 404);
    assert.equal((await alice.userApi.deleteInboxRetentionPolicyForAccount()).message ?? null, null);
    assert.equal((await alice.userApi.getInboxRetentionPolicyForAccount()).policy ?? null, null);
    assert.equal((await alice.fetch(`/user/inbox-retention-policies/${created.id}`, { method: 'DELETE' })).status, 404);
  });

  test('a run deletes the inboxes older than the policy, with their emails, and records itself; the schedule runs too', async () => {
    const old = await alice.mailslurp.createInbox();
    const older = await alice.mailslurp.createInbox();
    await alice.mailslurp.sendEmail(older.id, { to: [old.emailAddress], subject: 'old mail', body: 'x' });
    const mail = await alice.mailslurp.waitForLatestEmail(old.id, 20_000);
    const bobs = await bob.mailslurp.createInbox();
    clock.advance(3 * DAY);
    const fresh = await alice.mailslurp.createInbox();
    await alice.userApi.createOrUpdateInboxRetentionPolicyForAccount({ createInboxRetentionPolicyForAccountOptions: { retentionDays: 2 } });

    const run = await alice.userApi.createInboxRetentionPolicyRun();
    assert.equal(run.status, 'COMPLETED');
    assert.equal(run.source, 'USER_API');
    assert.deepEqual([run.matchedPolicies, run.appliedPolicies], [1, 1]);
    assert.ok(run.startedAt && run.completedAt);
    const raw = (await (await alice.fetch(`/user/inbox-retention-policies/runs/${run.id}`)).json()) as { deletedInboxCount: number; deletedInboxIds: string[] };
    assert.equal(raw.deletedInboxCount, 2);
    assert.deepEqual(raw.deletedInboxIds.sort(), [old.id, older.id].sort());
    assert.equal((await refusal(alice.inboxApi.getInbox({ inboxId: old.id }))).status, 404);
    assert.equal((await refusal(alice.mailslurp.emailController.getEmail({ emailId: mail.id }))).status, 404, 'its emails went with it');
    assert.equal((await alice.inboxApi.getInbox({ inboxId: fresh.id })).id, fresh.id);
    assert.equal((await bob.inboxApi.getInbox({ inboxId: bobs.id })).id, bobs.id, "another tenant's inboxes are not touched");

    const fetched = await alice.userApi.getInboxRetentionPolicyRun({ runId: run.id });
    assert.equal(fetched.id, run.id);
    assert.equal((await refusal(bob.userApi.getInboxRetentionPolicyRun({ runId: run.id }))).status, 404);

    // the scheduled pass: the fresh inbox is due two days later
    clock.advance(3 * DAY);
    assert.equal(await server.server.retention.runOnce(), 1);
    const runs = await alice.userApi.getInboxRetentionPolicyRuns({ sort: GetInboxRetentionPolicyRunsSortEnum.DESC });
    assert.equal(runs.totalElements, 2);
    assert.equal(runs.content![0]!.source, 'SCHEDULE' as never);
    assert.equal((await refusal(alice.inboxApi.getInbox({ inboxId: fresh.id }))).status, 404);
    assert.equal((await bob.userApi.getInboxRetentionPolicyRuns({})).totalElements, 0, 'bob has no policy: no runs of his');
    assert.equal((await bob.inboxApi.getInbox({ inboxId: bobs.id })).id, bobs.id);
  });

  test('an export link stops opening once its time is up', async () => {
    const exports = exportApi(server, alice);
    const link = await exports.getExportLink({
      exportType: GetExportLinkExportTypeEnum.INBOXES, exportOptions: { outputFormat: ExportOptionsOutputFormatEnum.EXCEL },
    });
    assert.equal((await fetch(link.downloadLink)).status, 200);
    clock.advance(server.config.exportLinkTtl + 1);
    const expired = await fetch(link.downloadLink);
    assert.equal(expired.status, 401);
    assert.match(((await expired.json()) as { message: string }).message, /expired/);
  });
});
