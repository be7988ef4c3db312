import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  CreateInboxReplierOptionsFieldEnum as Field, GetInboxRepliersSortEnum, InboxReplierEventProjectionStatusEnum as Status, UpdateInboxReplierOptionsFieldEnum as UpdateField,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { refusal } from '../helpers/client-errors.js';
import { smtpTransport } from '../helpers/smtp.js';
import { openEventStream } from '../helpers/event-stream.js';

describeEachDialect('inbox repliers', (dialect) => {
  let server: TestServer;
  let alice: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    alice = await server.createTenant();
  });
  after(() => server?.close());

  test('create, get, list, update, switch off and on (only the flag), delete one and all; bad settings are 400s', async () => {
    const api = alice.mailslurp.inboxReplierController;
    const inbox = await alice.mailslurp.createInbox();
    const other = await alice.mailslurp.createInbox();
    const created = await api.createNewInboxReplier({
      createInboxReplierOptions: {
        inboxId: inbox.id, name: 'Away', field: Field.SENDER, match: '*@example.com', subject: 'Out of office', body: 'Back Monday',
        from: 'Alice Away', replyTo: 'desk@example.com', charset: 'UTF-8',
      },
    });
    assert.deepEqual(
      [created.inboxId, created.name, created.field, created.match, created.should, created.subject, created.from, created.replyTo, created.isHTML, created.ignoreReplyTo],
      [inbox.id, 'Away', 'SENDER', '*@example.com', 'WILDCARD', 'Out of office', 'Alice Away', 'desk@example.com', false, false],
    );
    assert.deepEqual(await api.getInboxReplier({ id: created.id }), created);
    const second = await api.createNewInboxReplier({ createInboxReplierOptions: { inboxId: other.id, match: '*', body: 'Thanks' } });
    assert.deepEqual((await api.getInboxRepliers({ inboxId: other.id })).content?.map((r) => r.id), [second.id]);
    assert.deepEqual((await api.getInboxRepliers({ sort: GetInboxRepliersSortEnum.DESC })).content?.map((r) => r.id), [second.id, created.id]);
    assert.equal((await api.getInboxRepliers({ since: new Date(Date.now() + 60_000) })).totalElements, 0);

    const updated = await api.updateInboxReplier({
      id: created.id,
      updateInboxReplierOptions: { inboxId: inbox.id, field: UpdateField.SUBJECT, match: '*urgent*', body: '<p>Call me</p>', isHTML: true, ignoreReplyTo: true },
    });
    assert.deepEqual([updated.id, updated.field, updated.match, updated.isHTML, updated.ignoreReplyTo, updated.subject ?? null], [created.id, 'SUBJECT', '*urgent*', true, true, null]);

    const toggle = async (active: boolean) => {
      const response = await alice.fetch(`/repliers/${created.id}/active`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ active }) });
      assert.equal(response.status, 200);
      return (await response.json()) as Record<string, unknown>;
    };
    const off = await toggle(false);
    assert.equal(off.active, false);
    assert.deepEqual({ ...off, active: true }, await (await alice.fetch(`/repliers/${created.id}/active`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"active":true}' })).json(),
      'PUT /repliers/{id}/active changes the flag and nothing else');

    const bad = (options: object) => refusal(api.createNewInboxReplier({ createInboxReplierOptions: options as never }));
    assert.match((await bad({ match: '*', body: 'x' })).message, /inboxId is required/);
    assert.match((await bad({ inboxId: inbox.id, match: '*' })).message, /Give body or templateId/);
    assert.match((await bad({ inboxId: inbox.id, match: '*', body: 'x', charset: 'ISO-8859-1' })).message, /charset 'ISO-8859-1' is not supported/);
    assert.match((await bad({ inboxId: inbox.id, match: '*', body: 'x', from: 'someone@else.example' })).message, /from must be a display name or the inbox's own address/);
    assert.match((await bad({ inboxId: inbox.id, match: '*', templateId: randomUUID() })).message, /is not a template of yours/);
    assert.equal((await bad({ inboxId: randomUUID(), match: '*', body: 'x' })).status, 404);

    await api.deleteInboxReplier({ id: created.id });
    assert.equal((await refusal(api.getInboxReplier({ id: created.id }))).status, 404);
    assert.equal((await refusal(api.deleteInboxReplier({ id: created.id }))).status, 404);
    await api.deleteInboxRepliers({ inboxId: other.id });
    assert.equal((await api.getInboxRepliers({})).totalElements, 0);
  });

  test('over SMTP: a sender that is an inbox here gets one threaded Auto-Submitted reply per window; auto-replies and bulk mail get none', async () => {
    const api = alice.mailslurp.inboxReplierController;
    const desk = await alice.mailslurp.createInbox();
    const customer = await alice.mailslurp.createInbox();
    const template = await alice.mailslurp.templateController.createTemplate({ createTemplateOptions: { name: 'ack', content: 'Hello, {{team}} will answer soon' } });
    const replier = await api.createNewInboxReplier({
      createInboxReplierOptions: {
        inboxId: desk.id, match: '*', subject: 'We got your message', templateId: template.id, templateVariables: { team: 'Support' } as never, from: 'Help Desk',
      },
    });
    // the customer's own replier: the desk's auto-reply must not set it off (RFC 3834)
    const customerReplier = await api.createNewInboxReplier({ createInboxReplierOptions: { inboxId: customer.id, match: '*', body: 'I am away' } });

    const stream = await openEventStream(server, alice);
    // events of the two repliers may come in either order: those of the other one wait their turn here
    const held: Array<Awaited<ReturnType<typeof stream.next>>> = [];
    const nextReplierEvent = async (replierId: string) => {
      const waiting = held.findIndex((e) => e.data.replierId === replierId);
      if (waiting >= 0) return held.splice(waiting, 1)[0]!;
      for (;;) {
        const event = await stream.next('replier.event');
        if (event.data.replierId === replierId) return event;
        held.push(event);
      }
    };
    const transport = smtpTransport(server);
    try {
      await transport.sendMail({ from: customer.emailAddress, to: desk.emailAddress, subject: 'Broken login', text: 'help', messageId: '<first@customer.example>' });
      const replied = await nextReplierEvent(replier.id);
      assert.equal(replied.data.status, 'SUCCESS');
      const reply = await alice.mailslurp.waitForLatestEmail(customer.id, 10_000);
      assert.deepEqual([reply.subject, reply.from, reply.body?.trim()], ['We got your message', desk.emailAddress, 'Hello, Support will answer soon']);
      assert.equal(reply.headers?.['Auto-Submitted'], 'auto-replied');
      assert.equal(reply.headers?.['In-Reply-To'], '<first@customer.example>');
      const skipped = await nextReplierEvent(customerReplier.id);
      assert.equal(skipped.data.status, 'FAILURE');
      const customerEvents = await api.getInboxReplierEvents({ id: customerReplier.id });
      assert.match(customerEvents.content![0]!.message ?? '', /Not replied: the message is automatic \(Auto-Submitted: auto-replied\)/);

      // a second message within the window: no second reply
      await transport.sendMail({ from: customer.emailAddress, to: desk.emailAddress, subject: 'Still broken', text: 'hello?' });
      const second = await nextReplierEvent(replier.id);
      assert.equal(second.data.status, 'FAILURE');

      // bulk mail from someone else is never answered
      await transport.sendMail({ from: 'news@example.com', to: desk.emailAddress, subject: 'Newsletter', text: 'news', headers: { Precedence: 'bulk' } });
      const bulk = await nextReplierEvent(replier.id);
      assert.equal(bulk.data.status, 'FAILURE');
    } finally {
      await stream.close();
    }
    const events = await api.getInboxReplierEvents({ id: replier.id });
    assert.equal(events.totalElements, 3);
    const [success, windowed, bulk] = events.content!;
    assert.deepEqual([success!.status, success!.recipients, success!.replierId, success!.inboxId, success!.userId], [Status.SUCCESS, [customer.emailAddress], replier.id, desk.id, alice.userId]);
    const sent = await alice.mailslurp.sentController.getSentEmail({ id: success!.sentId! });
    assert.deepEqual(sent.to, [customer.emailAddress]);
    assert.match(windowed!.message ?? '', new RegExp(`Not replied: ${customer.emailAddress} was already answered by this replier within the last 24 hours`));
    assert.match(bulk!.message ?? '', /the message is bulk mail \(Precedence: bulk\)/);
    assert.equal((await alice.mailslurp.inboxController.getEmails({ inboxId: customer.id })).length, 1, 'one reply reached the customer');

    const all = await api.getAllInboxReplierEvents({ sentId: success!.sentId! });
    assert.deepEqual(all.content?.map((e) => e.id), [success!.id]);
    assert.equal((await api.getAllInboxReplierEvents({ inboxReplierId: customerReplier.id })).totalElements, 1);
    assert.equal((await refusal(api.getInboxReplierEvents({ id: randomUUID() }))).status, 404);
  });

  test('a switched-off replier answers nothing', async () => {
    const api = alice.mailslurp.inboxReplierController;
    const desk = await alice.mailslurp.createInbox();
    const replier = await api.createNewInboxReplier({ createInboxReplierOptions: { inboxId: desk.id, match: '*', body: 'auto' } });
    await alice.fetch(`/repliers/${replier.id}/active`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"active":false}' });
    await smtpTransport(server).sendMail({ from: 'person@example.com', to: desk.emailAddress, subject: 'hi', text: 'hi' });
    await alice.mailslurp.waitForLatestEmail(desk.id, 10_000);
    // nothing was planned with the email (it committed with none), so there is nothing to wait for
    const jobs = await api.getInboxReplierEvents({ id: replier.id });
    assert.equal(jobs.totalElements, 0);
  });
});
