import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type Transporter } from 'nodemailer';
import { Configuration, EmailAuditControllerApi, EmailControllerApi, ToolsControllerApi, type InboxDto } from 'mailslurp-client';
import { PNG, faultyHtml, mendedHtml, startLinkSite, type LinkSite } from '../helpers/link-site.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Email audits through the official client: the one-shot audit of given HTML (ToolsController),
 * of a received email (EmailController), and stored audits listed, compared and deleted
 * (EmailAuditController). Links and images are fetched from a real local site the server is
 * allowed to reach (PIGEONHOLE_WEBHOOK_ALLOW).
 */

const faulty = faultyHtml;
const mended = mendedHtml;

describeEachDialect('email audits', (dialect) => {
  let site: LinkSite;
  let server: TestServer;
  let tenant: Tenant;
  let tools: ToolsControllerApi;
  let emailsApi: EmailControllerApi;
  let audits: EmailAuditControllerApi;
  let transport: Transporter;
  let inbox: InboxDto;

  before(async () => {
    site = await startLinkSite();
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_ALLOW: site.base.slice('http://'.length), PIGEONHOLE_WEBHOOK_TIMEOUT: '5000' } });
    tenant = await server.createTenant();
    const config = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
    tools = new ToolsControllerApi(config);
    emailsApi = new EmailControllerApi(config);
    audits = new EmailAuditControllerApi(config);
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    inbox = await tenant.mailslurp.createInbox();
  });
  after(async () => {
    transport.close();
    await server.close();
    site.server.close();
  });

  test('checkEmailAudit finds broken links, HTML and accessibility faults, FAIL verdicts and a missing attachment', async () => {
    const a = site.base;
    const result = await tools.checkEmailAudit({
      checkEmailAuditOptions: { htmlBody: faulty(a), hasAttachments: false, emailAnalysis: { spfVerdict: 'FAIL', dkimVerdict: 'PASS' } },
    });
    assert.equal(result.status, 'FAILED');
    assert.equal(result.detectedLinks, 2);
    assert.equal(result.checkedLinks, 2);
    assert.equal(result.detectedImages, 1);
    assert.equal(result.checkedImages, 1);
    assert.deepEqual(result.brokenLinks.map((i) => [i.url, i.statusCode]), [[`${a}/missing`, 404]]);
    assert.deepEqual(result.brokenImages, []);
    assert.equal(result.linkIssueCount, 1);
    assert.equal(result.reputationFailureCount, 1);
    assert.equal(result.attachmentMentionIssueCount, 1);
    assert.equal(result.externalCheckSkippedCount, 0);
    assert.ok(result.htmlValidation, 'the HTML validation is included');
    assert.equal(result.htmlErrorCount, result.htmlValidation!.errors.length);
    assert.ok(Array.from(result.featureSupport!.detectedFeatures).length > 0, 'the client-support result is included');
    const insights = result.insights.join('\n');
    for (const expected of ['[link] ' + `${a}/missing: answered HTTP 404`, '[accessibility:img-alt]', '[accessibility:link-text]', '[accessibility:layout-table]',
      '[accessibility:color-contrast]', '[accessibility:html-lang]', '[accessibility:document-title]', '[reputation] SPF verdict is FAIL', '[attachment]']) {
      assert.ok(insights.includes(expected), `insight ${expected} in\n${insights}`);
    }
    // the findings themselves, as raw JSON (the client's model has no field for them)
    const raw = await tenant.fetch('/tools/check-email-audit', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ htmlBody: faulty(a) }),
    });
    const body = (await raw.json()) as { accessibilityFindings: Array<{ ruleId: string; where: string; line: number | null; message: string }> };
    const contrast = body.accessibilityFindings.find((f) => f.ruleId === 'color-contrast')!;
    assert.equal(contrast.where, '<p style="color:#999999;background-color:#ffffff">');
    assert.equal(contrast.line, 5);
    assert.match(contrast.message, /2\.85:1 is under 4\.5:1/);
    // score: the passing share of the checks made
    assert.equal(result.totalChecks, result.passingChecks + result.failingChecks);
    assert.equal(result.healthScore, Math.round((100 * result.passingChecks) / result.totalChecks));
  });

  test('checkEmailAudit of mended HTML is better, and without any body is a 400 naming it', async () => {
    const result = await tools.checkEmailAudit({ checkEmailAuditOptions: { htmlBody: mended(site.base), hasAttachments: false } });
    assert.equal(result.brokenLinks.length, 0);
    assert.deepEqual(result.insights.filter((i) => i.startsWith('[accessibility')), []);
    assert.equal(result.attachmentMentionIssueCount, 0);
    assert.notEqual(result.status, 'FAILED', result.insights.join('\n'));

    const empty = await tenant.fetch('/tools/check-email-audit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"subject":"x"}' });
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as { message: string }).message, /htmlBody or textBody is required/);
  });

  test('checkEmailAudit1 audits a received email with its cid: parts; an unknown email is 404', async () => {
    await transport.sendMail({
      from: 'shop@example.com', to: inbox.emailAddress, subject: 'receipt',
      html: `<html lang="en"><head><title>Receipt</title></head><body><img src="cid:logo@shop" alt="Shop"><img src="cid:gone@shop" alt="Gone"></body></html>`,
      attachments: [{ filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@shop' }],
    });
    const [email] = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 30_000 });
    const result = await emailsApi.checkEmailAudit1({ emailId: email!.id });
    assert.equal(result.detectedImages, 2);
    assert.deepEqual(result.brokenImages.map((i) => i.url), ['cid:gone@shop']);
    assert.equal(result.status, 'FAILED');
    const missing = await tenant.fetch('/emails/00000000-0000-4000-8000-000000000000/check-email-audit', { method: 'POST' });
    assert.equal(missing.status, 404);
  });

  test('stored audits: created for an email and for content, listed, compared and deleted', async () => {
    await transport.sendMail({ from: 'shop@example.com', to: inbox.emailAddress, subject: 'first draft', html: faulty(site.base) });
    const emails = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 2, timeout: 30_000 });
    const email = emails.find((e) => e.subject === 'first draft')!;

    const first = await emailsApi.createEmailAuditForEmail({ emailId: email.id });
    assert.equal(first.emailId, email.id);
    assert.equal(first.subject, 'first draft');
    assert.equal(first.fromAddress, 'shop@example.com');
    assert.equal(first.recipient, inbox.emailAddress);
    assert.equal(first.userId, tenant.userId);
    assert.equal(first.analysis.linkIssueCount, 1);

    const second = await audits.createEmailAudit({ createEmailAuditOptions: { htmlBody: mended(site.base), subject: 'second draft', hasAttachments: false } });
    assert.equal(second.emailId ?? null, null);
    assert.equal(second.subject, 'second draft');

    const read = await audits.getEmailAudit({ auditId: first.id });
    assert.deepEqual(read.analysis.insights, first.analysis.insights);
    assert.equal(read.createdAt.getTime(), first.createdAt.getTime());

    const all = await audits.getEmailAudits({});
    assert.deepEqual(all.map((x) => x.id), [second.id, first.id], 'newest first');
    assert.deepEqual((await audits.getEmailAudits({ emailId: email.id })).map((x) => x.id), [first.id]);
    assert.deepEqual((await audits.getEmailAudits({ limit: 1 })).map((x) => x.id), [second.id]);
    assert.deepEqual(await audits.getEmailAudits({ before: first.createdAt }), []);

    // given in either order, the older audit is the baseline
    const comparison = await audits.compareEmailAudits({ auditId: second.id, otherAuditId: first.id });
    assert.equal(comparison.baseline.id, first.id);
    assert.equal(comparison.current.id, second.id);
    assert.equal(comparison.healthScoreDelta, second.analysis.healthScore - first.analysis.healthScore);
    assert.ok(comparison.healthScoreDelta > 0);
    assert.equal(comparison.brokenLinkDelta, -1);
    assert.equal(comparison.reputationFailureDelta, 0);
    assert.equal(comparison.attachmentMentionIssueDelta, -1);
    assert.equal(comparison.statusChanged, first.analysis.status !== second.analysis.status);
    assert.ok(comparison.removedInsights.some((i) => i.startsWith('[accessibility:img-alt]')));
    assert.ok(comparison.removedInsights.some((i) => i.startsWith('[link]')));
    for (const i of comparison.addedInsights) assert.ok(second.analysis.insights.includes(i) && !first.analysis.insights.includes(i));

    await audits.deleteEmailAudit({ auditId: first.id });
    assert.equal((await tenant.fetch(`/email-audits/${first.id}`)).status, 404);
    assert.equal((await tenant.fetch(`/email-audits/${first.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await tenant.fetch(`/email-audits/${second.id}/compare/${first.id}`)).status, 404);
    assert.equal((await tenant.fetch('/email-audits/not-a-uuid')).status, 400);
  });
});
