import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Configuration, SentEmailsControllerApi, EmailControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startRelayServer } from '../helpers/relay-server.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sentApi = (server: TestServer, tenant: Tenant) => new SentEmailsControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
const emailApi = (server: TestServer, tenant: Tenant) => new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

describeEachDialect('sending', (dialect) => {
  describe('without a relay', () => {
    let server: TestServer;
    let tenant: Tenant;
    before(async () => {
      server = await startTestServer(dialect);
      tenant = await server.createTenant();
    });
    after(() => server.close());

    test('an email sent to another inbox of this server arrives there, and the receipt keeps only the body hash', async () => {
      const a = await tenant.mailslurp.createInbox(undefined, 'Alice');
      const b = await tenant.mailslurp.createInbox();
      const body = 'Hello Bob, this is the body.';
      const sent = await tenant.mailslurp.sendEmail(a.id, { to: [b.emailAddress], subject: 'Greetings', body });
      assert.equal(sent.inboxId, a.id);
      assert.equal(sent.from, a.emailAddress);
      assert.deepEqual(sent.to, [b.emailAddress]);
      assert.equal(sent.body, undefined, 'the body is never stored');
      assert.equal((sent as unknown as { bodyMD5Hash?: string }).bodyMD5Hash ?? (await (await tenant.fetch(`/sent/${sent.id}`)).json() as { bodyMD5Hash: string }).bodyMD5Hash, md5(body));

      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.equal(received.subject, 'Greetings');
      assert.equal(received.from, a.emailAddress);
      assert.equal(received.sender?.name, 'Alice', 'the inbox name is the sender name');
      assert.equal(received.body?.trim(), body);

      const statuses = await sentApi(server, tenant).getSentDeliveryStatusesBySentId({ sentId: sent.id });
      assert.deepEqual(statuses.content?.map((s) => [s.recipients, s.smtpStatusCode]), [[[b.emailAddress], 250]]);
    });

    test('mail to other domains is captured as sent with its status, never dropped', async () => {
      const a = await tenant.mailslurp.createInbox();
      const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['someone@example.com'], subject: 'Out', body: 'x' });
      // outcome is Pigeonhole's addition: the official client drops fields it does not know, so read it raw.
      const page = await tenant.fetch(`/sent/${sent.id}/delivery-status`).then((r) => r.json()) as { content: Array<{ outcome: string; smtpResponse: string }> };
      const status = page.content[0]!;
      assert.equal(status.outcome, 'CAPTURED');
      assert.match(status.smtpResponse, /no relay/);
      const raw = await sentApi(server, tenant).getRawSentEmailJson({ emailId: sent.id });
      assert.match(raw.content, /Subject: Out/);
      assert.match(raw.content, /To: someone@example\.com/);
    });

    test('sendEmail answers 204 and the receipt is listed for the inbox', async () => {
      const a = await tenant.mailslurp.createInbox();
      const response = await tenant.fetch(`/inboxes/${a.id}`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: ['x@example.com'], subject: 'void send', body: 'b' }),
      });
      assert.equal(response.status, 204);
      const page = await tenant.inboxApi.getInboxSentEmails({ inboxId: a.id });
      assert.equal(page.totalElements, 1);
      assert.equal(page.content?.[0]?.subject, 'void send');
      assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id })).totalElements, 1);
    });

    test('a virtual inbox records the sent email but delivers nothing, not even locally', async () => {
      const v = await tenant.inboxApi.createInbox({ virtualInbox: true });
      const b = await tenant.mailslurp.createInbox();
      const sent = await tenant.mailslurp.sendEmail(v.id, { to: [b.emailAddress], subject: 'virtual', body: 'x' });
      assert.equal(sent.virtualSend, true);
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: b.id })).totalElements, 0);
      const statuses = await tenant.fetch(`/sent/${sent.id}/delivery-status`).then((r) => r.json()) as { content: Array<{ outcome: string }> };
      assert.deepEqual(statuses.content.map((s) => s.outcome), ['VIRTUAL']);
    });

    test('refusals are 400 naming the problem and record nothing', async () => {
      const a = await tenant.mailslurp.createInbox();
      const smtpInbox = await tenant.inboxApi.createInbox({ inboxType: 'SMTP_INBOX' as never });
      const send = (inboxId: string, options: object) =>
        tenant.fetch(`/inboxes/${inboxId}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
      const cases: Array<[string, object, RegExp]> = [
        [smtpInbox.id, { to: ['x@example.com'], body: 'x' }, /SMTP inboxes can only receive/],
        [a.id, { body: 'x' }, /at least one recipient/],
        [a.id, { to: ['not an address'], body: 'x' }, /invalid addresses: not an address/],
        [a.id, { to: ['x@example.com'], template: 'welcome' }, /template welcome is not a template of yours/],
        [a.id, { to: ['x@example.com'], attachments: ['abc'] }, /attachments has unknown attachment ids: abc/],
        [a.id, { to: ['x@example.com'], from: 'someone@else.com' }, /from must be the inbox's own address/],
        [a.id, { to: ['x@example.com'], charset: 'ISO-8859-1' }, /charset/],
      ];
      for (const [inboxId, options, message] of cases) {
        const response = await send(inboxId, options);
        assert.equal(response.status, 400, JSON.stringify(options));
        assert.match(((await response.json()) as { message: string }).message, message);
      }
      assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id })).totalElements, 0);
      const other = await server.createTenant();
      assert.equal(await statusOf(other.inboxApi.sendEmailAndConfirm({ inboxId: a.id, sendEmailOptions: { to: ['x@example.com'] } })), 404);
    });

    test('attachments: uploaded ids are attached and arrive with the email', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const [id] = await tenant.mailslurp.uploadAttachment({ base64Contents: Buffer.from('file body').toString('base64'), filename: 'file.txt' });
      await tenant.mailslurp.sendEmail(a.id, { to: [b.emailAddress], subject: 'attached', body: 'x', attachments: [String(id)] });
      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.equal(received.attachments?.length, 1);
      const meta = await emailApi(server, tenant).getAttachmentMetaData({ emailId: received.id, attachmentId: received.attachments![0]! });
      assert.deepEqual([meta.name, meta.contentType, meta.contentLength], ['file.txt', 'text/plain', 9]);
    });

    test('VALIDATE_FILTER_REMOVE_INVALID drops bad addresses and sends to the rest', async () => {
      const a = await tenant.mailslurp.createInbox();
      const sent = await tenant.mailslurp.sendEmail(a.id, {
        to: ['good@example.com', 'bad address'], body: 'x', validateEmailAddresses: 'VALIDATE_FILTER_REMOVE_INVALID' as never,
      });
      assert.deepEqual(sent.to, ['good@example.com']);
    });

    test('replyToEmail answers the sender with "Re:" and the thread headers', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      await tenant.mailslurp.sendEmail(a.id, { to: [b.emailAddress], subject: 'Question', body: 'Are you there?' });
      const question = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      const reply = await emailApi(server, tenant).replyToEmail({ emailId: question.id, replyToEmailOptions: { body: 'Yes!', isHTML: false } });
      assert.equal(reply.inReplyTo, question.messageId);
      const answer = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: a.id, timeoutMillis: 5000 });
      assert.equal(answer.subject, 'Re: Question');
      assert.equal(answer.inReplyTo, question.messageId);
      assert.equal(answer.body?.trim(), 'Yes!');
    });

    test('sendSmtpEnvelope sends the given message to the envelope recipients', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const data = `From: ${a.emailAddress}\r\nTo: someone-else@example.com\r\nSubject: Envelope\r\n\r\nbody\r\n`;
      const sent = await tenant.inboxApi.sendSmtpEnvelope({ inboxId: a.id, sendSMTPEnvelopeOptions: { mailFrom: a.emailAddress, rcptTo: [b.emailAddress], data } });
      assert.equal(sent.subject, 'Envelope');
      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.equal(received.subject, 'Envelope');
      const raw = await tenant.fetch(`/emails/${received.id}/raw`).then((r) => r.text());
      assert.equal(raw, data, 'the message is delivered exactly as given');
    });

    test('sendTestEmail sends the inbox a message', async () => {
      const a = await tenant.mailslurp.createInbox();
      await tenant.inboxApi.sendTestEmail({ inboxId: a.id });
      const received = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: a.id, timeoutMillis: 5000 });
      assert.match(received.subject ?? '', /Test email/);
    });

    test('receipts can be listed, read raw, and deleted', async () => {
      const fresh = await server.createTenant();
      const a = await fresh.mailslurp.createInbox();
      const first = await fresh.mailslurp.sendEmail(a.id, { to: ['one@example.com'], subject: 'first', body: 'x' });
      await fresh.mailslurp.sendEmail(a.id, { to: ['two@example.com'], subject: 'second', body: 'x' });
      const api = sentApi(server, fresh);
      assert.equal((await api.getSentEmails({})).totalElements, 2);
      assert.deepEqual((await api.getSentEmails({ searchFilter: 'two@' })).content?.map((s) => s.subject), ['second']);
      const got = await api.getSentEmail({ id: first.id });
      assert.equal(got.subject, 'first');
      const raw = await fresh.fetch(`/sent/${first.id}/raw`);
      assert.match(await raw.text(), /Subject: first/);
      await api.deleteSentEmail({ id: first.id });
      assert.equal(await statusOf(api.getSentEmail({ id: first.id })), 404);
      await api.deleteAllSentEmails();
      assert.equal((await api.getSentEmails({})).totalElements, 0);
      assert.equal(await statusOf(sentApi(server, tenant).getSentEmails({ inboxId: a.id })), 404, "another tenant's inbox");
    });
  });

  describe('with a relay', () => {
    let server: TestServer;
    let tenant: Tenant;
    let relay: Awaited<ReturnType<typeof startRelayServer>>;
    before(async () => {
      relay = await startRelayServer();
      server = await startTestServer(dialect, { env: { PIGEONHOLE_RELAY_URL: relay.url } });
      tenant = await server.createTenant();
    });
    after(async () => {
      await server.close();
      await relay.close();
    });

    test('mail to other domains goes through the relay; local recipients stay local', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['friend@example.com', b.emailAddress], subject: 'Relayed', body: 'via relay' });
      assert.equal(relay.received.length, 1);
      assert.deepEqual(relay.received[0]!.to, ['friend@example.com']);
      assert.equal(relay.received[0]!.from, a.emailAddress);
      assert.match(relay.received[0]!.raw.toString(), /Subject: Relayed/);
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: b.id })).totalElements, 1);
      const statuses = await tenant.fetch(`/sent/${sent.id}/delivery-status`).then((r) => r.json()) as { content: Array<{ outcome: string; recipients: string[] }> };
      assert.deepEqual(
        statuses.content.map((s) => `${s.recipients[0]}:${s.outcome}`).sort(),
        [`${b.emailAddress}:DELIVERED`, 'friend@example.com:RELAYED'].sort(),
      );
    });

    test('a recipient the relay refuses gets a FAILED status with the relay\'s reply', async () => {
      const a = await tenant.mailslurp.createInbox();
      const sent = await tenant.mailslurp.sendEmail(a.id, { to: ['reject-me@example.com'], subject: 'Doomed', body: 'x' });
      const statuses = await tenant.fetch(`/sent/${sent.id}/delivery-status`).then((r) => r.json()) as { content: Array<{ outcome: string; smtpStatusCode: number; smtpResponse: string }> };
      assert.equal(statuses.content[0]!.outcome, 'FAILED');
      assert.equal(statuses.content[0]!.smtpStatusCode, 550);
      assert.match(statuses.content[0]!.smtpResponse, /unavailable/);
    });
  });
});
