import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { Configuration, EmailControllerApi, type InboxDto } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * checkEmailBody (links and images fetched from the server, through the webhook guard) and
 * getEmailInlinePart (cid: parts for the dashboard's HTML view, opened by a preview token),
 * against real local HTTP servers: one the server is allowed to reach (PIGEONHOLE_WEBHOOK_ALLOW),
 * one it must refuse (loopback, not listed, with a second user on the server).
 */

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5b2a0e10000000049454e44ae426082',
  'hex',
);

interface Target { server: http.Server; base: string; hits: string[] }

/** A site with a page, a missing page, a page that refuses HEAD, a redirect and two images. */
async function startSite(): Promise<Target> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/ok') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    else if (req.url === '/no-head') res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
    else if (req.url === '/moved') res.writeHead(302, { location: '/ok' }).end();
    else if (req.url === '/gone') res.writeHead(410).end();
    else if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describeEachDialect('email body checks', (dialect) => {
  let allowed: Target;
  let refused: Target;
  let server: TestServer;
  let tenant: Tenant;
  let api: EmailControllerApi;
  let transport: Transporter;
  let inbox: InboxDto;

  before(async () => {
    allowed = await startSite();
    refused = await startSite();
    // Only the first site is opened; the second stays behind the guard (the test server has a
    // second user, so the automatic rule refuses loopback).
    server = await startTestServer(dialect, { env: { PIGEONHOLE_WEBHOOK_ALLOW: allowed.base.slice('http://'.length), PIGEONHOLE_WEBHOOK_TIMEOUT: '5000' } });
    tenant = await server.createTenant();
    api = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    inbox = await tenant.mailslurp.createInbox();
  });
  after(async () => {
    transport.close();
    await server.close();
    allowed.server.close();
    refused.server.close();
  });

  async function deliver(html: string, attachments: SendMailOptions['attachments'] = []): Promise<string> {
    const count = (await tenant.inboxApi.getEmails({ inboxId: inbox.id })).length;
    await transport.sendMail({ from: 'sender@example.com', to: inbox.emailAddress, subject: 'check me', html, attachments });
    const email = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: count + 1, timeout: 10_000 });
    return email[email.length - 1]!.id;
  }

  test('checkEmailBody reports each broken link and image with its status; working ones are not listed', async () => {
    const a = allowed.base;
    const emailId = await deliver([
      `<a href="${a}/ok">fine</a>`,
      `<a href="${a}/no-head">HEAD refused, GET fine</a>`,
      `<a href="${a}/moved">redirects to a fine page</a>`,
      `<a href="${a}/missing">missing</a>`,
      `<a href="${a}/gone">gone</a>`,
      `<a href="mailto:help@example.com">mail us</a>`,
      `<a href="#top">anchor</a>`,
      `<a href="/relative">relative</a>`,
      `<img src="${a}/logo.png" alt="ok image">`,
      `<img src="${a}/nope.png" alt="missing image">`,
      `<img src="cid:logo@here" alt="inline">`,
      `<img src="cid:absent@here" alt="missing inline">`,
    ].join('\n'), [{ filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@here' }]);

    const result = await api.checkEmailBody({ emailId });
    assert.equal(result.hasIssues, true);
    const links = Object.fromEntries(result.linkIssues.map((i) => [i.url, i]));
    assert.deepEqual(Object.keys(links).sort(), [`${a}/gone`, `${a}/missing`, '/relative'].sort());
    assert.equal(links[`${a}/missing`]!.responseStatus, 404);
    assert.equal(links[`${a}/missing`]!.severity, 'Error');
    assert.equal(links[`${a}/gone`]!.responseStatus, 410);
    assert.equal(links['/relative']!.severity, 'Warning');
    const images = Object.fromEntries(result.imageIssues.map((i) => [i.url, i]));
    assert.deepEqual(Object.keys(images).sort(), [`${a}/nope.png`, 'cid:absent@here'].sort());
    assert.equal(images[`${a}/nope.png`]!.responseStatus, 404);
    assert.equal(images['cid:absent@here']!.severity, 'Error');
    assert.deepEqual(result.spellingIssues, []);
    // HEAD first; GET only where HEAD failed.
    assert.ok(allowed.hits.includes('HEAD /ok'));
    assert.ok(!allowed.hits.includes('GET /ok') || allowed.hits.includes('HEAD /moved'), 'a working HEAD needs no GET');
    assert.ok(allowed.hits.includes('HEAD /no-head') && allowed.hits.includes('GET /no-head'));
  });

  test('checkEmailBody refuses a private target as webhooks do, and never connects to it', async () => {
    const emailId = await deliver(`<a href="${refused.base}/ok">internal</a><img src="http://localhost:${new URL(refused.base).port}/logo.png">`);
    const result = await api.checkEmailBody({ emailId });
    assert.equal(result.hasIssues, true);
    assert.equal(result.linkIssues.length, 1);
    assert.equal(result.linkIssues[0]!.responseStatus ?? null, null, "no status: nothing was fetched");
    assert.equal(result.linkIssues[0]!.severity, 'Warning');
    assert.match(result.linkIssues[0]!.message, /refused.*private address/);
    assert.match(result.imageIssues[0]!.message, /refused.*loopback/);
    assert.deepEqual(refused.hits, [], 'the refused site got no request');
  });

  test('checkEmailBody: an email with only working links has no issues; an unknown email is 404', async () => {
    const emailId = await deliver(`<a href="${allowed.base}/ok">fine</a>`);
    assert.deepEqual(await api.checkEmailBody({ emailId }), { hasIssues: false, linkIssues: [], imageIssues: [], spellingIssues: [] });
    const missing = await tenant.fetch('/emails/00000000-0000-4000-8000-000000000000/check-email-body', { method: 'POST' });
    assert.equal(missing.status, 404);
  });

  test("getEmailInlinePart serves a cid: part with the email's preview token, and nothing without it", async () => {
    const emailId = await deliver('<img src="cid:logo@here">', [{ filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@here' }]);
    const otherId = await deliver('<p>other</p>');
    const tokenOf = async (id: string) => {
      const urls = await api.getEmailPreviewURLs({ emailId: id });
      return new URL(urls.plainHtmlBodyUrl).searchParams.get('token')!;
    };
    const path = `/emails/${emailId}/inline/${encodeURIComponent('logo@here')}`;
    const opened = await fetch(`${server.url}${path}?token=${encodeURIComponent(await tokenOf(emailId))}`);
    assert.equal(opened.status, 200);
    assert.equal(opened.headers.get('content-type'), 'image/png');
    assert.match(opened.headers.get('content-security-policy') ?? '', /sandbox/);
    assert.deepEqual(Buffer.from(await opened.arrayBuffer()), PNG);
    // The <...> form of the Content-ID names the same part; the key opens it too.
    assert.equal((await tenant.fetch(`/emails/${emailId}/inline/${encodeURIComponent('<logo@here>')}`)).status, 200);

    assert.equal((await fetch(`${server.url}${path}`)).status, 401, 'no key, no token');
    assert.equal((await fetch(`${server.url}${path}?token=${encodeURIComponent(await tokenOf(otherId))}`)).status, 403, "another email's token");
    assert.equal((await fetch(`${server.url}${path}?token=forged.token`)).status, 401);
    const unknown = await tenant.fetch(`/emails/${emailId}/inline/nothing@here`);
    assert.equal(unknown.status, 404);
    assert.match(((await unknown.json()) as { message: string }).message, /Content-ID <nothing@here>/);
    // Another tenant's key finds nothing.
    const other = await server.createTenant();
    assert.equal((await other.fetch(path)).status, 404);
  });
});
