import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startRelayServer } from '../helpers/relay-server.js';
import { sampleReport } from '../helpers/arf-report.js';
import { bounceApi, mailFeedback, oneClick, unsubscribeHeaders } from '../helpers/reputation.js';

describeEachDialect('tenant isolation: complaints, list-unsubscribe and reputation', (dialect) => {
  let server: TestServer;
  let relay: Awaited<ReturnType<typeof startRelayServer>>;
  let alice: Tenant;
  let bob: Tenant;
  let complaintId = '';
  before(async () => {
    relay = await startRelayServer();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_RELAY_URL: relay.url, PIGEONHOLE_REPUTATION_MIN_SENDS: '1', PIGEONHOLE_MAX_DAILY_BOUNCES: '1' } });
    alice = await server.createTenant();
    bob = await server.createTenant();
    const inbox = await alice.mailslurp.createInbox();
    const sent = await alice.mailslurp.sendEmail(inbox.id, { to: ['reader@example.com'], subject: 'a', body: 'x' });
    await alice.mailslurp.sendEmail(inbox.id, { to: ['reject-me@example.com'], subject: 'b', body: 'x' });
    await mailFeedback(server, sampleReport({ messageId: sent.messageId!, recipient: 'reader@example.com' }));
    const headers = await unsubscribeHeaders(server, alice, inbox.id, 'reader@example.com');
    assert.equal((await oneClick(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!)).status, 200);
    complaintId = (await bounceApi(server, alice).getComplaints({})).content![0]!.id;
  });
  after(async () => {
    await server.close();
    await relay.close();
  });

  test("tenant B sees none of tenant A's complaints, unsubscribes, reputation items, findings or block status", async () => {
    const b = bounceApi(server, bob);
    assert.equal(await statusOf(b.getComplaint({ id: complaintId })), 404);
    assert.equal((await b.getComplaints({})).totalElements, 0);
    assert.equal((await b.getListUnsubscribeRecipients({})).totalElements, 0);
    assert.equal((await b.getReputationItems({})).totalElements, 0);
    assert.deepEqual((await b.getTenantReputationFindings({})).findings, []);
    assert.deepEqual((await b.getTenantReputationStatusSummary({})).rows, []);
    const block = await b.getAccountBounceBlockStatus();
    assert.equal(block.isSendingBlocked, false);
    assert.equal(block.bounceCount, 0);

    // ...while tenant A's own records are there, so the empty answers above are isolation, not absence
    const a = bounceApi(server, alice);
    assert.equal((await a.getComplaint({ id: complaintId })).userId, alice.userId);
    assert.equal((await a.getListUnsubscribeRecipients({})).totalElements, 1);
    assert.equal((await a.getReputationItems({})).totalElements, 2);
    assert.equal((await a.getAccountBounceBlockStatus()).isSendingBlocked, true);
  });

  test("an unsubscribe link signed for tenant A cannot be re-aimed at tenant B's account", async () => {
    const headers = await unsubscribeHeaders(server, alice, 'x', 'someone@example.com');
    const token = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, string>;
    const retargeted = Buffer.from(JSON.stringify({ ...claims, t: bob.userId })).toString('base64url');
    assert.equal((await oneClick(`${server.url}/unsubscribe?token=${retargeted}.${signature}`)).status, 403);
    assert.equal((await bounceApi(server, bob).getListUnsubscribeRecipients({})).totalElements, 0);
  });
});
