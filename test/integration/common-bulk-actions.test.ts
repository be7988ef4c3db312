import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  BulkActionsControllerApi, CommonActionsControllerApi, Configuration, CreateRandomInboxInboxTypeEnum, EmailControllerApi,
  SentEmailsControllerApi, WaitForControllerApi, type InboxDto,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

/**
 * CommonActionsController (createRandomInbox, createNewEmailAddress, deleteEmailAddress,
 * emptyInbox, sendEmailSimple, sendEmailQuery) and BulkActionsController (bulkCreateInboxes,
 * bulkDeleteInboxes, bulkSendEmails), each through the official client's generated API with
 * only basePath changed: success status and model as the client reads them, and the errors
 * (unknown inbox and another tenant's inbox 404, bad input 400 naming the field).
 */

interface Apis {
  common: CommonActionsControllerApi;
  bulk: BulkActionsControllerApi;
  emails: EmailControllerApi;
  sent: SentEmailsControllerApi;
  wait: WaitForControllerApi;
}

describeEachDialect('CommonActionsController and BulkActionsController', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let other: Tenant;
  let api: Apis;
  let otherApi: Apis;
  /** the other tenant's inbox, with one email in it */
  let foreign: InboxDto;

  const apisOf = (t: Tenant): Apis => {
    const configuration = new Configuration({ apiKey: t.apiKey, basePath: server.url });
    return {
      common: new CommonActionsControllerApi(configuration),
      bulk: new BulkActionsControllerApi(configuration),
      emails: new EmailControllerApi(configuration),
      sent: new SentEmailsControllerApi(configuration),
      wait: new WaitForControllerApi(configuration),
    };
  };

  async function deliver(to: string, subject: string): Promise<void> {
    const transport = smtpTransport(server);
    try {
      const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [to] }, raw: rawMessage({ to, subject, body: 'hello' }) });
      assert.match(String(info.response), /^250 /);
    } finally {
      transport.close();
    }
  }

  const inboxIds = async (t: Tenant) => ((await t.inboxApi.getInboxIds()).inboxIds ?? []).map((i) => i.id).sort();
  const emailCount = async (t: Tenant, inboxId: string) => (await t.inboxApi.getInboxEmailCount({ inboxId })).totalElements;
  const sentCount = async (t: Tenant) => (await apisOf(t).sent.getSentEmails({})).totalElements;

  /** The error answer of a call through the client (it throws the Response). */
  async function errorOf(call: Promise<unknown>): Promise<{ status: number; message: string }> {
    try {
      await call;
    } catch (err) {
      if (err instanceof Response) return { status: err.status, message: ((await err.json()) as { message: string }).message };
      throw err;
    }
    assert.fail('the call succeeded');
  }

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    other = await server.createTenant();
    api = apisOf(tenant);
    otherApi = apisOf(other);
    foreign = await other.mailslurp.createInbox();
    await deliver(foreign.emailAddress, 'not yours');
  });
  after(() => server.close());

  // ------------------------------------------------------------------ CommonActionsController

  test('createRandomInbox: 201 and an InboxDto, with the createInbox options as query parameters', async () => {
    const response = await api.common.createRandomInboxRaw({});
    assert.equal(response.raw.status, 201);
    const plain = await response.value();
    assert.ok(plain.id && plain.emailAddress.endsWith('@pigeonhole.test'));
    assert.equal(plain.userId, tenant.userId);
    assert.deepEqual(await tenant.inboxApi.getInbox({ inboxId: plain.id }), plain);

    const shaped = await api.common.createRandomInbox({
      name: 'common one', description: 'made by createRandomInbox', tags: ['common', 'random'], favourite: true,
      inboxType: CreateRandomInboxInboxTypeEnum.SMTP_INBOX, expiresIn: 3_600_000,
    });
    assert.equal(shaped.name, 'common one');
    assert.equal(shaped.description, 'made by createRandomInbox');
    assert.deepEqual([...shaped.tags!].sort(), ['common', 'random']);
    assert.equal(shaped.favourite, true);
    assert.equal(shaped.inboxType, 'SMTP', 'inboxType as InboxDto shows it (src/modules/inbox/inbox.schemas.ts)');
    assert.ok(shaped.expiresAt && shaped.expiresAt.getTime() > Date.now());
  });

  test('createNewEmailAddress: 201 and an InboxDto; a given address is used, a taken one is 409', async () => {
    const address = `common-${randomUUID().slice(0, 8)}@pigeonhole.test`;
    const response = await api.common.createNewEmailAddressRaw({ emailAddress: address, name: 'new address' });
    assert.equal(response.raw.status, 201);
    const inbox = await response.value();
    assert.equal(inbox.emailAddress, address);
    assert.equal(inbox.name, 'new address');
    assert.equal((await tenant.inboxApi.getInbox({ inboxId: inbox.id })).emailAddress, address);
    const taken = await errorOf(otherApi.common.createNewEmailAddress({ emailAddress: address }));
    assert.equal(taken.status, 409);
    assert.match(taken.message, /already in use/);
    const bad = await errorOf(api.common.createNewEmailAddress({ expiresIn: -5 }));
    assert.equal(bad.status, 400);
  });

  test('deleteEmailAddress: 204 and the inbox is gone; unknown and foreign inboxes are 404', async () => {
    const inbox = await api.common.createRandomInbox({});
    const response = await api.common.deleteEmailAddressRaw({ inboxId: inbox.id });
    assert.equal(response.raw.status, 204);
    assert.equal(await statusOf(tenant.inboxApi.getInbox({ inboxId: inbox.id })), 404);
    assert.equal(await statusOf(api.common.deleteEmailAddress({ inboxId: inbox.id })), 404, 'deleted twice');

    const unknown = randomUUID();
    const missing = await errorOf(api.common.deleteEmailAddress({ inboxId: unknown }));
    assert.equal(missing.status, 404);
    const foreignReply = await errorOf(api.common.deleteEmailAddress({ inboxId: foreign.id }));
    assert.equal(foreignReply.status, 404);
    assert.equal(foreignReply.message.replace(foreign.id, '<id>'), missing.message.replace(unknown, '<id>'), 'as for a missing inbox');
    assert.equal((await other.inboxApi.getInbox({ inboxId: foreign.id })).id, foreign.id, "the other tenant's inbox is still there");

    const notUuid = await fetch(`${server.url}/deleteEmailAddress?inboxId=nope`, { method: 'DELETE', headers: { 'x-api-key': tenant.apiKey } });
    assert.equal(notUuid.status, 400);
    assert.match(((await notUuid.json()) as { message: string }).message, /inboxId/);
  });

  test('emptyInbox: 204, the emails are gone and the inbox stays; unknown and foreign inboxes are 404', async () => {
    const inbox = await api.common.createRandomInbox({});
    await deliver(inbox.emailAddress, 'one');
    await deliver(inbox.emailAddress, 'two');
    assert.equal(await emailCount(tenant, inbox.id), 2);
    const response = await api.common.emptyInboxRaw({ inboxId: inbox.id });
    assert.equal(response.raw.status, 204);
    assert.equal(await emailCount(tenant, inbox.id), 0);
    assert.equal((await tenant.inboxApi.getInbox({ inboxId: inbox.id })).id, inbox.id, 'the inbox itself stays');

    assert.equal(await statusOf(api.common.emptyInbox({ inboxId: randomUUID() })), 404);
    assert.equal(await statusOf(api.common.emptyInbox({ inboxId: foreign.id })), 404);
    assert.equal(await emailCount(other, foreign.id), 1, "the other tenant's email is still there");
  });

  test('sendEmailSimple from senderId: 201, delivered with subject and body; an HTML body is sent as HTML', async () => {
    const sender = await api.common.createRandomInbox({});
    const recipient = await api.common.createRandomInbox({});
    const response = await api.common.sendEmailSimpleRaw({
      simpleSendEmailOptions: { senderId: sender.id, to: recipient.emailAddress, subject: 'simple html', body: '<p>Hello <b>there</b></p>' },
    });
    assert.equal(response.raw.status, 201);
    const email = await api.wait.waitForLatestEmail({ inboxId: recipient.id, timeout: 10_000 });
    assert.equal(email.subject, 'simple html');
    assert.equal(email.from, sender.emailAddress);
    assert.equal(email.isHTML, true);
    assert.equal((await api.emails.getEmailHTML({ emailId: email.id })).trimEnd(), '<p>Hello <b>there</b></p>');

    await api.common.sendEmailSimple({ simpleSendEmailOptions: { senderId: sender.id, to: recipient.emailAddress, subject: 'simple text', body: 'a < b and c > d' } });
    const text = await api.wait.waitForLatestEmail({ inboxId: recipient.id, timeout: 10_000, since: email.createdAt });
    assert.equal(text.subject, 'simple text');
    assert.equal(text.isHTML, false);
    assert.equal(text.body?.trim(), 'a < b and c > d');
  });

  test('sendEmailSimple without senderId sends from a new inbox of the caller; a refused send leaves none', async () => {
    const recipient = await api.common.createRandomInbox({});
    const before = await inboxIds(tenant);
    await api.common.sendEmailSimple({ simpleSendEmailOptions: { to: recipient.emailAddress, subject: 'from a new inbox', body: 'hi' } });
    const after = await inboxIds(tenant);
    const made = after.filter((id) => !before.includes(id));
    assert.equal(made.length, 1, 'one inbox was made for the send');
    const newInbox = await tenant.inboxApi.getInbox({ inboxId: made[0]! });
    const email = await api.wait.waitForLatestEmail({ inboxId: recipient.id, timeout: 10_000 });
    assert.equal(email.from, newInbox.emailAddress);
    assert.equal(email.subject, 'from a new inbox');

    const refused = await errorOf(api.common.sendEmailSimple({ simpleSendEmailOptions: { to: 'not an address', body: 'x' } }));
    assert.equal(refused.status, 400);
    assert.match(refused.message, /invalid addresses: not an address/);
    assert.deepEqual(await inboxIds(tenant), after, 'the refused send left no inbox behind');
  });

  test('sendEmailSimple errors: unknown and foreign senderId 404, missing to 400', async () => {
    const recipient = await api.common.createRandomInbox({});
    assert.equal(await statusOf(api.common.sendEmailSimple({ simpleSendEmailOptions: { senderId: randomUUID(), to: recipient.emailAddress } })), 404);
    const sentBefore = await sentCount(other);
    assert.equal(await statusOf(api.common.sendEmailSimple({ simpleSendEmailOptions: { senderId: foreign.id, to: recipient.emailAddress } })), 404);
    assert.equal(await sentCount(other), sentBefore, "nothing was sent from the other tenant's inbox");
    const noTo = await tenant.fetch('/sendEmail', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'x' }) });
    assert.equal(noTo.status, 400);
    assert.match(((await noTo.json()) as { message: string }).message, /'to' is required/);
  });

  test('sendEmailQuery: 201, the same send from query parameters; errors as sendEmailSimple', async () => {
    const sender = await api.common.createRandomInbox({});
    const recipient = await api.common.createRandomInbox({});
    const response = await api.common.sendEmailQueryRaw({ senderId: sender.id, to: recipient.emailAddress, subject: 'by query & more', body: 'body via query' });
    assert.equal(response.raw.status, 201);
    const email = await api.wait.waitForLatestEmail({ inboxId: recipient.id, timeout: 10_000 });
    assert.equal(email.subject, 'by query & more');
    assert.equal(email.from, sender.emailAddress);
    assert.equal(email.body?.trim(), 'body via query');

    const before = await inboxIds(tenant);
    await api.common.sendEmailQuery({ to: recipient.emailAddress, subject: 'query, no sender' });
    assert.equal((await inboxIds(tenant)).length, before.length + 1, 'a new inbox sent it');

    assert.equal(await statusOf(api.common.sendEmailQuery({ senderId: randomUUID(), to: recipient.emailAddress })), 404);
    assert.equal(await statusOf(api.common.sendEmailQuery({ senderId: foreign.id, to: recipient.emailAddress })), 404);
    const noTo = await tenant.fetch(`/sendEmailQuery?senderId=${sender.id}`, { method: 'POST' });
    assert.equal(noTo.status, 400);
    assert.match(((await noTo.json()) as { message: string }).message, /query parameter 'to' is required/);
  });

  // ------------------------------------------------------------------ BulkActionsController

  test('bulkCreateInboxes: 201 and count InboxDtos, all the caller\'s; count outside 1..100 is 400', async () => {
    const before = await inboxIds(tenant);
    const response = await api.bulk.bulkCreateInboxesRaw({ count: 3 });
    assert.equal(response.raw.status, 201);
    const made = await response.value();
    assert.equal(made.length, 3);
    assert.equal(new Set(made.map((i) => i.emailAddress)).size, 3);
    for (const inbox of made) {
      assert.equal(inbox.userId, tenant.userId);
      assert.deepEqual(await tenant.inboxApi.getInbox({ inboxId: inbox.id }), inbox);
    }
    assert.deepEqual(await inboxIds(tenant), [...before, ...made.map((i) => i.id)].sort());
    for (const count of [0, -1, 101]) {
      const bad = await errorOf(api.bulk.bulkCreateInboxes({ count }));
      assert.equal(bad.status, 400, `count=${count}`);
      assert.match(bad.message, /query parameter 'count'/);
    }
    assert.equal((await inboxIds(tenant)).length, before.length + 3);
  });

  test('bulkDeleteInboxes: 204 and the listed inboxes are gone; an unknown or foreign id is 404 and nothing is deleted', async () => {
    const [one, two, three] = await api.bulk.bulkCreateInboxes({ count: 3 });
    await deliver(one!.emailAddress, 'goes with its inbox');
    const response = await api.bulk.bulkDeleteInboxesRaw({ requestBody: [one!.id, two!.id] });
    assert.equal(response.raw.status, 204);
    for (const gone of [one!, two!]) assert.equal(await statusOf(tenant.inboxApi.getInbox({ inboxId: gone.id })), 404);
    assert.equal((await tenant.inboxApi.getInbox({ inboxId: three!.id })).id, three!.id);

    for (const stranger of [randomUUID(), foreign.id]) {
      const refused = await errorOf(api.bulk.bulkDeleteInboxes({ requestBody: [three!.id, stranger] }));
      assert.equal(refused.status, 404);
      assert.equal(refused.message, `No inbox ${stranger}`);
      assert.equal((await tenant.inboxApi.getInbox({ inboxId: three!.id })).id, three!.id, 'nothing was deleted');
    }
    assert.equal((await other.inboxApi.getInbox({ inboxId: foreign.id })).id, foreign.id);
    assert.equal((await api.bulk.bulkDeleteInboxesRaw({ requestBody: [] })).raw.status, 204, 'an empty list deletes nothing');

    const notList = await tenant.fetch('/bulk/inboxes', { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids: [three!.id] }) });
    assert.equal(notList.status, 400);
    assert.match(((await notList.json()) as { message: string }).message, /JSON array/);
    const notUuid = await errorOf(api.bulk.bulkDeleteInboxes({ requestBody: ['nope'] }));
    assert.equal(notUuid.status, 400);
    assert.match(notUuid.message, /must be a UUID/);
  });

  test('bulkSendEmails: 201 and one send from each inbox; errors send nothing', async () => {
    const [first, second] = await api.bulk.bulkCreateInboxes({ count: 2 });
    const recipient = await api.common.createRandomInbox({});
    const response = await api.bulk.bulkSendEmailsRaw({
      bulkSendEmailOptions: { inboxIds: [first!.id, second!.id], sendEmailOptions: { to: [recipient.emailAddress], subject: 'bulk hello', body: 'from each' } },
    });
    assert.equal(response.raw.status, 201);
    const received = await api.wait.waitForEmailCount({ inboxId: recipient.id, count: 2, timeout: 10_000 });
    assert.deepEqual(received.map((e) => e.from).sort(), [first!.emailAddress, second!.emailAddress].sort());
    assert.deepEqual(received.map((e) => e.subject), ['bulk hello', 'bulk hello']);

    const sentBefore = await sentCount(tenant);
    for (const stranger of [randomUUID(), foreign.id]) {
      const refused = await errorOf(api.bulk.bulkSendEmails({
        bulkSendEmailOptions: { inboxIds: [first!.id, stranger], sendEmailOptions: { to: [recipient.emailAddress], body: 'x' } },
      }));
      assert.equal(refused.status, 404);
      assert.equal(refused.message, `No inbox ${stranger}`);
    }
    const invalid = await errorOf(api.bulk.bulkSendEmails({
      bulkSendEmailOptions: { inboxIds: [first!.id, second!.id], sendEmailOptions: { to: ['not an address'], body: 'x' } },
    }));
    assert.equal(invalid.status, 400);
    assert.match(invalid.message, new RegExp(`Inbox ${first!.id} cannot send this email: to has invalid addresses`));
    const none = await errorOf(api.bulk.bulkSendEmails({ bulkSendEmailOptions: { inboxIds: [], sendEmailOptions: { to: [recipient.emailAddress] } } }));
    assert.equal(none.status, 400);
    assert.match(none.message, /inboxIds/);
    assert.equal(await sentCount(tenant), sentBefore, 'no refused bulk send sent anything');
    assert.equal(await emailCount(tenant, recipient.id), 2);
  });

  test('the nine operations are in the OpenAPI document under their controllers, with the client\'s status codes', async () => {
    const doc = (await (await server.fetch('/v3/api-docs', { key: null })).json()) as {
      paths: Record<string, Record<string, { operationId?: string; tags?: string[]; responses?: Record<string, unknown> }>>;
    };
    const expected: Array<[string, string, string, string, string]> = [
      ['CommonActionsController', 'createRandomInbox', 'post', '/createInbox', '201'],
      ['CommonActionsController', 'createNewEmailAddress', 'post', '/newEmailAddress', '201'],
      ['CommonActionsController', 'deleteEmailAddress', 'delete', '/deleteEmailAddress', '204'],
      ['CommonActionsController', 'emptyInbox', 'delete', '/emptyInbox', '204'],
      ['CommonActionsController', 'sendEmailSimple', 'post', '/sendEmail', '201'],
      ['CommonActionsController', 'sendEmailQuery', 'post', '/sendEmailQuery', '201'],
      ['BulkActionsController', 'bulkCreateInboxes', 'post', '/bulk/inboxes', '201'],
      ['BulkActionsController', 'bulkDeleteInboxes', 'delete', '/bulk/inboxes', '204'],
      ['BulkActionsController', 'bulkSendEmails', 'post', '/bulk/send', '201'],
    ];
    for (const [tag, operationId, method, path, status] of expected) {
      const op = doc.paths[path]?.[method];
      assert.ok(op, `${method.toUpperCase()} ${path} is documented`);
      assert.equal(op.operationId, operationId);
      assert.deepEqual(op.tags, [tag]);
      assert.ok(op.responses?.[status], `${operationId} answers ${status}`);
    }
  });
});
