import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Configuration, EmailControllerApi, type Email } from 'mailslurp-client';
import type { Clock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { startRelayServer } from '../helpers/relay-server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * EmailController forwardEmail, validateEmail, canSend, sendEmailSourceOptional and
 * InboxController importEmailIntoInbox (JSON, raw bytes, multipart) and
 * getDeliveryStatusesByInboxId, through the official client.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/eml/${name}`, import.meta.url));
const ATTACHMENTS_EML = fixture('17-multipart-mixed-attachments.eml');
const KOI8_EML = fixture('10-koi8-r-8bit.eml');
const ALTERNATIVE_EML = fixture('16-multipart-alternative-gmail.eml');
const PLAIN_EML = fixture('01-plain-ascii.eml');

const emailApi = (server: TestServer, tenant: Tenant) => new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));

/** The stored message exactly as the server answers it, as bytes. */
async function rawBytes(server: TestServer, tenant: Tenant, emailId: string): Promise<Buffer> {
  const response = await emailApi(server, tenant).getRawEmailContentsRaw({ emailId });
  return Buffer.from(await response.raw.arrayBuffer());
}

/** Delivers `raw` over SMTP to `to`, as an outside sender would. */
async function deliver(server: TestServer, to: string, raw: Buffer): Promise<void> {
  const transport = smtpTransport(server);
  try {
    await transport.sendMail({ envelope: { from: 'ap@example.com', to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** Name → content of each attachment of a received email. */
async function attachmentsOf(server: TestServer, tenant: Tenant, email: Email): Promise<Map<string, string>> {
  const api = emailApi(server, tenant);
  const out = new Map<string, string>();
  for (const attachmentId of email.attachments ?? []) {
    const meta = await api.getAttachmentMetaData({ emailId: email.id, attachmentId });
    const body = await api.downloadAttachmentBase64({ emailId: email.id, attachmentId });
    out.set(`${meta.name}|${meta.contentType}`, body.base64FileContents ?? '');
  }
  return out;
}

describeEachDialect('forward, validate, canSend, send without inbox, import', (dialect) => {
  describe('without a relay', () => {
    let server: TestServer;
    let tenant: Tenant;
    // Real time (so newest-first lists order as sent), moved ahead by the expiry test.
    let skew = 0;
    const clock: Clock = { now: () => new Date(Date.now() + skew) };
    before(async () => {
      server = await startTestServer(dialect, { clock });
      tenant = await server.createTenant();
    });
    after(() => server.close());

    test('forwardEmail: the copy arrives in another inbox from the forwarding inbox, with subject, body and every attachment', async () => {
      const a = await tenant.mailslurp.createInbox(undefined, 'Forwarder');
      const b = await tenant.mailslurp.createInbox();
      await deliver(server, a.emailAddress, ATTACHMENTS_EML);
      const original = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: a.id, timeoutMillis: 5000 });
      assert.equal(original.attachments?.length, 6);

      const sent = await emailApi(server, tenant).forwardEmail({ emailId: original.id, forwardEmailOptions: { to: [b.emailAddress] } });
      assert.equal(sent.inboxId, a.id);
      assert.equal(sent.from, a.emailAddress);
      assert.deepEqual(sent.to, [b.emailAddress]);
      assert.equal(sent.subject, `Fwd: ${original.subject}`);

      const copy = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.equal(copy.subject, 'Fwd: Invoice INV-2024-0042 and supporting files');
      assert.equal(copy.from, a.emailAddress, 'from the forwarding inbox');
      assert.equal(copy.sender?.name, 'Forwarder');
      assert.ok(copy.body?.includes(original.body!.trim().slice(0, 40)), 'the original body is kept');
      assert.deepEqual(await attachmentsOf(server, tenant, copy), await attachmentsOf(server, tenant, original), 'same names, types and bytes');
    });

    test('forwardEmail: a subject given replaces "Fwd:", cc is delivered, and bad input is 400 naming the field', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const c = await tenant.mailslurp.createInbox();
      await deliver(server, a.emailAddress, PLAIN_EML);
      const original = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: a.id, timeoutMillis: 5000 });
      const api = emailApi(server, tenant);
      await api.forwardEmail({ emailId: original.id, forwardEmailOptions: { to: [b.emailAddress], cc: [c.emailAddress], subject: 'Have a look' } });
      assert.equal((await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 })).subject, 'Have a look');
      const cc = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: c.id, timeoutMillis: 5000 });
      assert.match(cc.body ?? '', /Are you free for lunch on Thursday at 12:30\?/);

      const response = await tenant.fetch(`/emails/${original.id}/forward`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: ['not an address'] }),
      });
      assert.equal(response.status, 400);
      assert.match(((await response.json()) as { message: string }).message, /to has invalid addresses/);
      const missing = await tenant.fetch(`/emails/${original.id}/forward`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(missing.status, 400);
      assert.match(((await missing.json()) as { message: string }).message, /to/);
    });

    test('canSend: reports refusals with their reason and sends nothing; unknown inbox is 404', async () => {
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      const api = emailApi(server, tenant);
      const ok = await api.canSend({ inboxId: a.id, sendEmailOptions: { to: [b.emailAddress], subject: 'x', body: 'x' } });
      assert.deepEqual([ok.isSendingPermitted, ok.message ?? null], [true, null]);

      const invalid = await api.canSend({ inboxId: a.id, sendEmailOptions: { to: ['not an address'], body: 'x' } });
      assert.equal(invalid.isSendingPermitted, false);
      assert.match(invalid.message ?? '', /to has invalid addresses: not an address/);
      const noRecipient = await api.canSend({ inboxId: a.id, sendEmailOptions: { body: 'x' } });
      assert.match(noRecipient.message ?? '', /at least one recipient/);
      const badAttachment = await api.canSend({ inboxId: a.id, sendEmailOptions: { to: [b.emailAddress], attachments: ['nope'] } });
      assert.match(badAttachment.message ?? '', /unknown attachment ids: nope/);

      assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: a.id })).totalElements, 0, 'nothing was sent');
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: b.id })).totalElements, 0, 'nothing was delivered');
      assert.equal(await statusOf(api.canSend({ inboxId: crypto.randomUUID(), sendEmailOptions: { to: [b.emailAddress] } })), 404);
    });

    test('validateEmail: well-formed HTML is valid; broken HTML has errors with line numbers; text-only mail is valid', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const api = emailApi(server, tenant);
      let sent = 0;
      const send = async (html: string | null) => {
        const subject = `validate ${++sent}`;
        const transport = smtpTransport(server);
        await transport.sendMail({ from: 'x@example.com', to: inbox.emailAddress, subject, ...(html === null ? { text: 'plain' } : { html }) });
        transport.close();
        return (await tenant.inboxApi.getEmails({ inboxId: inbox.id })).find((e) => e.subject === subject)!.id;
      };
      const good = await api.validateEmail({ emailId: await send('<!DOCTYPE html><html><body><p>Hello <b>there</b></p><ul><li>one<li>two</ul></body></html>') });
      assert.deepEqual(good.html?.errors, []);
      assert.equal(good.html?.isValid, true);

      const brokenId = await send('<!DOCTYPE html>\n<html><body>\n<div><b>bold</div>\n</span>\n<table><tr><td>cell</table>\n<section>never closed\n</body></html>');
      const broken = await api.validateEmail({ emailId: brokenId });
      assert.equal(broken.emailId, brokenId);
      assert.equal(broken.html?.isValid, false);
      const errors = broken.html!.errors.map((e) => `${e.lineNumber}: ${e.message}`);
      assert.ok(errors.includes("3: close-order: Unclosed element '<b>' (column 7)"), errors.join('\n'));
      assert.ok(errors.includes("4: close-order: Stray end tag '</span>' (column 2)"), errors.join('\n'));
      assert.ok(errors.includes("6: close-order: Unclosed element '<section>' (column 2)"), errors.join('\n'));
      assert.ok(!errors.some((e) => /<t[rd]>/.test(e)), `</table> closes the open <td> and <tr>:\n${errors.join('\n')}`);

      const text = await api.validateEmail({ emailId: await send(null) });
      assert.equal(text.html?.isValid, true);
      assert.match(text.html?.infos[0]?.message ?? '', /no HTML body/);
    });

    test('importEmailIntoInbox (base64 JSON): stored byte for byte, parsed, and seen by a waiting getLatestEmailInInbox', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const waiting = tenant.inboxApi.getLatestEmailInInbox({ inboxId: inbox.id, timeoutMillis: 10_000 });
      const imported = await tenant.inboxApi.importEmailIntoInbox({
        inboxId: inbox.id, importEmailOptions: { rawEmailBase64: ATTACHMENTS_EML.toString('base64') },
      });
      assert.equal(imported.inboxId, inbox.id);
      assert.equal(imported.subject, 'Invoice INV-2024-0042 and supporting files');
      assert.equal(imported.attachments?.length, 6);
      assert.deepEqual(imported.to, ['inbox@pigeonhole.test'], 'the To header is kept, whatever the inbox');
      assert.equal((await waiting).id, imported.id, 'the waiter is woken by the import');
      assert.ok((await rawBytes(server, tenant, imported.id)).equals(ATTACHMENTS_EML), 'byte for byte');
    });

    test('importEmailIntoInboxBytes: 8-bit KOI8-R bytes (as a Blob) and a string body (JSON-quoted by the client) are stored exactly', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const fromBlob = await tenant.inboxApi.importEmailIntoInboxBytes({ inboxId: inbox.id, body: new Blob([KOI8_EML]) as unknown as string });
      assert.equal(fromBlob.subject, 'Отчёт за май');
      assert.ok((await rawBytes(server, tenant, fromBlob.id)).equals(KOI8_EML), 'byte for byte, high bytes included');

      const fromString = await tenant.inboxApi.importEmailIntoInboxBytes({ inboxId: inbox.id, body: PLAIN_EML.toString('utf8') });
      assert.equal(fromString.subject, 'Lunch on Thursday?');
      assert.ok((await rawBytes(server, tenant, fromString.id)).equals(PLAIN_EML));
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 2);
    });

    test('importEmailIntoInboxMultipart: the uploaded .eml in field "file" is stored byte for byte', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const imported = await tenant.inboxApi.importEmailIntoInboxMultipart({
        inboxId: inbox.id, file: new Blob([ALTERNATIVE_EML], { type: 'message/rfc822' }),
      });
      assert.equal(imported.subject, 'Photos from the weekend');
      assert.match(imported.body ?? '', /The one at the <b>lake<\/b> is my favourite\./);
      assert.ok((await rawBytes(server, tenant, imported.id)).equals(ALTERNATIVE_EML));
    });

    test('imports: overrideMessageId changes only the Message-ID; bad input is 400; another tenant and an expired inbox are refused', async () => {
      const inbox = await tenant.mailslurp.createInbox();
      const renamed = await tenant.inboxApi.importEmailIntoInboxBytes({ inboxId: inbox.id, body: new Blob([PLAIN_EML]) as unknown as string, overrideMessageId: true });
      const original = /^Message-ID: (.*)\r\n/m.exec(PLAIN_EML.toString('latin1'))![1]!;
      assert.notEqual(`<${renamed.messageId}>`, original);
      const stored = (await rawBytes(server, tenant, renamed.id)).toString('latin1');
      assert.equal(stored, PLAIN_EML.toString('latin1').replace(original, `<${renamed.messageId}>`));

      for (const [rawEmailBase64, message] of [['', /empty/], [Buffer.from('just some words').toString('base64'), /header field/], ['***', /base64/]] as const) {
        const response = await tenant.fetch(`/inboxes/${inbox.id}/emails/import`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rawEmailBase64 }),
        });
        assert.equal(response.status, 400, rawEmailBase64);
        assert.match(((await response.json()) as { message: string }).message, message);
      }
      const noFile = await tenant.fetch(`/inboxes/${inbox.id}/emails/import/multipart`, { method: 'POST', body: new FormData() });
      assert.equal(noFile.status, 400);
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: inbox.id })).totalElements, 1, 'refused imports store nothing');

      const other = await server.createTenant();
      assert.equal(await statusOf(other.inboxApi.importEmailIntoInbox({ inboxId: inbox.id, importEmailOptions: { rawEmailBase64: PLAIN_EML.toString('base64') } })), 404);

      const expiring = await tenant.inboxApi.createInbox({ expiresIn: 60_000 });
      skew += 120_000;
      const expired = await tenant.fetch(`/inboxes/${expiring.id}/emails/import/raw`, { method: 'POST', headers: { 'content-type': 'message/rfc822' }, body: PLAIN_EML });
      assert.equal(expired.status, 400);
      assert.match(((await expired.json()) as { message: string }).message, /expired/);
    });

    test('sendEmailSourceOptional: from the inbox given, or from a new inbox when none is given', async () => {
      const api = emailApi(server, tenant);
      const a = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      await api.sendEmailSourceOptional({ inboxId: a.id, sendEmailOptions: { to: [b.emailAddress], subject: 'with inbox', body: 'x' } });
      const first = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: b.id, timeoutMillis: 5000 });
      assert.deepEqual([first.subject, first.from], ['with inbox', a.emailAddress]);

      const existing = new Set((await tenant.inboxApi.getInboxIds()).inboxIds!.map((i) => i.id));
      await api.sendEmailSourceOptional({ sendEmailOptions: { to: [b.emailAddress], subject: 'without inbox', body: 'y' } });
      const made = (await tenant.inboxApi.getInboxes({})).filter((i) => !existing.has(i.id));
      assert.equal(made.length, 1, 'a new inbox was made for the send');
      assert.equal(made[0]!.virtualInbox, false);
      const second = (await tenant.inboxApi.getEmails({ inboxId: b.id })).find((e) => e.subject === 'without inbox');
      assert.equal(second?.from, made[0]!.emailAddress, 'sent from the new inbox');

      await api.sendEmailSourceOptional({ virtualSend: true, sendEmailOptions: { to: [b.emailAddress], subject: 'virtual', body: 'z' } });
      const virtual = (await tenant.inboxApi.getInboxes({})).find((i) => i.virtualInbox)!;
      assert.ok(virtual, 'virtualSend makes a virtual inbox');
      assert.equal((await tenant.inboxApi.getInboxSentCount({ inboxId: virtual.id })).totalElements, 1);
      assert.equal((await tenant.inboxApi.getInboxEmailCount({ inboxId: b.id })).totalElements, 2, 'a virtual send delivers nothing');

      const count = (await tenant.inboxApi.getInboxCount()).totalElements;
      assert.equal(await statusOf(api.sendEmailSourceOptional({ sendEmailOptions: { to: ['not an address'] } })), 400);
      assert.equal((await tenant.inboxApi.getInboxCount()).totalElements, count, 'a refused send leaves no inbox behind');
    });

    test("getDeliveryStatusesByInboxId: a page of the inbox's own recipients' statuses, with the subject", async () => {
      const a = await tenant.mailslurp.createInbox();
      const other = await tenant.mailslurp.createInbox();
      const b = await tenant.mailslurp.createInbox();
      await tenant.mailslurp.sendEmail(a.id, { to: [b.emailAddress, 'far@example.com'], subject: 'status one', body: 'x' });
      await tenant.mailslurp.sendEmail(a.id, { to: [b.emailAddress], subject: 'status two', body: 'x' });
      await tenant.mailslurp.sendEmail(other.id, { to: [b.emailAddress], subject: 'not a', body: 'x' });
      const page = await tenant.inboxApi.getDeliveryStatusesByInboxId({ inboxId: a.id, sort: 'ASC' as never });
      assert.equal(page.totalElements, 3);
      assert.ok(page.content!.every((s) => s.inboxId === a.id));
      assert.deepEqual(
        page.content!.map((s) => `${s.subject}:${s.recipients?.join(',')}:${s.smtpStatusCode ?? '-'}`).sort(),
        [`status one:${b.emailAddress}:250`, 'status one:far@example.com:-', `status two:${b.emailAddress}:250`].sort(),
      );
      const second = await tenant.inboxApi.getDeliveryStatusesByInboxId({ inboxId: a.id, size: 2, page: 1 });
      assert.deepEqual([second.content?.length, second.totalPages], [1, 2]);
      const other2 = await server.createTenant();
      assert.equal(await statusOf(other2.inboxApi.getDeliveryStatusesByInboxId({ inboxId: a.id })), 404);
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

    test('forwardEmail to a remote address goes through the relay, from the inbox, with the attachments', async () => {
      const a = await tenant.mailslurp.createInbox();
      await deliver(server, a.emailAddress, ATTACHMENTS_EML);
      const original = await tenant.inboxApi.getLatestEmailInInbox({ inboxId: a.id, timeoutMillis: 5000 });
      const sent = await emailApi(server, tenant).forwardEmail({ emailId: original.id, forwardEmailOptions: { to: ['partner@example.com'] } });
      assert.equal(relay.received.length, 1);
      const message = relay.received[0]!;
      assert.deepEqual([message.from, message.to], [a.emailAddress, ['partner@example.com']]);
      const text = message.raw.toString('latin1');
      assert.match(text, /^Subject: Fwd: Invoice INV-2024-0042 and supporting files\r$/m);
      assert.match(text, /filename="?Invoice INV-2024-0042\.pdf/);
      assert.match(text, /filename="?chart\.png/);
      const statuses = await tenant.inboxApi.getDeliveryStatusesByInboxId({ inboxId: a.id });
      assert.deepEqual(statuses.content?.map((s) => [s.sentId, s.smtpStatusCode]), [[sent.id, 250]]);
    });
  });
});
