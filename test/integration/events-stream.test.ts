import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';
import { openEventStream } from '../helpers/event-stream.js';

describeEachDialect('GET /events', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
    bob = await server.createTenant();
  });
  after(() => server.close());

  const deliver = (to: string, subject: string) => smtpTransport(server).sendMail({
    envelope: { from: 'sender@example.com', to: [to] }, raw: rawMessage({ to, subject, body: 'x' }),
  });

  test('streams email.received for the caller as mail arrives, with ids to fetch it', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const stream = await openEventStream(server, alice);
    try {
      await deliver(inbox.emailAddress, 'streamed');
      const event = await stream.next();
      assert.equal(event.event, 'email.received');
      assert.equal(event.id, '1');
      assert.equal(event.data.inboxId, inbox.id);
      const email = await alice.mailslurp.getEmail(String(event.data.emailId));
      assert.equal(email.subject, 'streamed');
    } finally {
      await stream.close();
    }
  });

  test("never another tenant's events: Bob's first event is his own mail, though Alice's came first", async () => {
    const alices = await alice.mailslurp.createInbox();
    const bobs = await bob.mailslurp.createInbox();
    const stream = await openEventStream(server, bob);
    try {
      await deliver(alices.emailAddress, 'for alice');
      await deliver(bobs.emailAddress, 'for bob');
      const event = await stream.next();
      assert.equal(event.data.inboxId, bobs.id);
      assert.equal(event.data.tenantId, bob.userId);
    } finally {
      await stream.close();
    }
  });

  test('inboxId narrows the stream to those inboxes; a foreign inbox is 404 before it opens', async () => {
    const watched = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    const stream = await openEventStream(server, alice, `?inboxId=${watched.id}`);
    try {
      await deliver(other.emailAddress, 'not watched');
      await deliver(watched.emailAddress, 'watched');
      const event = await stream.next();
      assert.equal(event.data.inboxId, watched.id);
    } finally {
      await stream.close();
    }
    const foreign = await fetch(`${server.url}/events?inboxId=${watched.id}`, { headers: { 'x-api-key': bob.apiKey } });
    assert.equal(foreign.status, 404);
    assert.equal(((await foreign.json()) as { status: number }).status, 404);
  });

  test('sending shows up as delivery-status.created events', async () => {
    const from = await alice.mailslurp.createInbox();
    const stream = await openEventStream(server, alice, `?inboxId=${from.id}`);
    try {
      const sent = await alice.mailslurp.sendEmail(from.id, { to: ['someone@example.com'], subject: 's', body: 'b' });
      const event = await stream.next();
      assert.equal(event.event, 'delivery-status.created');
      assert.equal(event.data.sentId, sent.id);
      const done = await stream.next();
      assert.equal(done.event, 'email.sent', 'the send is announced once every recipient has an outcome');
      assert.equal(done.data.sentId, sent.id);
    } finally {
      await stream.close();
    }
  });

  test('reading an email through the API streams email.read once', async () => {
    const inbox = await alice.mailslurp.createInbox();
    await deliver(inbox.emailAddress, 'to be read');
    const [preview] = (await alice.inboxApi.getInboxEmailsPaginated({ inboxId: inbox.id })).content!;
    const stream = await openEventStream(server, alice, `?inboxId=${inbox.id}`);
    try {
      await alice.mailslurp.getEmail(preview!.id);
      await alice.mailslurp.getEmail(preview!.id);
      await deliver(inbox.emailAddress, 'marker');
      const read = await stream.next();
      assert.equal(read.event, 'email.read');
      assert.equal(read.data.emailId, preview!.id);
      assert.equal((await stream.next()).event, 'email.received', 'a second read of a read email is not an event');
    } finally {
      await stream.close();
    }
  });

  test('an inbox whose expiry passes streams inbox.expired when the expiry job records it', async () => {
    const clock = new ManualClock(new Date('2026-06-01T08:00:00.000Z'));
    const own = await startTestServer(dialect, { clock });
    try {
      const tenant = await own.createTenant();
      const inbox = await tenant.inboxApi.createInboxWithOptions({ createInboxDto: { expiresIn: 60_000 } });
      const stream = await openEventStream(own, tenant);
      try {
        clock.advance(61_000);
        assert.equal(await own.server.expiry.runOnce(), 1);
        const event = await stream.next();
        assert.equal(event.event, 'inbox.expired');
        assert.equal(event.data.inboxId, inbox.id);
        const record = await tenant.fetch(`/expired/inbox/${inbox.id}`).then((r) => r.json()) as { id: string };
        assert.equal(event.data.expiredInboxId, record.id);
      } finally {
        await stream.close();
      }
    } finally {
      await own.close();
    }
  });

  test('needs an API key', async () => {
    const response = await fetch(`${server.url}/events`);
    assert.equal(response.status, 401);
    assert.match(((await response.json()) as { message: string }).message, /API key/);
  });
});
