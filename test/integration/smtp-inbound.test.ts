import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport, type SmtpMode } from '../helpers/smtp.js';
import { inspect } from '../helpers/databases.js';

describeEachDialect('inbound SMTP', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  const clock = new ManualClock(new Date());
  before(async () => {
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_SMTP_MAX_MESSAGE_SIZE: '20000', PIGEONHOLE_SMTP_MAX_RECIPIENTS: '3' } });
    tenant = await server.createTenant();
  });
  after(() => server.close());

  const emailsIn = (inboxId: string) => tenant.inboxApi.getEmails({ inboxId });
  /** Rows of every table that holds received mail, counted directly in the database. */
  const storedRows = async () => {
    const db = inspect(server.db);
    try {
      const count = async (table: 'emails' | 'attachments' | 'blobs') =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      return { emails: await count('emails'), attachments: await count('attachments'), blobs: await count('blobs') };
    } finally {
      await db.destroy();
    }
  };

  for (const mode of ['plain', 'starttls', 'smtps'] as SmtpMode[]) {
    test(`a message sent over ${mode} is stored and readable through the official client`, async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const raw = rawMessage({ to: inbox.emailAddress, subject: `Hello over ${mode}`, body: `Body sent over ${mode}` });
      const info = await smtpTransport(server, mode).sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw });
      assert.match(info.response, /^250 /);
      const [preview] = await emailsIn(inbox.id);
      assert.ok(preview, 'the email is listed as soon as the 250 is answered');
      assert.equal(preview.subject, `Hello over ${mode}`);
      const email = await tenant.mailslurp.getEmail(preview.id);
      assert.equal(email.from, 'sender@example.com');
      assert.deepEqual(email.to, [inbox.emailAddress]);
      assert.equal(email.body?.trim(), `Body sent over ${mode}`);
      assert.equal(email.isHTML, false);
      assert.equal(email.inboxId, inbox.id);
      assert.equal(email.read, true, 'reading the full email marks it read');
      const rawJson = await tenant.mailslurp.emailController.getRawEmailJson({ emailId: email.id });
      assert.equal(rawJson.content, raw.toString('utf8'), 'the raw message comes back byte for byte');
    });
  }

  test('the raw endpoint returns the exact bytes, 8-bit content included', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const raw = Buffer.concat([
      rawMessage({ to: inbox.emailAddress, subject: 'Grüße', body: 'Größe: 8-bit UTF-8 body ✓', extraHeaders: ['Content-Transfer-Encoding: 8bit'] }),
    ]);
    await smtpTransport(server).sendMail({ envelope: { from: 'a@example.com', to: [inbox.emailAddress] }, raw });
    const [preview] = await emailsIn(inbox.id);
    const response = await tenant.fetch(`/emails/${preview!.id}/raw`);
    assert.equal(response.status, 200);
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), raw);
    const email = await tenant.mailslurp.getEmail(preview!.id);
    assert.equal(email.body?.trim(), 'Größe: 8-bit UTF-8 body ✓');
  });

  test('an unknown recipient is refused with 550 and nothing is stored', async () => {
    const before = await storedRows();
    await assert.rejects(
      smtpTransport(server).sendMail({
        envelope: { from: 'a@example.com', to: ['nobody@pigeonhole.test'] },
        raw: rawMessage({ to: 'nobody@pigeonhole.test', subject: 'lost', body: 'x' }),
      }),
      (err: { responseCode?: number; response?: string }) => {
        assert.equal(err.responseCode, 550);
        assert.match(String(err.response), /nobody@pigeonhole\.test/);
        return true;
      },
    );
    assert.deepEqual(await storedRows(), before);
  });

  test('a message over the size limit is refused with 552 and nothing is stored', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const raw = rawMessage({ to: inbox.emailAddress, subject: 'big', body: 'x'.repeat(30_000) });
    const before = await storedRows();
    await assert.rejects(
      smtpTransport(server).sendMail({ envelope: { from: 'a@example.com', to: [inbox.emailAddress] }, raw }),
      (err: { responseCode?: number }) => err.responseCode === 552,
    );
    assert.deepEqual(await storedRows(), before);
  });

  test('an expired inbox refuses mail with 550', async () => {
    const inbox = await tenant.inboxApi.createInbox({ expiresIn: 60_000 });
    clock.advance(60_001);
    await assert.rejects(
      smtpTransport(server).sendMail({
        envelope: { from: 'a@example.com', to: [inbox.emailAddress] },
        raw: rawMessage({ to: inbox.emailAddress, subject: 'late', body: 'x' }),
      }),
      (err: { responseCode?: number; response?: string }) => err.responseCode === 550 && /expired/.test(String(err.response)),
    );
    assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 0);
  });

  test('one message to several inboxes stores one copy in each; a repeated address delivers once', async () => {
    const other = await server.createTenant();
    const a = await tenant.mailslurp.createInbox();
    const b = await tenant.mailslurp.createInbox();
    const c = await other.mailslurp.createInbox();
    const raw = rawMessage({ to: `${a.emailAddress}, ${b.emailAddress}`, subject: 'to many', body: 'hi', extraHeaders: [`Cc: ${a.emailAddress.toUpperCase()}, ${c.emailAddress}`] });
    const info = await smtpTransport(server).sendMail({
      envelope: { from: 'a@example.com', to: [a.emailAddress, b.emailAddress, a.emailAddress.toUpperCase()] },
      raw,
    });
    assert.deepEqual(info.rejected, []);
    await smtpTransport(server).sendMail({ envelope: { from: 'a@example.com', to: [c.emailAddress] }, raw });
    assert.equal((await emailsIn(a.id)).length, 1);
    assert.equal((await emailsIn(b.id)).length, 1);
    const [copyForOther] = await other.inboxApi.getEmails({ inboxId: c.id });
    assert.ok(copyForOther, "the other tenant's inbox got its own copy");
    assert.equal(await statusOf(tenant.mailslurp.emailController.getEmail({ emailId: copyForOther.id })), 404, 'and it is not visible to this tenant');
  });

  test('recipients over the limit get 452', async () => {
    const inboxes = await Promise.all([1, 2, 3, 4].map(() => tenant.mailslurp.createInbox()));
    const info = await smtpTransport(server).sendMail({
      envelope: { from: 'a@example.com', to: inboxes.map((i) => i.emailAddress) },
      raw: rawMessage({ to: inboxes[0]!.emailAddress, subject: 'crowd', body: 'x' }),
    });
    assert.equal(info.accepted.length, 3);
    assert.equal(info.rejected.length, 1);
    assert.match(String(info.rejectedErrors?.[0]?.response), /^452 /);
  });

  test('getLatestEmailInInbox waits for a message that arrives after the request', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const waiting = tenant.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 10_000 });
    await smtpTransport(server).sendMail({
      envelope: { from: 'a@example.com', to: [inbox.emailAddress] },
      raw: rawMessage({ to: inbox.emailAddress, subject: 'awaited', body: 'x' }),
    });
    const email = await waiting;
    assert.equal(email.subject, 'awaited');
  });

  test('getLatestEmailInInbox answers 408 when nothing arrives in time', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    assert.equal(await statusOf(tenant.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 50 })), 408);
  });

  test('deleting an inbox deletes its emails, attachments and the bytes nothing else uses', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    const before = await storedRows();
    await smtpTransport(server).sendMail({
      from: 'a@example.com',
      to: inbox.emailAddress,
      subject: `unique ${Math.random()}`,
      text: 'see attached',
      attachments: [{ filename: 'notes.txt', content: `attachment ${Math.random()}` }],
    });
    const [preview] = await emailsIn(inbox.id);
    assert.equal(preview!.attachments?.length, 1);
    const during = await storedRows();
    assert.deepEqual(during, { emails: before.emails + 1, attachments: before.attachments + 1, blobs: before.blobs + 2 });
    await tenant.mailslurp.deleteInbox(inbox.id);
    assert.equal(await statusOf(tenant.mailslurp.emailController.getEmail({ emailId: preview!.id })), 404);
    assert.deepEqual(await storedRows(), before);
  });
});
