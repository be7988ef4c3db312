import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Transporter } from 'nodemailer';
import {
  Configuration, EmailControllerApi, type EmailFeatureSupportResult,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * checkEmailBodyFeatureSupport (a stored email's HTML) and checkEmailClientSupport (HTML given in
 * the request) through the official client, on mail delivered over real SMTP: which features are
 * found and what caniemail says of them in known clients.
 */

const RICH_HTML = `<!doctype html><html><head><style>
:root { --brand: #336699 }
.row { display: flex }
.grid { display: grid; color: var(--brand) }
</style></head><body>
<div class="row"><video src="https://example.com/clip.mp4" controls></video>
<svg width="10" height="10"><circle cx="5" cy="5" r="4"/></svg></div>
<div class="grid"><p>Hello</p></div>
</body></html>`;

/** One client's support flags for one feature. */
function flags(result: EmailFeatureSupportResult, feature: string, family: string, platform: string) {
  const overview = result.featureOverviews.find((o) => o.feature === feature);
  assert.ok(overview, `${feature} is reported`);
  const ofFamily = overview.featureStatistics?.find((f) => f.family === family);
  return ofFamily?.platforms.find((p) => p.platform === platform)?.versions[0]?.supportFlags;
}

describeEachDialect('email client support checks', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let api: EmailControllerApi;
  let transport: Transporter;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    api = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = smtpTransport(server);
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  /** One email in a new inbox of its own, over SMTP; its id. */
  async function deliver(content: { html?: string; text?: string }): Promise<string> {
    const inbox = await tenant.mailslurp.createInbox();
    await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'html check', ...content });
    return (await tenant.mailslurp.waitForLatestEmail(inbox.id, 10_000)).id;
  }

  test('checkEmailBodyFeatureSupport finds flexbox, grid, CSS variables, <video> and <svg> and the clients lacking them', async () => {
    const emailId = await deliver({ html: RICH_HTML });
    const { result } = await api.checkEmailBodyFeatureSupport({ emailId });
    const detected = [...result.detectedFeatures] as string[];
    for (const slug of ['css-display-flex', 'css-display-grid', 'css-variables', 'html-video', 'html-svg']) {
      assert.ok(detected.includes(slug), `${slug} detected in ${detected.join(', ')}`);
    }
    // Outlook for Windows renders with Word: none of these.
    for (const slug of ['css-display-flex', 'css-display-grid', 'html-video', 'html-svg']) {
      assert.equal(flags(result, slug, 'outlook', 'windows')?.status, 'NOT_SUPPORTED', slug);
    }
    assert.equal(flags(result, 'css-display-grid', 'apple-mail', 'macos')?.status, 'SUPPORTED');
    const gmailVideo = flags(result, 'html-video', 'gmail', 'desktop-webmail');
    assert.equal(gmailVideo?.status, 'NOT_SUPPORTED');
    assert.match([...(gmailVideo?.notes ?? [])].join(' '), /replaced by `<u><\/u>` tags/, "caniemail's note comes along");

    const grid = result.featureOverviews.find((o) => o.feature === 'css-display-grid')!;
    assert.equal(grid.title, 'display:grid');
    assert.equal(grid.category, 'css');
    const gridStatuses = [...grid.statuses] as string[];
    assert.ok(gridStatuses.includes('NOT_SUPPORTED') && gridStatuses.includes('SUPPORTED'), gridStatuses.join());
    assert.equal(grid.description ?? null, null, 'the data source has no description: left empty');
    assert.ok(result.names.family.some((f) => f.slug === 'gmail' && f.name === 'Gmail'));
    assert.ok(result.names.platform.some((p) => p.slug === 'windows' && p.name === 'Windows'));
    const byStatus = new Map(result.featurePercentages.map((p) => [p.status as string, p.percentage]));
    assert.ok((byStatus.get('NOT_SUPPORTED') ?? 0) > 0);
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 100) < 0.05, `percentages add up to 100 (${total})`);
  });

  test('a plain email: a text-only body uses no feature, simple HTML only supported ones', async () => {
    const textOnly = await api.checkEmailBodyFeatureSupport({ emailId: await deliver({ text: 'just words' }) });
    assert.deepEqual([...textOnly.result.detectedFeatures], []);
    assert.deepEqual(textOnly.result.featureOverviews, []);
    const simple = await api.checkEmailBodyFeatureSupport({ emailId: await deliver({ html: '<p>Hello <strong>there</strong></p>' }) });
    assert.deepEqual([...simple.result.detectedFeatures].sort(), ['html-p', 'html-strong']);
    for (const overview of simple.result.featureOverviews) assert.deepEqual([...overview.statuses], ['SUPPORTED'], overview.feature);
    assert.deepEqual(simple.result.featurePercentages, [{ status: 'SUPPORTED', percentage: 100 }]);
  });

  test('checkEmailClientSupport checks the HTML given, as the stored check does; bad input is a 400 naming it', async () => {
    const given = await api.checkEmailClientSupport({ checkEmailClientSupportOptions: { emailBody: RICH_HTML } });
    const stored = await api.checkEmailBodyFeatureSupport({ emailId: await deliver({ html: RICH_HTML }) });
    assert.deepEqual([...given.result.detectedFeatures].sort(), [...stored.result.detectedFeatures].sort());
    assert.equal(flags(given.result, 'html-svg', 'gmail', 'desktop-webmail')?.status, 'NOT_SUPPORTED');

    const noBody = await tenant.fetch('/emails/check-email-client-support', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(noBody.status, 400);
    assert.match(await noBody.text(), /emailBody/);
    const badCss = await api.checkEmailClientSupport({ checkEmailClientSupportOptions: { emailBody: '<style>.a { color: red</style>' } })
      .then(() => undefined, (err: unknown) => err);
    assert.ok(badCss instanceof Response, 'the client throws the response');
    assert.equal(badCss.status, 400);
    assert.match(((await badCss.json()) as { message: string }).message, /<style> CSS could not be read/);
  });

  test('an unknown email is a 404', async () => {
    const missing = await tenant.fetch('/emails/00000000-0000-4000-8000-000000000000/check-email-body-feature-support', { method: 'POST' });
    assert.equal(missing.status, 404);
  });
});
