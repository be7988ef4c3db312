import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { Configuration, EmailControllerApi, ExtractCodesOptionsMethodEnum, type EmailPreview, type InboxDto } from 'mailslurp-client';
import { contentOperations } from '../../src/modules/email/operations/content-index.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage } from '../helpers/smtp.js';

/**
 * The EmailController content operations (HTML, text lines, CSS queries, links, codes, regex
 * matches, MIME parts, preview URLs, summary), driven through the official client where it can
 * express the call and raw fetch where the bytes or headers matter. Mail arrives over SMTP.
 */

/** Each operation with the method, path and query parameters of the official client. */
const OPERATIONS: Array<[operationId: string, method: string, path: string, query: string[]]> = [
  ['getEmailHTML', 'GET', '/emails/:emailId/html', ['replaceCidImages']],
  ['getEmailHTMLJson', 'GET', '/emails/:emailId/html/json', ['replaceCidImages']],
  ['getEmailHTMLQuery', 'GET', '/emails/:emailId/htmlQuery', ['htmlSelector']],
  ['getEmailTextLines', 'GET', '/emails/:emailId/textLines', ['decodeHtmlEntities', 'lineSeparator']],
  ['getEmailLinks', 'GET', '/emails/:emailId/links', ['selector']],
  ['getEmailCodes', 'POST', '/emails/:emailId/codes', []],
  ['getEmailContentMatch', 'POST', '/emails/:emailId/contentMatch', []],
  ['getEmailContentPart', 'GET', '/emails/:emailId/contentPart', ['contentType', 'strict', 'index']],
  ['getEmailContentPartContent', 'GET', '/emails/:emailId/contentPart/raw', ['contentType', 'strict', 'index']],
  ['getEmailPreviewURLs', 'GET', '/emails/:emailId/urls', []],
  ['getEmailSummary', 'GET', '/emails/:emailId/summary', ['decode']],
];

/** A real 1x1 PNG, sent as an inline image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a5b2a0e10000000049454e44ae426082',
  'hex',
);
const CSV = 'name,plan\nAda,Pro\n';
const HTML = [
  '<html><head><title>Welcome</title><style>.code { font-weight: bold }</style></head><body>',
  '<h1>Welcome, Ada &amp; friends</h1>',
  '<p class="code">Your verification code is <b>482913</b>.</p>',
  '<p>Order #55123 ships soon.</p>',
  '<table><tr><td>Plan</td><td>Pro</td></tr></table>',
  '<div class="actions"><a href="https://app.example.test/verify?token=abc&amp;u=1">Verify</a></div>',
  '<a href="https://example.test/help">Help</a>',
  '<img src="cid:logo@pigeonhole" alt="logo">',
  '</body></html>',
].join('\n');
const TEXT = 'Welcome, Ada & friends\nYour verification code is 482913.\nVerify: https://app.example.test/verify?token=abc&u=1';
/** Matching this with (a+)+$ backtracks exponentially. */
const BACKTRACK_BAIT = `${'a'.repeat(40)}!`;
const PLAIN_BODY = [
  'Hello Bob,',
  '',
  '  Your code is: 123456  ',
  'AT&amp;T says hi',
  'Visit https://example.test/login?next=%2F. Or www.example.test',
  BACKTRACK_BAIT,
].join('\r\n');

const NOT_MINE = '00000000-0000-4000-8000-000000000000';

describeEachDialect('email content', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;
  let api: EmailControllerApi;
  let transport: Transporter;
  let inbox: InboxDto;
  let rich: EmailPreview;
  let plain: EmailPreview;
  let latin1: EmailPreview;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
    api = new EmailControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true, pool: true });
    inbox = await tenant.mailslurp.createInbox();
    rich = await deliver({
      from: '"Alice" <alice@example.com>',
      to: inbox.emailAddress,
      subject: 'Welcome aboard',
      text: TEXT,
      html: HTML,
      attachments: [
        { filename: 'logo.png', content: PNG, contentType: 'image/png', cid: 'logo@pigeonhole' },
        { filename: 'plan.csv', content: CSV, contentType: 'text/csv' },
      ],
    });
    plain = await deliver({ raw: rawMessage({ to: inbox.emailAddress, subject: 'Plain one', body: PLAIN_BODY }) });
    latin1 = await deliver({
      raw: Buffer.from(
        [
          'From: a@example.com', `To: ${inbox.emailAddress}`, 'Subject: Latin-1', 'MIME-Version: 1.0',
          'Content-Type: text/plain; charset=iso-8859-1', 'Content-Transfer-Encoding: quoted-printable', '', 'Gr=FC=DFe aus K=F6ln', '',
        ].join('\r\n'),
        'latin1',
      ),
    });
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  /** Sends one message to the inbox over SMTP and answers its preview. */
  async function deliver(mail: SendMailOptions): Promise<EmailPreview> {
    const before = (await tenant.inboxApi.getEmails({ inboxId: inbox.id })).length;
    const info = await transport.sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, ...mail });
    assert.match(String(info.response), /^250 /);
    const emails = await tenant.inboxApi.getEmails({ inboxId: inbox.id });
    assert.equal(emails.length, before + 1);
    return emails[emails.length - 1]!;
  }

  async function errorOf(response: Response | Promise<Response>): Promise<{ status: number; message: string }> {
    const res = await response;
    const body = (await res.json()) as { message: string };
    return { status: res.status, message: body.message };
  }

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  /** Parts come back as they were on the wire, with CRLF line ends; the parsed bodies have LF. */
  const lf = (text: string | null | undefined) => text?.replace(/\r\n/g, '\n');

  // ------------------------------------------------------------------------------------ HTML

  test('getEmailHTML: the HTML body as text/html; replaceCidImages inlines the image bytes', async () => {
    const stored = await tenant.mailslurp.emailController.getEmail({ emailId: rich.id });
    const html = await api.getEmailHTML({ emailId: rich.id });
    assert.equal(html, stored.body);
    assert.match(html, /<img src="cid:logo@pigeonhole"/);

    const response = await tenant.fetch(`/emails/${rich.id}/html`);
    assert.equal(response.status, 200);
    assert.match(String(response.headers.get('content-type')), /^text\/html; charset=utf-8/);

    const inlined = await api.getEmailHTML({ emailId: rich.id, replaceCidImages: true });
    assert.ok(inlined.includes(`<img src="data:image/png;base64,${PNG.toString('base64')}"`), 'the cid: URL became a data: URL');
    assert.ok(!inlined.includes('cid:'));
    assert.equal(inlined.replace(/data:image\/png;base64,[A-Za-z0-9+/=]+/, 'cid:logo@pigeonhole'), html, 'nothing else changed');

    assert.equal((await api.getEmailHTML({ emailId: plain.id })).trim(), lf(PLAIN_BODY), 'a text-only email answers its text');
  });

  test('getEmailHTMLJson: subject and HTML body', async () => {
    const dto = await api.getEmailHTMLJson({ emailId: rich.id });
    assert.equal(dto.subject, 'Welcome aboard');
    assert.equal(dto.body, await api.getEmailHTML({ emailId: rich.id }));
    const inlined = await api.getEmailHTMLJson({ emailId: rich.id, replaceCidImages: true });
    assert.ok(inlined.body?.includes(`data:image/png;base64,${PNG.toString('base64')}`));
  });

  test('getEmailHTMLQuery: the text of the elements matching a CSS selector', async () => {
    const code = await api.getEmailHTMLQuery({ emailId: rich.id, htmlSelector: 'p.code' });
    assert.deepEqual(code.lines, ['Your verification code is 482913.']);
    assert.equal(code.body, 'Your verification code is 482913.');
    const cells = await api.getEmailHTMLQuery({ emailId: rich.id, htmlSelector: 'table td' });
    assert.deepEqual(cells.lines, ['Plan', 'Pro']);
    assert.equal(cells.body, 'Plan\nPro');
    assert.deepEqual((await api.getEmailHTMLQuery({ emailId: rich.id, htmlSelector: '.missing' })).lines, []);
    assert.deepEqual((await api.getEmailHTMLQuery({ emailId: plain.id, htmlSelector: 'body' })).lines.length, 1, 'a text body is one text');

    const invalid = await errorOf(tenant.fetch(`/emails/${rich.id}/htmlQuery?${query({ htmlSelector: 'p[class' })}`));
    assert.equal(invalid.status, 400);
    assert.match(invalid.message, /'p\[class' is not a valid CSS selector/);
    const missing = await errorOf(tenant.fetch(`/emails/${rich.id}/htmlQuery`));
    assert.equal(missing.status, 400);
    assert.match(missing.message, /htmlSelector/);
  });

  // ------------------------------------------------------------------------------- text lines

  test('getEmailTextLines: visible text of the HTML, entities decoded unless asked otherwise', async () => {
    const result = await api.getEmailTextLines({ emailId: rich.id });
    assert.deepEqual(result.lines, ['Welcome, Ada & friends', 'Your verification code is 482913.', 'Order #55123 ships soon.', 'Plan Pro', 'Verify', 'Help']);
    assert.equal(result.body, result.lines.join('\n'));
    const raw = await api.getEmailTextLines({ emailId: rich.id, decodeHtmlEntities: false });
    assert.equal(raw.lines[0], 'Welcome, Ada &amp; friends');
    const joined = await api.getEmailTextLines({ emailId: rich.id, lineSeparator: ' | ' });
    assert.equal(joined.body, result.lines.join(' | '));
  });

  test('getEmailTextLines: a text body, trimmed, blank lines dropped', async () => {
    const result = await api.getEmailTextLines({ emailId: plain.id });
    assert.deepEqual(result.lines, [
      'Hello Bob,', 'Your code is: 123456', 'AT&T says hi', 'Visit https://example.test/login?next=%2F. Or www.example.test', BACKTRACK_BAIT,
    ]);
    assert.equal((await api.getEmailTextLines({ emailId: plain.id, decodeHtmlEntities: false })).lines[2], 'AT&amp;T says hi');
    assert.deepEqual((await api.getEmailTextLines({ emailId: latin1.id })).lines, ['Grüße aus Köln'], 'the declared charset is applied');
  });

  // ------------------------------------------------------------------------------------ links

  test('getEmailLinks: hrefs of the HTML body, narrowed by a selector; URLs of a text body', async () => {
    const all = await api.getEmailLinks({ emailId: rich.id });
    assert.deepEqual(all.links, ['https://app.example.test/verify?token=abc&u=1', 'https://example.test/help']);
    assert.equal(all.body, await api.getEmailHTML({ emailId: rich.id }));
    assert.deepEqual((await api.getEmailLinks({ emailId: rich.id, selector: '.actions' })).links, ['https://app.example.test/verify?token=abc&u=1']);
    assert.deepEqual((await api.getEmailLinks({ emailId: rich.id, selector: 'a[href*=help]' })).links, ['https://example.test/help']);

    const text = await api.getEmailLinks({ emailId: plain.id });
    assert.deepEqual(text.links, ['https://example.test/login?next=%2F', 'www.example.test']);
    const selectorOnText = await errorOf(tenant.fetch(`/emails/${plain.id}/links?selector=a`));
    assert.equal(selectorOnText.status, 400);
    assert.match(selectorOnText.message, /has no HTML body/);
    assert.equal((await errorOf(tenant.fetch(`/emails/${rich.id}/links?selector=%3A%3A`))).status, 400);
  });

  // ------------------------------------------------------------------------------------ codes

  test('getEmailCodes: the verification code, best first, with the options the client sends (or none)', async () => {
    const result = await api.getEmailCodes({ emailId: rich.id });
    assert.equal(result.found, true);
    assert.equal(result.code, '482913');
    assert.equal(result.methodUsed, 'PATTERN');
    assert.deepEqual(result.warnings, []);
    const [best] = result.candidates;
    assert.equal(best?.code, '482913');
    assert.equal(best?.method, 'PATTERN');
    assert.ok(['RAW_TEXT_PART', 'HTML_TEXT'].includes(best!.source));
    assert.match(String(best?.context), /verification code is 482913/);
    assert.ok(best!.confidence > 0.7 && best!.confidence <= 1);
    assert.ok(!result.candidates.slice(0, 1).some((c) => c.code === '55123'), 'the order number does not win');

    assert.equal((await api.getEmailCodes({ emailId: plain.id, extractCodesOptions: {} })).code, '123456');

    const custom = await api.getEmailCodes({ emailId: rich.id, extractCodesOptions: { customPatterns: ['Order #(\\d+)'], maxCandidates: 1 } });
    assert.deepEqual(custom.candidates.map((c) => [c.code, c.confidence]), [['55123', 0.95]]);

    const llm = await api.getEmailCodes({ emailId: rich.id, extractCodesOptions: { method: ExtractCodesOptionsMethodEnum.LLM } });
    assert.equal(llm.code, '482913');
    assert.equal(llm.methodUsed, 'PATTERN');
    assert.match(llm.warnings.join(' '), /LLM is not available on this server; fell back to PATTERN/);

    const none = await api.getEmailCodes({ emailId: rich.id, extractCodesOptions: { minLength: 7, maxLength: 8 } });
    assert.deepEqual([none.found, none.code, none.candidates], [false, undefined, []]);
  });

  test('getEmailCodes: options it cannot honour are 400s that say why', async () => {
    const post = (body: unknown) =>
      errorOf(tenant.fetch(`/emails/${rich.id}/codes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const noFallback = await post({ method: 'OCR', allowFallback: false });
    assert.equal(noFallback.status, 400);
    assert.match(noFallback.message, /method OCR is not available/);
    assert.match((await post({ minLength: 9, maxLength: 5 })).message, /minLength \(9\) must not be greater than maxLength \(5\)/);
    assert.match((await post({ customPatterns: ['(oops'] })).message, /pattern '\(oops' is not a valid regular expression/);
    assert.equal((await post({ method: 'MAGIC' })).status, 400);
    assert.equal((await post({ maxCandidates: 0 })).status, 400);
  });

  // ---------------------------------------------------------------------------- content match

  test('getEmailContentMatch: the first match and its groups, as the client README shows', async () => {
    const result = await api.getEmailContentMatch({ emailId: plain.id, contentMatchOptions: { pattern: 'code is: ([0-9]{6})' } });
    assert.deepEqual(result, { pattern: 'code is: ([0-9]{6})', matches: ['code is: 123456', '123456'] });
    const java = await api.getEmailContentMatch({ emailId: plain.id, contentMatchOptions: { pattern: '(?i)HELLO (\\w+)(X)?' } });
    assert.deepEqual(java.matches, ['Hello Bob', 'Bob', ''], 'Java inline flags work; a group that did not take part is empty');
    assert.deepEqual((await api.getEmailContentMatch({ emailId: plain.id, contentMatchOptions: { pattern: 'absent (\\d+)' } })).matches, []);
    assert.deepEqual(
      (await api.getEmailContentMatch({ emailId: rich.id, contentMatchOptions: { pattern: 'code is <b>(\\d+)</b>' } })).matches,
      ['code is <b>482913</b>', '482913'],
      'an HTML email is matched against its HTML body',
    );
  });

  test('getEmailContentMatch: an invalid regex is a 400 naming it; a runaway one is stopped without blocking the server', async () => {
    const post = (pattern: string) =>
      tenant.fetch(`/emails/${plain.id}/contentMatch`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pattern }),
      });
    const invalid = await errorOf(post('code is: ([0-9]{6}'));
    assert.equal(invalid.status, 400);
    assert.match(invalid.message, /pattern 'code is: \(\[0-9\]\{6\}' is not a valid regular expression/);
    assert.equal((await errorOf(post(''))).status, 400);

    const started = Date.now();
    const runaway = post('(a+)+$');
    // While the pattern runs, the server keeps answering.
    const during = Date.now();
    await tenant.mailslurp.emailController.getEmail({ emailId: rich.id });
    assert.ok(Date.now() - during < 800, 'other requests are not blocked');
    const stopped = await errorOf(runaway);
    assert.equal(stopped.status, 400);
    assert.match(stopped.message, /pattern '\(a\+\)\+\$' took longer than \d+ ms/);
    assert.ok(Date.now() - started < 5000);
    assert.deepEqual(
      (await api.getEmailContentMatch({ emailId: plain.id, contentMatchOptions: { pattern: 'Hello (\\w+)' } })).matches,
      ['Hello Bob', 'Bob'],
      'matching works again afterwards',
    );
  });

  // ------------------------------------------------------------------------------- MIME parts

  test('getEmailContentPart: a part by content type and index; binary parts in base64', async () => {
    const text = await api.getEmailContentPart({ emailId: rich.id, contentType: 'text/plain' });
    assert.equal(lf(text.content?.trim()), TEXT);
    assert.equal(lf((await api.getEmailContentPart({ emailId: rich.id, contentType: 'text/html' })).content?.trim()), HTML);
    assert.equal(lf((await api.getEmailContentPart({ emailId: rich.id, contentType: 'text', index: 1 })).content?.trim()), HTML, 'any text part, the second');
    assert.equal(lf((await api.getEmailContentPart({ emailId: rich.id, contentType: 'text/*', index: 2 })).content), CSV);
    assert.equal(lf((await api.getEmailContentPart({ emailId: rich.id, contentType: 'html' })).content?.trim()), HTML, 'by subtype');
    assert.equal((await api.getEmailContentPart({ emailId: rich.id, contentType: 'image/png' })).content, PNG.toString('base64'));
    assert.equal((await api.getEmailContentPart({ emailId: latin1.id, contentType: 'text/plain' })).content?.trim(), 'Grüße aus Köln');

    assert.equal(await statusOf(api.getEmailContentPart({ emailId: rich.id, contentType: 'text', strict: true })), 404, 'strict: exact type only');
    const outOfRange = await errorOf(tenant.fetch(`/emails/${rich.id}/contentPart?${query({ contentType: 'text/plain', index: '3' })}`));
    assert.equal(outOfRange.status, 404);
    assert.match(outOfRange.message, /has 1 text\/plain part\(s\); index 3 is out of range/);
    const absent = await errorOf(tenant.fetch(`/emails/${rich.id}/contentPart?${query({ contentType: 'application/pdf' })}`));
    assert.equal(absent.status, 404);
    assert.match(absent.message, /no application\/pdf part; its parts are: text\/plain, text\/html, image\/png, text\/csv/);
    assert.equal((await errorOf(tenant.fetch(`/emails/${rich.id}/contentPart`))).status, 400, 'contentType is required');
    assert.equal((await errorOf(tenant.fetch(`/emails/${rich.id}/contentPart?contentType=text&index=-1`))).status, 400);
  });

  test('getEmailContentPartContent: the part itself, with its content type', async () => {
    assert.equal(lf(await api.getEmailContentPartContent({ emailId: rich.id, contentType: 'text/csv' })), CSV);
    assert.equal((await api.getEmailContentPartContent({ emailId: latin1.id, contentType: 'text/plain' })).trim(), 'Grüße aus Köln');

    const image = await tenant.fetch(`/emails/${rich.id}/contentPart/raw?${query({ contentType: 'image/png' })}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), PNG);
    const html = await tenant.fetch(`/emails/${rich.id}/contentPart/raw?${query({ contentType: 'text/html' })}`);
    assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(lf((await html.text()).trim()), HTML);
    assert.equal(await statusOf(api.getEmailContentPartContent({ emailId: rich.id, contentType: 'video/mp4' })), 404);
  });

  // ------------------------------------------------------------------------- URLs and summary

  test('getEmailPreviewURLs: URLs of this server that serve the raw message and the HTML', async () => {
    const urls = await api.getEmailPreviewURLs({ emailId: rich.id });
    assert.equal(urls.origin, server.url);
    // Each link carries a preview token (test/integration/preview-links.test.ts); with the key it opens too.
    assert.match(urls.rawSmtpMessageUrl, new RegExp(`^${server.url}/emails/${rich.id}/raw\\?token=[\\w.%-]+$`));
    assert.match(urls.plainHtmlBodyUrl, new RegExp(`^${server.url}/emails/${rich.id}/html\\?token=[\\w.%-]+$`));
    const headers = { 'x-api-key': tenant.apiKey };
    const raw = await fetch(urls.rawSmtpMessageUrl, { headers });
    assert.equal(raw.status, 200);
    assert.equal((await tenant.mailslurp.emailController.getRawEmailJson({ emailId: rich.id })).content, await raw.text());
    const html = await fetch(urls.plainHtmlBodyUrl, { headers });
    assert.equal(await html.text(), await api.getEmailHTML({ emailId: rich.id }));
  });

  test('getEmailSummary: the EmailPreview, without marking the email read', async () => {
    const fresh = await deliver({ raw: rawMessage({ to: inbox.emailAddress, subject: 'Summarize me', body: 'x' }) });
    await api.getEmailHTML({ emailId: fresh.id });
    await api.getEmailTextLines({ emailId: fresh.id });
    const summary = await api.getEmailSummary({ emailId: fresh.id });
    assert.equal(summary.id, fresh.id);
    assert.equal(summary.inboxId, inbox.id);
    assert.equal(summary.subject, 'Summarize me');
    assert.deepEqual(summary.to, [inbox.emailAddress]);
    assert.equal(summary.from, 'sender@example.com');
    assert.equal(summary.read, false, 'neither the summary nor the content operations mark it read');
    assert.equal(summary.createdAt.getTime(), fresh.createdAt.getTime());

    const richSummary = await api.getEmailSummary({ emailId: rich.id, decode: true });
    assert.equal(richSummary.attachments?.length, 2);
    assert.ok(richSummary.bodyPartContentTypes?.includes('text/html'));
  });

  // ------------------------------------------------------------------------------- isolation

  /** One call of each operation (started when invoked, so no rejection goes unhandled). */
  const callEach = (client: EmailControllerApi, emailId: string): Array<[string, () => Promise<unknown>]> => [
    ['getEmailHTML', () => client.getEmailHTML({ emailId })],
    ['getEmailHTMLJson', () => client.getEmailHTMLJson({ emailId })],
    ['getEmailHTMLQuery', () => client.getEmailHTMLQuery({ emailId, htmlSelector: 'p' })],
    ['getEmailTextLines', () => client.getEmailTextLines({ emailId })],
    ['getEmailLinks', () => client.getEmailLinks({ emailId })],
    ['getEmailCodes', () => client.getEmailCodes({ emailId })],
    ['getEmailContentMatch', () => client.getEmailContentMatch({ emailId, contentMatchOptions: { pattern: 'a' } })],
    ['getEmailContentPart', () => client.getEmailContentPart({ emailId, contentType: 'text/plain' })],
    ['getEmailContentPartContent', () => client.getEmailContentPartContent({ emailId, contentType: 'text/plain' })],
    ['getEmailPreviewURLs', () => client.getEmailPreviewURLs({ emailId })],
    ['getEmailSummary', () => client.getEmailSummary({ emailId })],
  ];

  test("another tenant's email is 404 for every operation, as is an unknown id", async () => {
    const other = await server.createTenant();
    const otherApi = new EmailControllerApi(new Configuration({ apiKey: other.apiKey, basePath: server.url }));
    const calls = [...callEach(otherApi, rich.id), ...callEach(api, NOT_MINE)];
    assert.equal(calls.length, OPERATIONS.length * 2);
    for (const [operationId, call] of calls) assert.equal(await statusOf(call()), 404, operationId);
    // The owner still reads it.
    assert.equal((await api.getEmailCodes({ emailId: rich.id })).code, '482913');
  });

  test('a non-UUID email id is 400 naming the parameter, for every operation', async () => {
    for (const [operationId, call] of callEach(api, 'not-a-uuid')) {
      try {
        await call();
        assert.fail(`${operationId} accepted a non-UUID id`);
      } catch (err) {
        assert.ok(err instanceof Response, operationId);
        assert.equal(err.status, 400, operationId);
        assert.match(((await err.json()) as { message: string }).message, /emailId.*UUID/, operationId);
      }
    }
  });

  test('without an API key every operation is 401', async () => {
    for (const [operationId, method, path] of OPERATIONS) {
      const response = await server.fetch(path.replace(':emailId', rich.id) + '?contentType=text&htmlSelector=p', { method, key: null });
      assert.equal(response.status, 401, operationId);
    }
  });

  test('the content routes are exactly the client operations above, with their methods, paths and query parameters', () => {
    const served: Array<[string, string, string, string[]]> = contentOperations.map((op) => [
      op.operationId, op.method, op.path.replace(/\{(\w+)\}/g, ':$1'), Object.keys((op.query as { properties?: object } | undefined)?.properties ?? {}),
    ]);
    const byId = (a: [string, ...unknown[]], b: [string, ...unknown[]]) => a[0].localeCompare(b[0]);
    assert.deepEqual(served.sort(byId), [...OPERATIONS].sort(byId));
  });
});
