import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BounceControllerApi, Configuration, GetBouncedEmailsSortEnum, GetBouncedRecipientsSortEnum } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startRelayServer } from '../helpers/relay-server.js';

const MINUTE = 60_000;
const bounceApi = (server: TestServer, tenant: Tenant) => new BounceControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

type Status = { outcome: string; recipients: string[]; smtpStatusCode: number | null; smtpResponse: string };
const statusesOf = async (tenant: Tenant, sentId: string) =>
  (await tenant.fetch(`/sent/${sentId}/delivery-status`).then((r) => r.json()) as { content: Status[] }).content;
const outcomes = (statuses: Status[]) => statuses.map((s) => `${s.recipients[0]}:${s.outcome}`).sort();

describeEachDialect('bounces', (dialect) => {
  describe('through a relay that refuses some mail', () => {
    let server: TestServer;
    let alice: Tenant;
    let bob: Tenant;
    let relay: Awaited<ReturnType<typeof startRelayServer>>;
    const clock = new ManualClock(new Date('2026-03-04T10:00:00.000Z'));
    before(async () => {
      relay = await startRelayServer({ refuseDataMatching: /^Subject: Refuse me whole/m });
      server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_RELAY_URL: relay.url, PIGEONHOLE_EXPIRY_INTERVAL: String(24 * 60 * MINUTE) } });
      alice = await server.createTenant();
      bob = await server.createTenant();
    });
    after(async () => {
      await server.close();
      await relay.close();
    });

    let bouncedEmailId = '';
    let bouncedRecipientId = '';

    test('a recipient the relay refuses bounces with its SMTP diagnostic; the good one arrives at the relay', async () => {
      const a = await alice.mailslurp.createInbox();
      const sent = await alice.mailslurp.sendEmail(a.id, { to: ['good@example.com', 'reject-me@example.com'], subject: 'Mixed', body: 'x' });
      const arrived = relay.received.filter((m) => m.from === a.emailAddress);
      assert.deepEqual(arrived.map((m) => m.to), [['good@example.com']], 'only the good recipient reaches the relay');
      assert.match(arrived[0]!.raw.toString(), /Subject: Mixed/);
      assert.deepEqual(outcomes(await statusesOf(alice, sent.id)), ['good@example.com:RELAYED', 'reject-me@example.com:FAILED']);

      const api = bounceApi(server, alice);
      const emails = await api.getBouncedEmails({});
      assert.equal(emails.totalElements, 1);
      const listed = emails.content![0]!;
      assert.equal(listed.sender, a.emailAddress);
      assert.equal(listed.subject, 'Mixed');
      assert.equal(listed.bounceType, 'Permanent');
      assert.equal(listed.bounceMta, new URL(relay.url).host);
      assert.equal(listed.createdAt.toISOString(), clock.now().toISOString());
      bouncedEmailId = listed.id!;

      const email = await api.getBouncedEmail({ id: bouncedEmailId });
      assert.equal(email.sentEmailId, sent.id);
      assert.equal(email.userId, alice.userId);
      assert.deepEqual(email.bounceRecipients, ['reject-me@example.com']);
      assert.deepEqual([...email.sentToRecipients!].sort(), ['good@example.com', 'reject-me@example.com']);
      assert.equal(email.notificationType, 'BOUNCE');

      const recipients = await api.getBouncedRecipients({});
      assert.deepEqual(recipients.content!.map((r) => r.recipient), ['reject-me@example.com'], 'the relayed address did not bounce');
      const listedRecipient = recipients.content![0]!;
      assert.equal(listedRecipient.sentEmailId, sent.id);
      assert.equal(listedRecipient.action, 'failed');
      assert.equal(listedRecipient.bounceType, 'Permanent');
      assert.equal(listedRecipient.status, '5.0.0');
      bouncedRecipientId = listedRecipient.id!;

      const recipient = await api.getBouncedRecipient({ id: bouncedRecipientId });
      assert.match(recipient.diagnosticCode ?? '', /^smtp; 550 Mailbox reject-me@example\.com unavailable/);
      assert.equal(recipient.userId, alice.userId);
    });

    test('filterBouncedRecipient removes addresses that bounced, whatever their case, and keeps the rest in order', async () => {
      const api = bounceApi(server, alice);
      const result = await api.filterBouncedRecipient({
        filterBouncedRecipientsOptions: { emailRecipients: ['new@example.com', 'Reject-Me@Example.com', 'good@example.com'] },
      });
      assert.deepEqual(result.filteredRecipients, ['new@example.com', 'good@example.com']);
      // bouncedRecipients is Pigeonhole's addition, so read it raw.
      const raw = await alice.fetch('/bounce/filter-recipients', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ emailRecipients: ['reject-me@example.com', 'good@example.com'] }),
      }).then((r) => r.json()) as { filteredRecipients: string[]; bouncedRecipients: string[] };
      assert.deepEqual(raw, { filteredRecipients: ['good@example.com'], bouncedRecipients: ['reject-me@example.com'] });

      const bad = await alice.fetch('/bounce/filter-recipients', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ recipients: ['reject-me@example.com'] }),
      });
      assert.equal(bad.status, 400);
      assert.match((await bad.json() as { message: string }).message, /emailRecipients/);
    });

    test('sendEmail with filterBouncedRecipients leaves out addresses that bounced; none left is 400', async () => {
      const a = await alice.mailslurp.createInbox();
      const sent = await alice.mailslurp.sendEmail(a.id, {
        to: ['Reject-Me@Example.com', 'good@example.com'], subject: 'Filtered', body: 'x', filterBouncedRecipients: true,
      });
      assert.deepEqual(sent.to, ['good@example.com']);
      assert.deepEqual(outcomes(await statusesOf(alice, sent.id)), ['good@example.com:RELAYED']);
      const none = await alice.fetch(`/inboxes/${a.id}`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: ['reject-me@example.com'], body: 'x', filterBouncedRecipients: true }),
      });
      assert.equal(none.status, 400);
      assert.match((await none.json() as { message: string }).message, /bounced before/);
      assert.equal((await bounceApi(server, alice).getBouncedEmails({})).totalElements, 1, 'nothing new bounced');
    });

    test('every recipient the relay refuses keeps its own reply; a message refused at DATA bounces for all', async () => {
      const a = await alice.mailslurp.createInbox();
      clock.advance(MINUTE);
      const allRefused = await alice.mailslurp.sendEmail(a.id, { to: ['reject-a@example.com', 'reject-b@example.com'], subject: 'All refused', body: 'x' });
      const statuses = await statusesOf(alice, allRefused.id);
      assert.deepEqual(statuses.map((s) => s.smtpResponse).sort(), ['550 Mailbox reject-a@example.com unavailable', '550 Mailbox reject-b@example.com unavailable']);

      clock.advance(MINUTE);
      const refusedWhole = await alice.mailslurp.sendEmail(a.id, { to: ['one@example.com', 'two@example.com'], subject: 'Refuse me whole', body: 'x' });
      assert.deepEqual(outcomes(await statusesOf(alice, refusedWhole.id)), ['one@example.com:FAILED', 'two@example.com:FAILED']);
      assert.equal(relay.received.filter((m) => m.from === a.emailAddress).length, 0);

      const api = bounceApi(server, alice);
      const latest = (await api.getBouncedEmails({ sort: GetBouncedEmailsSortEnum.DESC, size: 1 })).content![0]!;
      const bounce = await api.getBouncedEmail({ id: latest.id! });
      assert.equal(bounce.sentEmailId, refusedWhole.id);
      assert.deepEqual([...bounce.bounceRecipients!].sort(), ['one@example.com', 'two@example.com']);
      const recipients = (await api.getBouncedRecipients({ sort: GetBouncedRecipientsSortEnum.DESC, size: 2 })).content!;
      for (const listed of recipients) {
        const r = await api.getBouncedRecipient({ id: listed.id! });
        assert.equal(r.sentEmailId, refusedWhole.id);
        assert.equal(r.status, '5.7.1');
        assert.match(r.diagnosticCode ?? '', /^smtp; 554 5\.7\.1 Message content rejected/);
      }
    });

    test('mail to an expired inbox of this server bounces locally', async () => {
      const a = await alice.mailslurp.createInbox();
      const gone = await alice.inboxApi.createInbox({ expiresIn: MINUTE });
      clock.advance(2 * MINUTE);
      const sent = await alice.mailslurp.sendEmail(a.id, { to: [gone.emailAddress], subject: 'Too late', body: 'x' });
      assert.deepEqual(outcomes(await statusesOf(alice, sent.id)), [`${gone.emailAddress}:FAILED`]);
      const api = bounceApi(server, alice);
      const latest = (await api.getBouncedEmails({ sort: GetBouncedEmailsSortEnum.DESC, size: 1 })).content![0]!;
      assert.equal(latest.subject, 'Too late');
      assert.equal(latest.bounceMta, 'local');
      const recipient = (await api.getBouncedRecipients({ sort: GetBouncedRecipientsSortEnum.DESC, size: 1 })).content![0]!;
      assert.equal(recipient.recipient, gone.emailAddress);
      assert.match((await api.getBouncedRecipient({ id: recipient.id! })).diagnosticCode ?? '', /^smtp; 550 Mailbox .* has expired/);
    });

    test('lists page, sort and filter on createdAt', async () => {
      const api = bounceApi(server, alice);
      const all = await api.getBouncedEmails({});
      assert.equal(all.totalElements, 4);
      assert.deepEqual(all.content!.map((b) => b.subject), ['Mixed', 'All refused', 'Refuse me whole', 'Too late']);
      const desc = await api.getBouncedEmails({ sort: GetBouncedEmailsSortEnum.DESC, size: 3, page: 1 });
      assert.deepEqual(desc.content!.map((b) => b.subject), ['Mixed']);
      assert.equal(desc.totalPages, 2);
      const first = all.content![0]!.createdAt;
      const last = all.content![3]!.createdAt;
      const between = await api.getBouncedEmails({ since: first, before: last });
      assert.deepEqual(between.content!.map((b) => b.subject), ['All refused', 'Refuse me whole']);
      const recipients = await api.getBouncedRecipients({ since: first });
      assert.equal(recipients.totalElements, 5, 'two refused at RCPT, two at DATA, one expired inbox');
      assert.equal(await statusOf(api.getBouncedEmails({ size: 0 })), 400);
    });

    test("another tenant sees none of the bounces and gets 404 for their ids", async () => {
      const api = bounceApi(server, bob);
      assert.equal((await api.getBouncedEmails({})).totalElements, 0);
      assert.equal((await api.getBouncedRecipients({})).totalElements, 0);
      assert.equal(await statusOf(api.getBouncedEmail({ id: bouncedEmailId })), 404);
      assert.equal(await statusOf(api.getBouncedRecipient({ id: bouncedRecipientId })), 404);
      const filtered = await api.filterBouncedRecipient({ filterBouncedRecipientsOptions: { emailRecipients: ['reject-me@example.com'] } });
      assert.deepEqual(filtered.filteredRecipients, ['reject-me@example.com'], "alice's bounces do not filter bob's recipients");
    });
  });

  describe('through a relay that is down', () => {
    let server: TestServer;
    let tenant: Tenant;
    let relayUrl: string;
    before(async () => {
      // A port that was just listening and now refuses connections.
      const gone = await startRelayServer();
      relayUrl = gone.url;
      await gone.close();
      server = await startTestServer(dialect, { env: { PIGEONHOLE_RELAY_URL: relayUrl } });
      tenant = await server.createTenant();
    });
    after(() => server.close());

    test('every remote recipient fails and bounces as transient; local delivery is unaffected', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['x@example.com', b.emailAddress], cc: ['y@example.org'], subject: 'Nobody home', body: 'x' });
      assert.deepEqual(outcomes(await statusesOf(tenant, sent.id)), [`${b.emailAddress}:DELIVERED`, 'x@example.com:FAILED', 'y@example.org:FAILED'].sort());

      const api = bounceApi(server, tenant);
      const [bounce] = (await api.getBouncedEmails({})).content!;
      assert.ok(bounce);
      assert.equal(bounce.bounceType, 'Transient');
      const full = await api.getBouncedEmail({ id: bounce.id! });
      assert.deepEqual([...full.bounceRecipients!].sort(), ['x@example.com', 'y@example.org']);
      assert.equal(full.bounceMta, new URL(relayUrl).host);
      for (const listed of (await api.getBouncedRecipients({})).content!) {
        const r = await api.getBouncedRecipient({ id: listed.id! });
        assert.equal(r.bounceType, 'Transient');
        assert.equal(r.status, '4.4.1');
        assert.match(r.diagnosticCode ?? '', /ECONNREFUSED/);
      }
      // A relay outage says nothing about the addresses: they are not filtered out.
      const filtered = await api.filterBouncedRecipient({ filterBouncedRecipientsOptions: { emailRecipients: ['x@example.com', 'y@example.org'] } });
      assert.deepEqual(filtered.filteredRecipients, ['x@example.com', 'y@example.org']);
    });
  });
});
