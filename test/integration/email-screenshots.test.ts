import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { Configuration, EmailControllerApi, type InboxDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { dialects } from '../helpers/dialects.js';
import { pngSize, solidPng, topLeftPixel } from '../helpers/png.js';

/**
 * getEmailScreenshotAsBase64/Binary in Debian's Chromium (real PNGs, decoded), with cid: parts,
 * dark mode and remote content against a real local HTTP server; getEmailSignature and
 * getGravatarUrlForEmailAddress through the official client.
 */

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 200, 0];
const DARK_MODE_HTML = `<html><head><style>
  html, body { margin: 0; background: #ffffff; }
  @media (prefers-color-scheme: dark) { html, body { background: #000000; } }
</style></head><body><p>Hello</p></body></html>`;

function near(actual: [number, number, number], expected: [number, number, number]): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= 8);
}

interface Site { server: http.Server; base: string; hits: string[] }

async function startSite(): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/green.png')) res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(4, 4, GREEN));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describeEachDialect('email screenshots, signatures and Gravatar URLs', (dialect) => {
  let site: Site;
  let server: TestServer;
  let tenant: Tenant;
  let api: EmailControllerApi;
  let transport: Transporter;
  let inbox: InboxDto;

  before(async () => {
    site = await startSite();
    // The site is opened to the server's own fetches (the test server has a second user, so
    // loopback is otherwise refused): whether it is reached depends on the request alone.
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_ALLOW: site.base.slice('http://'.length), PIGEONHOLE_RENDER_TIMEOUT: '30000' } });
    tenant = await server.createTenant();
    api = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    inbox = await tenant.mailslurp.createInbox();
  });
  after(async () => {
    transport.close();
    await server.close();
    site.server.close();
  });

  async function deliver(message: Partial<SendMailOptions>): Promise<string> {
    const count = (await tenant.inboxApi.getEmails({ inboxId: inbox.id })).length;
    await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'render me', ...message });
    const emails = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: count + 1, timeout: 10_000 });
    return emails[emails.length - 1]!.id;
  }

  async function screenshot(emailId: string, options: object): Promise<Buffer> {
    const response = await tenant.fetch(`/emails/${emailId}/screenshot/binary`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options),
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(response.headers.get('content-type'), 'image/png');
    return Buffer.from(await response.arrayBuffer());
  }

  test('base64 and binary screenshots are PNGs of the requested viewport (times the pixel ratio)', async () => {
    const emailId = await deliver({ html: DARK_MODE_HTML });
    const { base64EncodedImage } = await api.getEmailScreenshotAsBase64({ emailId, getEmailScreenshotOptions: { width: 320, height: 240 } });
    assert.deepEqual(pngSize(Buffer.from(base64EncodedImage, 'base64')), { width: 320, height: 240 });

    const raw = await api.getEmailScreenshotAsBinaryRaw({ emailId, getEmailScreenshotOptions: { width: 300, height: 200 } });
    assert.equal(raw.raw.headers.get('content-type'), 'image/png');
    assert.deepEqual(pngSize(Buffer.from(await raw.raw.arrayBuffer())), { width: 300, height: 200 });

    assert.deepEqual(pngSize(await screenshot(emailId, { width: 200, height: 100, deviceScaleFactor: 2 })), { width: 400, height: 200 });
    // No options: the default viewport.
    assert.deepEqual(pngSize(await screenshot(emailId, {})), { width: 1024, height: 768 });
  });

  test('prefers-color-scheme: the same email is white in light mode and black in dark mode', async () => {
    const emailId = await deliver({ html: DARK_MODE_HTML });
    const light = await screenshot(emailId, { width: 200, height: 100 });
    const dark = await screenshot(emailId, { width: 200, height: 100, colorScheme: 'dark' });
    assert.ok(near(topLeftPixel(light), [255, 255, 255]), `light: ${topLeftPixel(light)}`);
    assert.ok(near(topLeftPixel(dark), [0, 0, 0]), `dark: ${topLeftPixel(dark)}`);
  });

  test("cid: images are drawn from the email's own parts", async () => {
    const emailId = await deliver({
      html: '<html><body style="margin:0"><img src="cid:red-square@test" width="100" height="100" style="display:block"></body></html>',
      attachments: [{ filename: 'red.png', content: solidPng(4, 4, RED), contentType: 'image/png', cid: 'red-square@test' }],
    });
    const png = await screenshot(emailId, { width: 200, height: 200 });
    assert.ok(near(topLeftPixel(png), RED), `pixel: ${topLeftPixel(png)}`);
  });

  test('remote images are not fetched unless loadRemoteContent asks for them', async () => {
    const emailId = await deliver({
      // The top-left corner is the remote background: white when blocked, green when loaded.
      html: `<html><body style="margin:0;background:#fff"><div style="width:100px;height:100px;background:url(${site.base}/green.png)"></div>`
        + `<img src="${site.base}/green.png?img" width="50" height="50"><link rel="stylesheet" href="${site.base}/style.css"></body></html>`,
    });
    site.hits.length = 0;
    // The screenshot is taken after the load event, which waits for every image: a request
    // the browser made would have reached the site by then.
    const blocked = await screenshot(emailId, { width: 200, height: 200 });
    assert.equal(site.hits.length, 0, `hits: ${site.hits.join(', ')}`);
    assert.ok(near(topLeftPixel(blocked), [255, 255, 255]), `blocked: ${topLeftPixel(blocked)}`);

    const loaded = await screenshot(emailId, { width: 200, height: 200, loadRemoteContent: true });
    assert.ok(site.hits.includes('GET /green.png'), `hits: ${site.hits.join(', ')}`);
    assert.ok(near(topLeftPixel(loaded), GREEN), `loaded: ${topLeftPixel(loaded)}`);
  });

  test('a text-only email is rendered as its text', async () => {
    const emailId = await deliver({ text: 'Just text\non two lines' });
    assert.deepEqual(pngSize(await screenshot(emailId, { width: 240, height: 120 })), { width: 240, height: 120 });
  });

  test('bad options are 400 and an unknown email 404, before any rendering', async () => {
    const emailId = await deliver({ html: '<p>x</p>' });
    assert.equal(await statusOf(api.getEmailScreenshotAsBase64({ emailId, getEmailScreenshotOptions: { width: 0, height: 100 } })), 400);
    assert.equal(await statusOf(api.getEmailScreenshotAsBase64({ emailId, getEmailScreenshotOptions: { width: 5000, height: 100 } })), 400);
    const huge = await tenant.fetch(`/emails/${emailId}/screenshot/base64`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ width: 4096, height: 4096, deviceScaleFactor: 2 }),
    });
    assert.equal(huge.status, 400);
    assert.match(((await huge.json()) as { message: string }).message, /pixels/);
    const dark = await tenant.fetch(`/emails/${emailId}/screenshot/base64`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ colorScheme: 'purple' }),
    });
    assert.equal(dark.status, 400);
    assert.equal(await statusOf(api.getEmailScreenshotAsBinary({ emailId: '00000000-0000-4000-8000-000000000000', getEmailScreenshotOptions: {} })), 404);
  });

  test('getEmailSignature finds a signature after "-- ", after a sign-off, in a signature element, and says when there is none', async () => {
    const delimited = await deliver({ text: 'Hi,\n\nThe report is attached.\n\n-- \nJane Doe\nHead of Testing\n+1 555 0100\nhttps://example.com\n' });
    const found = await api.getEmailSignature({ emailId: delimited });
    assert.equal(found.present, true);
    assert.equal(found.signature?.detectionType, 'DELIMITER');
    assert.equal(found.signature?.source, 'RAW_TEXT_PART');
    assert.equal(found.signature?.marker, '-- ');
    assert.equal(found.signature?.body, 'Jane Doe\nHead of Testing\n+1 555 0100\nhttps://example.com');

    const signedOff = await api.getEmailSignature({ emailId: await deliver({ text: 'See you tomorrow.\n\nBest regards,\nJohn Smith\nACME Ltd' }) });
    assert.equal(signedOff.signature?.detectionType, 'VALEDICTION');
    assert.equal(signedOff.signature?.body, 'Best regards,\nJohn Smith\nACME Ltd');

    const html = await api.getEmailSignature({ emailId: await deliver({
      html: '<div>Hello there</div><div class="gmail_signature"><div>Ann Lee</div><div>Support</div></div>',
    }) });
    assert.equal(html.signature?.detectionType, 'HTML_SELECTOR');
    assert.equal(html.signature?.source, 'RAW_HTML_SELECTOR');
    assert.match(html.signature?.body ?? '', /Ann Lee/);

    const none = await api.getEmailSignature({ emailId: await deliver({ text: 'Just a line with no signature at all.' }) });
    assert.equal(none.present, false);
    assert.equal(none.signature ?? null, null);
    assert.equal(await statusOf(api.getEmailSignature({ emailId: '00000000-0000-4000-8000-000000000000' })), 404);
  });

  test("getGravatarUrlForEmailAddress is Gravatar's URL of the SHA-256 of the trimmed, lower-cased address", async () => {
    const hash = createHash('sha256').update('alice@example.com').digest('hex');
    const plain = await api.getGravatarUrlForEmailAddress({ emailAddress: ' Alice@Example.COM ' });
    assert.deepEqual(plain, { url: `https://gravatar.com/avatar/${hash}`, hash });
    const sized = await api.getGravatarUrlForEmailAddress({ emailAddress: 'alice@example.com', size: '80' });
    assert.equal(sized.url, `https://gravatar.com/avatar/${hash}?s=80`);
    assert.equal(await statusOf(api.getGravatarUrlForEmailAddress({ emailAddress: 'alice@example.com', size: 'big' })), 400);
    assert.equal(await statusOf(api.getGravatarUrlForEmailAddress({ emailAddress: 'not an address' })), 400);
  });
});

// One server is enough to show the answer without Chromium; it does not depend on the database.
test('without Chromium a screenshot is a 503 naming PIGEONHOLE_CHROMIUM_PATH and the Debian package', async () => {
  const server = await startTestServer(dialects()[0]!, { env: { PIGEONHOLE_CHROMIUM_PATH: '/nonexistent/chromium' } });
  try {
    const tenant = await server.createTenant();
    const inbox = await tenant.mailslurp.createInbox();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'x', html: '<p>x</p>' });
    transport.close();
    const [email] = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 10_000 });
    const response = await tenant.fetch(`/emails/${email!.id}/screenshot/base64`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
    });
    assert.equal(response.status, 503);
    const { message } = (await response.json()) as { message: string };
    assert.match(message, /PIGEONHOLE_CHROMIUM_PATH/);
    assert.match(message, /package chromium/);
  } finally {
    await server.close();
  }
});
