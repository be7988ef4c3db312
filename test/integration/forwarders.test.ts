import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CreateInboxForwarderOptionsFieldEnum as Field, CreateInboxForwarderOptionsShouldEnum as Should, GetInboxForwardersSortEnum,
  InboxAutomationMatchOptionFieldEnum as LeafField, InboxAutomationMatchOptionShouldEnum as LeafShould,
  InboxAutomationMatchOptionsOperatorEnum as Operator, InboxForwarderEventProjectionStatusEnum as Status,
} from 'mailslurp-client';
import { MailSlurp } from 'mailslurp-client';
import { startServer } from '../../src/main.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { smtpTransport } from '../helpers/smtp.js';
import { openEventStream } from '../helpers/event-stream.js';

describeEachDialect('inbox forwarders', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(() => server?.close());

  test('create, get, list (by inbox, search, sort), update, delete one and all; bad rules are 400s naming the problem', async () => {
    const api = alice.mailslurp.inboxForwarderController;
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    const created = await api.createNewInboxForwarder({
      inboxId: inbox.id,
      createInboxForwarderOptions: { field: Field.SUBJECT, match: '*invoice*', forwardToRecipients: ['books@example.com'] },
    });
    assert.deepEqual(
      [created.inboxId, created.field, created.match, created.should, created.forwardToRecipients, created.matchOptions ?? null],
      [inbox.id, 'SUBJECT', '*invoice*', 'WILDCARD', ['books@example.com'], null],
    );
    assert.deepEqual(await api.getInboxForwarder({ id: created.id }), created);
    const second = await api.createNewInboxForwarder({
      inboxId: other.id,
      createInboxForwarderOptions: { field: Field.SENDER, should: Should.CONTAIN, match: 'boss', forwardToRecipients: ['me@example.com'] },
    });
    const byInbox = await api.getInboxForwarders({ inboxId: other.id });
    assert.deepEqual([byInbox.content?.map((f) => f.id), byInbox.totalElements], [[second.id], 1]);
    const sorted = await api.getInboxForwarders({ sort: GetInboxForwardersSortEnum.DESC });
    assert.deepEqual(sorted.content?.map((f) => f.id), [second.id, created.id]);
    const searched = await api.getInboxForwarders({ searchFilter: 'INVOICE' });
    assert.deepEqual(searched.content?.map((f) => f.id), [created.id]);

    const updated = await api.updateInboxForwarder({
      id: created.id,
      createInboxForwarderOptions: {
        field: Field.SENDER, match: '*@example.org', forwardToRecipients: ['a@example.com', 'b@example.com'],
        matchOptions: { operator: Operator.OR, matches: [{ field: LeafField.SUBJECT, should: LeafShould.EQUAL, value: 'hi' }] },
      },
    });
    assert.deepEqual([updated.id, updated.inboxId, updated.field, updated.forwardToRecipients], [created.id, inbox.id, 'SENDER', ['a@example.com', 'b@example.com']]);
    assert.equal(updated.matchOptions?.matches?.[0]?.value, 'hi');

    const bad = async (options: object, inboxId: string | null = inbox.id) =>
      refusal(alice.fetch(`/forwarders${inboxId ? `?inboxId=${inboxId}` : ''}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) })
        .then(async (r) => { if (r.ok) return r; throw r; }));
    assert.match((await bad({ match: '*', forwardToRecipients: ['x@example.com'] }, null)).message, /inboxId is required/);
    assert.match((await bad({ field: 'SUBJECT', should: 'MATCH', match: '(a+)+$', forwardToRecipients: ['x@example.com'] })).message, /MATCH .* not offered/);
    assert.match((await bad({ field: 'ATTACHMENT_TEXT', match: 'x', forwardToRecipients: ['x@example.com'] })).message, /ATTACHMENT_TEXT is not offered/);
    assert.match((await bad({ field: 'SUBJECT', forwardToRecipients: ['x@example.com'] })).message, /Give match/);
    assert.match((await bad({ match: '*', forwardToRecipients: ['not an address'] })).message, /invalid addresses: not an address/);
    assert.equal((await bad({ match: '*', forwardToRecipients: [] })).status, 400);
    assert.equal((await refusal(api.createNewInboxForwarder({ inboxId: randomUUID(), createInboxForwarderOptions: { match: '*', forwardToRecipients: ['x@example.com'] } }))).status, 404);

    await api.deleteInboxForwarder({ id: created.id });
    assert.equal((await refusal(api.getInboxForwarder({ id: created.id }))).status, 404);
    assert.equal((await refusal(api.deleteInboxForwarder({ id: created.id }))).status, 404);
    await api.createNewInboxForwarder({ inboxId: inbox.id, createInboxForwarderOptions: { match: '*', forwardToRecipients: ['x@example.com'] } });
    await api.deleteInboxForwarders({ inboxId: inbox.id });
    assert.deepEqual((await api.getInboxForwarders({})).content?.map((f) => f.id), [second.id], 'deleteInboxForwarders with inboxId leaves other inboxes alone');
    await api.deleteInboxForwarders({});
    assert.equal((await api.getInboxForwarders({})).totalElements, 0);
  });

  test('the test operations answer what the pipeline matches: test values, stored emails, an inbox, new options', async () => {
    const api = alice.mailslurp.inboxForwarderController;
    const inbox = await alice.mailslurp.createInbox();
    const bySubject = await api.createNewInboxForwarder({
      inboxId: inbox.id, createInboxForwarderOptions: { field: Field.SUBJECT, match: 'Order * shipped', forwardToRecipients: ['x@example.com'] },
    });
    const byAttachment = await api.createNewInboxForwarder({
      inboxId: inbox.id, createInboxForwarderOptions: { field: Field.ATTACHMENTS, match: '*.PDF', forwardToRecipients: ['x@example.com'] },
    });
    assert.deepEqual(await api.testInboxForwarder({ id: bySubject.id, inboxForwarderTestOptions: { testValue: 'order 42 SHIPPED' } }),
      { matches: { [bySubject.id]: true }, doesMatch: true });
    assert.deepEqual(await api.testInboxForwarder({ id: bySubject.id, inboxForwarderTestOptions: { testValue: 'Order 42 delayed' } }),
      { matches: { [bySubject.id]: false }, doesMatch: false });

    // a real message, matched as stored: its subject does not match, its attachment name does
    await smtpTransport(server).sendMail({
      from: 'shop@example.com', to: inbox.emailAddress, subject: 'Your receipt', text: 'attached',
      attachments: [{ filename: 'receipt.pdf', content: Buffer.from('%PDF-1.4') }],
    });
    const email = await alice.mailslurp.waitForLatestEmail(inbox.id, 10_000);
    const forInbox = await api.testInboxForwardersForInbox({ inboxId: inbox.id, inboxForwarderTestOptions: { emailId: email.id } });
    assert.deepEqual(forInbox, { matches: { [bySubject.id]: false, [byAttachment.id]: true }, doesMatch: true });

    const fresh = await api.testNewInboxForwarder({
      testNewInboxForwarderOptions: {
        createInboxForwarderOptions: {
          field: Field.SENDER, match: '*@example.com', forwardToRecipients: ['x@example.com'],
          matchOptions: { operator: Operator.AND, matches: [{ field: LeafField.SUBJECT, should: LeafShould.CONTAIN, value: 'receipt' }] },
        },
        inboxForwarderTestOptions: { emailId: email.id },
      },
    });
    assert.deepEqual(fresh, { matches: { new: true }, doesMatch: true });
    const missing = await refusal(api.testInboxForwarder({ id: bySubject.id, inboxForwarderTestOptions: {} }));
    assert.equal(missing.status, 400);
    assert.match(missing.message, /testValue .* or emailId/);
    assert.equal((await refusal(api.testInboxForwarder({ id: bySubject.id, inboxForwarderTestOptions: { emailId: randomUUID() } }))).status, 404);
  });

  test('mail received over SMTP that matches is forwarded from the inbox with its body and attachments; events list it', async () => {
    const api = alice.mailslurp.inboxForwarderController;
    const a = await alice.mailslurp.createInbox();
    const b = await alice.mailslurp.createInbox();
    const forwarder = await api.createNewInboxForwarder({
      inboxId: a.id, createInboxForwarderOptions: { field: Field.SUBJECT, match: '*invoice*', forwardToRecipients: [b.emailAddress] },
    });
    const transport = smtpTransport(server);
    const stream = await openEventStream(server, alice, `?inboxId=${a.id}`);
    try {
      // first a message the rule does not match: it stays in A alone
      await transport.sendMail({ from: 'vendor@example.com', to: a.emailAddress, subject: 'Hello', text: 'not forwarded' });
      await transport.sendMail({
        from: 'vendor@example.com', to: a.emailAddress, subject: 'Invoice 7', html: '<p>Please pay <b>40 EUR</b></p>',
        attachments: [{ filename: 'invoice-7.pdf', content: Buffer.from('%PDF-1.4 invoice seven') }],
      });
      // the event is recorded once the send returned (after B received it)
      assert.equal((await stream.next('forwarder.event')).data.status, 'SUCCESS');
    } finally {
      await stream.close();
    }
    const forwarded = await alice.mailslurp.waitForLatestEmail(b.id, 20_000);
    assert.equal(forwarded.subject, 'Fwd: Invoice 7');
    assert.equal(forwarded.from, a.emailAddress, 'forwarded as a new message from the inbox');
    assert.match(forwarded.body ?? '', /Please pay <b>40 EUR<\/b>/);
    assert.equal(forwarded.attachments?.length, 1);
    const meta = await alice.mailslurp.attachmentController.getAttachmentInfo({ attachmentId: forwarded.attachments![0]! });
    assert.equal(meta.name, 'invoice-7.pdf');
    const bytes = await alice.mailslurp.emailController.downloadAttachmentBase64({ emailId: forwarded.id, attachmentId: forwarded.attachments![0]! });
    assert.equal(Buffer.from(bytes.base64FileContents!, 'base64').toString(), '%PDF-1.4 invoice seven');
    assert.equal(forwarded.headers?.['X-Pigeonhole-Forwarded-By'], a.id, 'the loop-detection path names the forwarding inbox');

    const events = await api.getInboxForwarderEvents({ id: forwarder.id });
    assert.equal(events.totalElements, 1, 'one event: the message that matched');
    const event = events.content![0]!;
    assert.equal(event.status, Status.SUCCESS);
    const original = (await alice.mailslurp.inboxController.getEmails({ inboxId: a.id })).find((e) => e.subject === 'Invoice 7')!;
    assert.deepEqual([event.forwarderId, event.inboxId, event.emailId, event.userId], [forwarder.id, a.id, original.id, alice.userId]);
    const sent = await alice.mailslurp.sentController.getSentEmail({ id: event.sentId! });
    assert.deepEqual(sent.to, [b.emailAddress]);
    assert.deepEqual((await api.getForwarderEvent({ eventId: event.id! })).sentId, event.sentId);
    assert.equal((await api.getInboxForwarderEvent({ id: forwarder.id, eventId: event.id! })).id, event.id);
    const all = await api.getAllInboxForwarderEvents({ sentId: event.sentId! });
    assert.deepEqual(all.content?.map((e) => e.id), [event.id]);
    assert.equal((await api.getAllInboxForwarderEvents({ emailId: randomUUID() })).totalElements, 0);
    assert.equal((await refusal(api.getForwarderEvent({ eventId: randomUUID() }))).status, 404);
    assert.equal((await refusal(api.getInboxForwarderEvent({ id: randomUUID(), eventId: event.id! }))).status, 404);
  });

  test('a loop A -> B -> A is stopped at A and recorded as a FAILURE naming the loop; /events streams it', async () => {
    const api = alice.mailslurp.inboxForwarderController;
    const a = await alice.mailslurp.createInbox();
    const b = await alice.mailslurp.createInbox();
    const aToB = await api.createNewInboxForwarder({ inboxId: a.id, createInboxForwarderOptions: { match: '*', forwardToRecipients: [b.emailAddress] } });
    const bToA = await api.createNewInboxForwarder({ inboxId: b.id, createInboxForwarderOptions: { match: '*', forwardToRecipients: [a.emailAddress] } });
    const stream = await openEventStream(server, alice, `?inboxId=${a.id}`);
    try {
      await smtpTransport(server).sendMail({ from: 'someone@example.com', to: a.emailAddress, subject: 'Round and round', text: 'loop?' });
      // the SUCCESS is recorded once the send returns, which may be after the copy that came back was stopped
      const both = [await stream.next('forwarder.event'), await stream.next('forwarder.event')];
      assert.deepEqual(both.map((e) => [e.data.forwarderId, e.data.status]).sort(), [[aToB.id, 'FAILURE'], [aToB.id, 'SUCCESS']]);
    } finally {
      await stream.close();
    }
    const failure = (await api.getInboxForwarderEvents({ id: aToB.id })).content!.find((e) => e.status === Status.FAILURE)!;
    assert.match(failure.message ?? '', new RegExp(`Forwarding loop stopped: .*already forwarded by inbox ${a.id} \\(path ${a.id} -> ${b.id} -> ${a.id}\\)`));
    assert.equal(failure.sentId ?? null, null);
    const bEvents = await api.getInboxForwarderEvents({ id: bToA.id });
    assert.deepEqual(bEvents.content?.map((e) => e.status), ['SUCCESS'], 'B forwarded once');
    assert.equal((await alice.mailslurp.inboxController.getEmails({ inboxId: a.id })).length, 2, 'A holds the original and the copy that came back');
    assert.equal((await alice.mailslurp.inboxController.getEmails({ inboxId: b.id })).length, 1);

    // forwarding to itself stops at the first return too
    const self = await alice.mailslurp.createInbox();
    const selfForwarder = await api.createNewInboxForwarder({ inboxId: self.id, createInboxForwarderOptions: { match: '*', forwardToRecipients: [self.emailAddress] } });
    const selfStream = await openEventStream(server, alice, `?inboxId=${self.id}`);
    try {
      await smtpTransport(server).sendMail({ from: 'someone@example.com', to: self.emailAddress, subject: 'Me again', text: 'self' });
      const both = [await selfStream.next('forwarder.event'), await selfStream.next('forwarder.event')];
      assert.deepEqual(both.map((e) => e.data.status).sort(), ['FAILURE', 'SUCCESS']);
    } finally {
      await selfStream.close();
    }
    assert.equal((await api.getInboxForwarderEvents({ id: selfForwarder.id })).totalElements, 2);
  });

  test('a forward still pending when the server stops is sent by the next start (the job is durable)', async () => {
    const first = await startTestServer(dialect);
    let second: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const carol = await first.createTenant();
      const a = await carol.mailslurp.createInbox();
      const b = await carol.mailslurp.createInbox();
      await carol.mailslurp.inboxForwarderController.createNewInboxForwarder({
        inboxId: a.id, createInboxForwarderOptions: { match: '*', forwardToRecipients: [b.emailAddress] },
      });
      // no worker on this node: the job the email sets off waits in the database
      await first.server.automationJobs.stop();
      await smtpTransport(first).sendMail({ from: 'someone@example.com', to: a.emailAddress, subject: 'Survives', text: 'restart' });
      const jobs = await first.server.store.repos.automationJobs.page(carol.userId, { kinds: ['forward'] }, { page: 0, size: 10, sort: 'ASC' });
      assert.deepEqual(jobs.items.map((j) => j.state), ['pending'], 'the forward was committed with the email, not yet run');
      await first.server.close();

      second = await startServer(first.config, { store: first.db.store });
      const client = new MailSlurp({ apiKey: carol.apiKey, basePath: second.url });
      const forwarded = await client.waitForLatestEmail(b.id, 20_000);
      assert.equal(forwarded.subject, 'Fwd: Survives');
    } finally {
      await second?.close();
      await first.db.cleanup();
    }
  });
});
