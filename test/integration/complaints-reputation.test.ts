import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startRelayServer } from '../helpers/relay-server.js';
import { sampleReport } from '../helpers/arf-report.js';
import { bounceApi, mailFeedback, oneClick, unsubscribeHeaders } from '../helpers/reputation.js';

describeEachDialect('complaints, list-unsubscribe and reputation', (dialect) => {
  describe('a tenant sending through a relay', () => {
    let server: TestServer;
    let alice: Tenant;
    let relay: Awaited<ReturnType<typeof startRelayServer>>;
    let inbox: { id: string; emailAddress: string };
    before(async () => {
      relay = await startRelayServer();
      server = await startTestServer(dialect, {
        env: { PIGEONHOLE_RELAY_URL: relay.url, PIGEONHOLE_REPUTATION_MIN_SENDS: '2', PIGEONHOLE_MAX_DAILY_BOUNCES: '3' },
      });
      alice = await server.createTenant();
      const created = await alice.mailslurp.createInbox();
      inbox = { id: created.id, emailAddress: created.emailAddress };
    });
    after(async () => {
      await server.close();
      await relay.close();
    });

    test('an ARF report mailed to the feedback address becomes a complaint about the sent email', async () => {
      const sent = await alice.mailslurp.sendEmail(inbox.id, { to: ['reader@example.com'], subject: 'Newsletter', body: 'x' });
      assert.ok(sent.messageId);
      const info = await mailFeedback(server, sampleReport({ messageId: sent.messageId, recipient: 'Reader@Example.com' }));
      assert.match(info.response, /^250 .*complaint/);

      const api = bounceApi(server, alice);
      const page = await api.getComplaints({});
      assert.equal(page.totalElements, 1);
      const listed = page.content![0]!;
      const complaint = await api.getComplaint({ id: listed.id });
      assert.equal(complaint.userId, alice.userId);
      assert.equal(complaint.eventType, 'abuse');
      assert.equal(complaint.complaintRecipient, 'reader@example.com');
      assert.equal(complaint.mailMessageId, sent.messageId);
      assert.equal(complaint.mailSource, inbox.emailAddress);
      assert.equal(await statusOf(api.getComplaint({ id: '00000000-0000-4000-8000-000000000000' })), 404);
    });

    test('mail to the feedback address that is no ARF report, or concerns no sent email, is refused and recorded nowhere', async () => {
      const plain = Buffer.from('From: a@isp.example\r\nSubject: hi\r\nContent-Type: text/plain\r\n\r\nhello\r\n');
      await assert.rejects(mailFeedback(server, plain), (err: { responseCode?: number; response?: string }) =>
        err.responseCode === 550 && /ARF feedback reports only/.test(err.response ?? ''));
      await assert.rejects(mailFeedback(server, sampleReport({ messageId: '<never-sent@example.net>' })), (err: { responseCode?: number; response?: string }) =>
        err.responseCode === 550 && /never-sent@example.net.*no email sent from this server/.test(err.response ?? ''));
      assert.equal((await bounceApi(server, alice).getComplaints({})).totalElements, 1);
    });

    test('a one-click POST to the signed link unsubscribes the recipient; a forged or altered link is refused', async () => {
      const headers = await unsubscribeHeaders(server, alice, inbox.id, 'Subscriber@Example.com');
      assert.equal(headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
      const url = /^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!;
      assert.ok(url.startsWith(`${server.url}/unsubscribe?token=`));

      assert.equal((await oneClick(url, 'something=else')).status, 400, 'a body other than RFC 8058\'s unsubscribes nobody');
      const [payload, signature] = new URL(url).searchParams.get('token')!.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, string>;
      const forged = Buffer.from(JSON.stringify({ ...claims, a: 'victim@example.com' })).toString('base64url');
      assert.equal((await oneClick(`${server.url}/unsubscribe?token=${forged}.${signature}`)).status, 403);
      assert.equal((await oneClick(`${server.url}/unsubscribe?token=not-a-token`)).status, 403);
      const api = bounceApi(server, alice);
      assert.equal((await api.getListUnsubscribeRecipients({})).totalElements, 0);

      const response = await oneClick(url);
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal((await oneClick(url)).status, 200, 'a repeated POST is no error');
      const page = await api.getListUnsubscribeRecipients({});
      assert.equal(page.totalElements, 1);
      assert.equal(page.content![0]!.emailAddress, 'subscriber@example.com');
    });

    test('bounces and complaints over the thresholds block sending; every figure counted from the records', async () => {
      const api = bounceApi(server, alice);
      const quiet = await api.getAccountBounceBlockStatus();
      assert.deepEqual(quiet, { isFrozen: false, isSendingBlocked: false, bounceCount: 0, bounceCountToday: 0, maximumDailyBounces: 3, maximumAccountBounces: 100000 });
      // the raw answer: the client turns a null into undefined
      const early = await alice.fetch('/bounce/tenant-status').then((r) => r.json()) as { rows: Array<Record<string, unknown>> };
      assert.equal(early.rows.length, 1);
      assert.equal(early.rows[0]!.bounceRate, null, 'one send is under PIGEONHOLE_REPUTATION_MIN_SENDS: no rate');
      assert.equal(early.rows[0]!.complaintRate, null);
      assert.equal(early.rows[0]!.reputationStatus, null);
      assert.equal(early.rows[0]!.sendLastHour, 1);

      await alice.mailslurp.sendEmail(inbox.id, { to: ['reject-one@example.com'], subject: 'a', body: 'x' });
      await alice.mailslurp.sendEmail(inbox.id, { to: ['reject-two@example.com'], subject: 'b', body: 'x' });

      const blocked = await api.getAccountBounceBlockStatus();
      assert.equal(blocked.isSendingBlocked, true);
      assert.equal(blocked.bounceCount, 2);
      assert.equal(blocked.bounceCountToday, 2);

      const summary = await api.getTenantReputationStatusSummary({});
      const row = summary.rows[0]!;
      assert.equal(row.tenantName, inbox.emailAddress);
      assert.equal(row.bounceRate, 2 / 3);
      assert.equal(row.complaintRate, 1 / 3);
      assert.equal(row.reputationStatus, 'BLOCKED');
      assert.equal(row.sendingStatus, 'DISABLED');
      assert.equal(row.sendLastHour, 3);
      assert.equal(summary.userId, alice.userId);

      const findings = (await api.getTenantReputationFindings({})).findings;
      assert.deepEqual(findings.map((f) => `${f.type}:${f.impact}`).sort(), ['BOUNCE_RATE:HIGH', 'COMPLAINT_RATE:HIGH', 'DAILY_BOUNCES:LOW']);
      assert.match(findings.find((f) => f.type === 'BOUNCE_RATE')!.description!, /66\.67% .* above 5% \(PIGEONHOLE_MAX_BOUNCE_RATE\)/);

      const items = await api.getReputationItems({});
      assert.equal(items.totalElements, 3);
      assert.deepEqual(items.content!.map((i) => `${i.reputationType}:${i.severity}:${i.recipient}`).sort(), [
        'BOUNCE:DANGER:reject-one@example.com', 'BOUNCE:DANGER:reject-two@example.com', 'COMPLAINT:DANGER:reader@example.com',
      ]);
      assert.ok(items.content!.every((i) => i.source === inbox.emailAddress));
      // reported only by default: the blocked account still sends
      await alice.mailslurp.sendEmail(inbox.id, { to: ['reader@example.com'], subject: 'still sent', body: 'x' });
    });
  });

  describe('with PIGEONHOLE_BLOCK_SENDING', () => {
    let server: TestServer;
    let relay: Awaited<ReturnType<typeof startRelayServer>>;
    before(async () => {
      relay = await startRelayServer();
      server = await startTestServer(dialect, { env: { PIGEONHOLE_RELAY_URL: relay.url, PIGEONHOLE_BLOCK_SENDING: 'true', PIGEONHOLE_MAX_ACCOUNT_BOUNCES: '1' } });
    });
    after(async () => {
      await server.close();
      await relay.close();
    });

    test('a blocked account\'s sends are refused with a 403 naming the threshold; another account still sends', async () => {
      const alice = await server.createTenant();
      const bob = await server.createTenant();
      const inbox = await alice.mailslurp.createInbox();
      await alice.mailslurp.sendEmail(inbox.id, { to: ['reader@example.com'], subject: 'before', body: 'x' });
      await alice.mailslurp.sendEmail(inbox.id, { to: ['reject-one@example.com'], subject: 'bounces', body: 'x' });
      assert.equal((await bounceApi(server, alice).getAccountBounceBlockStatus()).isSendingBlocked, true);

      const refused = await alice.fetch(`/sendEmail?inboxId=${inbox.id}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: ['reader@example.com'], subject: 'after', body: 'x' }),
      });
      assert.equal(refused.status, 403);
      assert.match((await refused.json() as { message: string }).message, /PIGEONHOLE_MAX_ACCOUNT_BOUNCES/);
      assert.ok(!relay.received.some((m) => m.raw.toString('utf8').includes('Subject: after')), 'nothing relayed');

      const bobInbox = await bob.mailslurp.createInbox();
      await bob.mailslurp.sendEmail(bobInbox.id, { to: ['reader@example.com'], subject: 'bob sends', body: 'x' });
    });
  });
});
