import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { EmailControllerApi, Configuration, SentEmailsControllerApi, type InboxDto } from 'mailslurp-client';
import { loadConfig } from '../../src/config/config.js';
import { ManualClock } from '../../src/core/clock.js';
import { startServer, type RunningServer } from '../../src/main.js';
import { EPHEMERAL_PORTS, inspect } from '../helpers/databases.js';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * getEmailPreviewURLs / getSentEmailPreviewURLs hand out links that a browser (or cy.visit, or
 * plain fetch) opens with no key: each carries a token signed by the server for that one email,
 * valid for PIGEONHOLE_PREVIEW_URL_TTL. The server's clock is a ManualClock, so expiry is
 * reached by moving time, never by waiting.
 */

const TTL = 60_000;

interface Urls {
  rawSmtpMessageUrl: string;
  plainHtmlBodyUrl: string;
  origin: string;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
const withToken = (url: string, token: string) => {
  const u = new URL(url);
  u.searchParams.set('token', token);
  return u.toString();
};

async function errorOf(response: Response): Promise<{ status: number; message: string }> {
  return { status: response.status, message: ((await response.json()) as { message: string }).message };
}

describeEachDialect('preview links open without a key', (dialect) => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  let emails: EmailControllerApi;
  let sentApi: SentEmailsControllerApi;
  let inbox: InboxDto;
  let emailA: string;
  let emailB: string;
  let bEmail: string;
  let sentId: string;

  async function deliver(to: string, subject: string, html: string): Promise<void> {
    const transport = smtpTransport(server);
    try {
      const info = await transport.sendMail({ from: 'sender@example.com', to, subject, html, text: 'text part' });
      assert.match(String(info.response), /^250 /);
    } finally {
      transport.close();
    }
  }

  before(async () => {
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_PREVIEW_URL_TTL: String(TTL) } });
    a = await server.createTenant();
    b = await server.createTenant();
    emails = new EmailControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    sentApi = new SentEmailsControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    inbox = await a.mailslurp.createInbox();
    await deliver(inbox.emailAddress, 'Preview A', '<h1>Preview A</h1><p>first email</p>');
    await deliver(inbox.emailAddress, 'Preview B', '<h1>Preview B</h1><p>second email</p>');
    // The ManualClock stands still, so both have one createdAt: tell them apart by subject.
    const received = await a.inboxApi.getEmails({ inboxId: inbox.id, minCount: 2 });
    emailA = received.find((e) => e.subject === 'Preview A')!.id;
    emailB = received.find((e) => e.subject === 'Preview B')!.id;
    const bInbox = await b.mailslurp.createInbox();
    await deliver(bInbox.emailAddress, 'B only', '<p>B only</p>');
    bEmail = (await b.inboxApi.getEmails({ inboxId: bInbox.id, minCount: 1 }))[0]!.id;
    const sender = await a.mailslurp.createInbox();
    const sent = await a.mailslurp.sendEmail(sender.id, { to: ['someone@example.com'], subject: 'sent preview', body: '<p>sent preview</p>', isHTML: true });
    sentId = sent.id;
  });
  after(() => server.close());

  test('getEmailPreviewURLs: both links open with plain fetch and no key, and carry no API key', async () => {
    const urls = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    for (const url of [urls.rawSmtpMessageUrl, urls.plainHtmlBodyUrl]) {
      assert.ok(tokenOf(url), `${url} carries a token`);
      for (const key of [a.apiKey, server.adminKey]) assert.ok(!url.includes(key), 'the link never contains an API key');
    }
    const raw = await fetch(urls.rawSmtpMessageUrl);
    assert.equal(raw.status, 200);
    assert.equal(await raw.text(), (await emails.getRawEmailJson({ emailId: emailA })).content);
    const html = await fetch(urls.plainHtmlBodyUrl);
    assert.equal(html.status, 200);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(await html.text(), await emails.getEmailHTML({ emailId: emailA }));
    assert.match(html.headers.get('content-security-policy') ?? '', /^sandbox\b/, 'mail HTML runs sandboxed, without script or origin');
    assert.match(await (await fetch(urls.plainHtmlBodyUrl)).text(), /Preview A/, 'a link opens more than once');
  });

  test('getSentEmailPreviewURLs: both links open with plain fetch and no key', async () => {
    const urls = (await sentApi.getSentEmailPreviewURLs({ id: sentId })) as Urls;
    const raw = await fetch(urls.rawSmtpMessageUrl);
    assert.equal(raw.status, 200);
    assert.equal(await raw.text(), (await sentApi.getRawSentEmailJson({ emailId: sentId })).content);
    const html = await fetch(urls.plainHtmlBodyUrl);
    assert.equal(html.status, 200);
    assert.equal(await html.text(), '<p>sent preview</p>');
  });

  test('the routes still take the key, and without key or token answer 401', async () => {
    const urls = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    const bare = urls.plainHtmlBodyUrl.split('?')[0]!;
    assert.equal((await fetch(bare, { headers: { 'x-api-key': a.apiKey } })).status, 200);
    const none = await errorOf(await fetch(bare));
    assert.equal(none.status, 401);
    assert.match(none.message, /Missing API key/);
    // A key, when sent, is what counts: a wrong key with a good token is still refused.
    assert.equal((await fetch(urls.plainHtmlBodyUrl, { headers: { 'x-api-key': 'ph_wrong_key_0000000000' } })).status, 401);
    // The token opens the linked routes only, not the email's other routes.
    assert.equal((await fetch(`${server.url}/emails/${emailA}?token=${encodeURIComponent(tokenOf(urls.plainHtmlBodyUrl))}`)).status, 401);
  });

  test('a tampered or foreign token is 401', async () => {
    const urls = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    const token = tokenOf(urls.plainHtmlBodyUrl);
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = (changes: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const cases: Array<[string, string]> = [
      ['a changed signature', `${payload}.${flipped}`],
      ["the signature's last character changed (base64url's spare bits)", `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`],
      ['the payload pointed at email B', forged({ id: emailB })],
      ["the payload given B's tenant", forged({ t: b.userId, id: bEmail })],
      ['a later expiry', forged({ exp: (claims.exp as number) + 24 * 3_600_000 })],
      ['no signature', payload],
      ['garbage', 'not-a-token'],
      ['an API key in its place', a.apiKey],
    ];
    for (const [what, bad] of cases) {
      for (const url of [urls.plainHtmlBodyUrl, urls.rawSmtpMessageUrl]) {
        const target = what === 'the payload pointed at email B' ? url.replace(emailA, emailB)
          : what === "the payload given B's tenant" ? url.replace(emailA, bEmail) : url;
        const { status, message } = await errorOf(await fetch(withToken(target, bad)));
        assert.equal(status, 401, `${what}: ${message}`);
        assert.match(message, /Invalid preview token/, what);
      }
    }
  });

  test('a token for email A does not open email B, nor a sent email, nor another tenant\'s email (403)', async () => {
    const urls = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    const token = tokenOf(urls.plainHtmlBodyUrl);
    for (const [what, path] of [
      ["A's other email", `/emails/${emailB}/html`],
      ["A's other email, raw", `/emails/${emailB}/raw`],
      ["B's email", `/emails/${bEmail}/html`],
      ["A's sent email", `/sent/${sentId}/html`],
      ["A's sent email, raw", `/sent/${sentId}/raw`],
    ] as const) {
      const response = await fetch(`${server.url}${path}?token=${encodeURIComponent(token)}`);
      const { status, message } = await errorOf(response);
      assert.equal(status, 403, `${what}: ${message}`);
      assert.match(message, new RegExp(`opens email ${emailA} only`), what);
    }
    // And the sent email's token opens only that sent email.
    const sentToken = tokenOf(((await sentApi.getSentEmailPreviewURLs({ id: sentId })) as Urls).plainHtmlBodyUrl);
    assert.equal((await fetch(`${server.url}/emails/${emailA}/html?token=${encodeURIComponent(sentToken)}`)).status, 403);
  });

  test('a link opens until PIGEONHOLE_PREVIEW_URL_TTL has passed, then is 401; a new call gives a new link', async () => {
    const urls = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    const sentUrls = (await sentApi.getSentEmailPreviewURLs({ id: sentId })) as Urls;
    clock.advance(TTL - 1);
    assert.equal((await fetch(urls.plainHtmlBodyUrl)).status, 200, 'valid until the last millisecond');
    assert.equal((await fetch(sentUrls.rawSmtpMessageUrl)).status, 200);
    clock.advance(1);
    for (const url of [urls.plainHtmlBodyUrl, urls.rawSmtpMessageUrl, sentUrls.plainHtmlBodyUrl, sentUrls.rawSmtpMessageUrl]) {
      const { status, message } = await errorOf(await fetch(url));
      assert.equal(status, 401, url);
      assert.match(message, /preview token expired at \d{4}-\d\d-\d\dT/);
    }
    const fresh = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    assert.equal((await fetch(fresh.plainHtmlBodyUrl)).status, 200);
  });

  test('another tenant cannot get links for A\'s emails (404, as for a missing email)', async () => {
    const bEmails = new EmailControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const bSent = new SentEmailsControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    for (const call of [() => bEmails.getEmailPreviewURLs({ emailId: emailA }), () => bSent.getSentEmailPreviewURLs({ id: sentId })]) {
      await assert.rejects(call(), (err: unknown) => err instanceof Response && err.status === 404);
    }
  });

  test('the signing key is made once and kept in the database: another server on it accepts the links', async () => {
    const urls = (await emails.getEmailPreviewURLs({ emailId: emailA })) as Urls;
    let second: RunningServer | undefined;
    try {
      second = await startServer(
        loadConfig({ ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: server.db.dataDir, PIGEONHOLE_API_KEY: server.adminKey, PIGEONHOLE_LOG_LEVEL: 'silent' }),
        { store: server.db.store, clock },
      );
      const moved = urls.plainHtmlBodyUrl.replace(server.url, second.url);
      const response = await fetch(moved);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /Preview A/);
    } finally {
      await second?.close();
    }
    const db = inspect(server.db);
    try {
      const rows = await db.selectFrom('server_secrets').selectAll().execute();
      assert.equal(rows.length, 1, 'one key, made on first use');
      assert.match(rows[0]!.secret, /^[0-9a-f]{64}$/);
    } finally {
      await db.destroy();
    }
  });
});
