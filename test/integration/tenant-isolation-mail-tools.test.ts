import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, ToolsControllerApi } from 'mailslurp-client';
import type { Transporter } from 'nodemailer';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * Fake email addresses are inboxes of the account that made them: tenant B, aiming every fake
 * email route at tenant A's address and email, sees and changes nothing. (The generators and
 * analyzers keep nothing, so they have no records to aim at.)
 */
describeEachDialect('tenant isolation: fake email addresses', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let toolsA: ToolsControllerApi;
  let toolsB: ToolsControllerApi;
  let transport: Transporter;
  let address: string;
  let emailId: string;

  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
    toolsA = new ToolsControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    toolsB = new ToolsControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    transport = smtpTransport(server);
    address = (await toolsA.createNewFakeEmailAddress()).emailAddress;
    await transport.sendMail({ from: 'sender@example.com', to: address, subject: 'for A only', text: 'secret' });
    const inbox = await a.inboxApi.getInboxByEmailAddress({ emailAddress: address });
    const [email] = await a.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.inboxId!, count: 1, timeout: 10_000 });
    emailId = email!.id;
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  test("tenant B cannot read tenant A's fake address or its email", async () => {
    assert.equal(await statusOf(toolsB.getFakeEmailsForAddress({ emailAddress: address })), 404);
    assert.equal(await statusOf(toolsB.getFakeEmailByEmailAddress({ emailAddress: address })), 404);
    assert.equal(await statusOf(toolsB.getFakeEmailById({ id: emailId })), 404);
    assert.equal(await statusOf(toolsB.getFakeEmailRaw({ id: emailId })), 404);
  });

  test("tenant B cannot delete tenant A's fake address; A's mail stays unseen", async () => {
    assert.equal(await statusOf(toolsB.deleteNewFakeEmailAddress({ emailAddress: address })), 404);
    const list = await toolsA.getFakeEmailsForAddress({ emailAddress: address });
    assert.deepEqual(list.map((e) => [e.id, e.seen]), [[emailId, false]]);
  });
});
