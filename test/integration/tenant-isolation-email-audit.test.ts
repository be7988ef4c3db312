import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer from 'nodemailer';
import { Configuration, EmailAuditControllerApi, type EmailAuditDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/** Tenant B aims every email audit route at tenant A's audits and email: it sees and changes nothing. */
describeEachDialect('tenant isolation: email audits', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let auditsA: EmailAuditControllerApi;
  let auditsB: EmailAuditControllerApi;
  let emailOfA: string;
  let auditOfA: EmailAuditDto;
  let auditOfB: EmailAuditDto;

  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
    auditsA = new EmailAuditControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    auditsB = new EmailAuditControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const inbox = await a.mailslurp.createInbox();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    await transport.sendMail({ from: 'x@example.com', to: inbox.emailAddress, subject: 'private', html: '<p>hello</p>' });
    transport.close();
    emailOfA = (await a.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 30_000 }))[0]!.id;
    auditOfA = await auditsA.createEmailAudit({ createEmailAuditOptions: { htmlBody: '<p>a</p>', subject: 'A only' } });
    auditOfB = await auditsB.createEmailAudit({ createEmailAuditOptions: { htmlBody: '<p>b</p>', subject: 'B only' } });
  });
  after(async () => server.close());

  test("B cannot read, list, compare or delete A's audits", async () => {
    assert.equal((await b.fetch(`/email-audits/${auditOfA.id}`)).status, 404);
    assert.deepEqual((await auditsB.getEmailAudits({})).map((x) => x.id), [auditOfB.id]);
    assert.deepEqual(await auditsB.getEmailAudits({ emailId: emailOfA }), []);
    assert.equal((await b.fetch(`/email-audits/${auditOfB.id}/compare/${auditOfA.id}`)).status, 404);
    assert.equal((await b.fetch(`/email-audits/${auditOfA.id}/compare/${auditOfB.id}`)).status, 404);
    assert.equal((await b.fetch(`/email-audits/${auditOfA.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await auditsA.getEmailAudit({ auditId: auditOfA.id })).subject, 'A only', "A's audit is still there");
  });

  test("B cannot audit A's email, and nothing is stored for it", async () => {
    assert.equal((await b.fetch(`/emails/${emailOfA}/check-email-audit`, { method: 'POST' })).status, 404);
    assert.equal((await b.fetch(`/emails/${emailOfA}/audit`, { method: 'POST' })).status, 404);
    assert.deepEqual(await auditsB.getEmailAudits({ emailId: emailOfA }), []);
    assert.deepEqual(await auditsA.getEmailAudits({ emailId: emailOfA }), []);
    // A can: the routes work, so the 404s above are isolation
    assert.equal((await a.fetch(`/emails/${emailOfA}/check-email-audit`, { method: 'POST' })).status, 200);
  });
});
