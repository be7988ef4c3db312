import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';

/**
 * Pages of mail carry a one-line preview of each message's body (EmailProjection.textExcerpt),
 * which the dashboard's All mail list shows under the subject: whitespace collapsed and bounded,
 * from the text part or, for HTML-only mail, the HTML's visible text.
 */
describeEachDialect('email list previews', (dialect) => {
  let server: TestServer;
  let tenant: Tenant;

  before(async () => {
    server = await startTestServer(dialect);
    tenant = await server.createTenant();
  });
  after(() => server?.close());

  test('getEmailsPaginated and searchEmails answer a bounded preview of each body', async () => {
    const inbox = await tenant.mailslurp.createInboxWithOptions({});
    const long = `Your order\n\n  has   shipped. ${'Tracking details follow. '.repeat(40)}`;
    await smtpTransport(server).sendMail({ from: 'shop@example.com', to: inbox.emailAddress, subject: 'text', text: long });
    await smtpTransport(server).sendMail({
      from: 'app@example.com', to: inbox.emailAddress, subject: 'html', html: '<h1>Reset</h1><p>Click <b>here</b> to reset.</p>',
    });
    await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 2, timeout: 10_000 });

    const page = await tenant.mailslurp.emailController.getEmailsPaginated({ inboxId: [inbox.id] });
    const bySubject = new Map((page.content ?? []).map((e) => [e.subject, e]));
    const text = bySubject.get('text')!;
    assert.ok(text.textExcerpt?.startsWith('Your order has shipped. Tracking details follow.'), String(text.textExcerpt));
    assert.equal(text.textExcerpt?.length, 160, 'bounded to 160 characters');
    assert.equal(text.bodyExcerpt, text.textExcerpt);
    const html = bySubject.get('html')!;
    assert.match(html.textExcerpt ?? '', /Reset/i);
    assert.match(html.textExcerpt ?? '', /Click here to reset\./);
    assert.doesNotMatch(html.textExcerpt ?? '', /</, 'no markup in the preview');

    const searched = await tenant.mailslurp.emailController.searchEmails({ searchEmailsOptions: { inboxIds: [inbox.id], searchFilter: 'shop@example.com' } });
    assert.equal(searched.content?.[0]?.textExcerpt, text.textExcerpt);
  });
});
