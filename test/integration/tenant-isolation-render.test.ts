import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer from 'nodemailer';
import { Configuration, EmailControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { pngSize } from '../helpers/png.js';

/** Tenant B aims every route of the render module at tenant A's email: each is 404, and A's email is unchanged. */
describeEachDialect('tenant isolation: screenshots and signatures', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let emailId: string;
  let inboxId: string;

  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
    const inbox = await a.mailslurp.createInbox();
    inboxId = inbox.id;
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'mine', text: 'Hello\n\n-- \nAlice A\n' });
    transport.close();
    const [email] = await a.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 10_000 });
    emailId = email!.id;
  });
  after(() => server.close());

  test("B's screenshot and signature requests for A's email are 404; A still gets both, the email unread", async () => {
    const apiOf = (t: Tenant) => new EmailControllerApi(new Configuration({ apiKey: t.apiKey, basePath: server.url }));
    const bApi = apiOf(b);
    const options = { width: 100, height: 100 };
    assert.equal(await statusOf(bApi.getEmailScreenshotAsBase64({ emailId, getEmailScreenshotOptions: options })), 404);
    assert.equal(await statusOf(bApi.getEmailScreenshotAsBinary({ emailId, getEmailScreenshotOptions: options })), 404);
    assert.equal(await statusOf(bApi.getEmailSignature({ emailId })), 404);
    // The answers name nothing of A's: the same 404 as an email that does not exist.
    const answer = await b.fetch(`/emails/${emailId}/signature`);
    assert.doesNotMatch(await answer.text(), /Alice/);

    const aApi = apiOf(a);
    assert.deepEqual(pngSize(Buffer.from((await aApi.getEmailScreenshotAsBase64({ emailId, getEmailScreenshotOptions: options })).base64EncodedImage, 'base64')), { width: 100, height: 100 });
    assert.equal((await aApi.getEmailSignature({ emailId })).signature?.body, 'Alice A');
    // Neither B's requests nor A's own marked it read.
    assert.equal((await a.inboxApi.getEmails({ inboxId }))[0]?.read, false);
  });
});
