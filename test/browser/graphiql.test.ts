import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { browserSkip, openBrowser, screenshot, type Session } from './browser.js';

/**
 * GraphiQL in a real browser: the page and everything it loads come from this server (any
 * request to another origin is aborted and recorded, and there must be none), the page's
 * policy refuses nothing it needs, and a query run with the key in the Headers tab answers.
 * SQLite only: GraphQL itself is covered on both databases by test/integration/graphql.test.ts.
 */
describe('GraphiQL in a browser', { skip: browserSkip }, () => {
  let server: TestServer;
  let tenant: Tenant;
  let browser: Session;
  let page: Page;
  const elsewhere: string[] = [];
  const refused: string[] = [];

  before(async () => {
    server = await startTestServer('sqlite');
    tenant = await server.createTenant();
    browser = await openBrowser();
    page = browser.page;
    const origin = new URL(server.url).origin;
    await browser.context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('data:') || new URL(url).origin === origin) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Replaces the text of the CodeMirror editor inside `container` (typed as a paste: no auto-closed brackets). */
  const replaceText = async (container: string, text: string) => {
    await page.locator(`${container} .CodeMirror >> visible=true`).first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
  };
  const run = async () => page.getByRole('button', { name: /Execute query/ }).click();

  test('the page and its scripts come from this server with the dashboard\'s kind of headers', async () => {
    const response = await page.goto(`${server.url}/graphql`);
    assert.equal(response?.status(), 200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /connect-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(response?.headers()['x-content-type-options'], 'nosniff');
    await page.locator('.graphiql-container').waitFor();
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    const scripts = await page.locator('script').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src') ?? ''));
    assert.ok(scripts.length >= 4, 'React, ReactDOM, GraphiQL and the loader');
    for (const src of scripts) assert.ok(src.startsWith('/graphiql/assets/'), `${src} is served here`);
    const inline = await page.locator('script:not([src])').count();
    assert.equal(inline, 0, 'no inline script');
  });

  test('a query with the key in the Headers tab shows its result', async () => {
    const inbox = await tenant.mailslurp.createInbox();
    await page.goto(`${server.url}/graphql`);
    await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    // the Headers tab is open from the start, with a placeholder for the key
    await page.locator('.graphiql-editor-tools button.active[data-name="headers"]').waitFor();
    await replaceText('.graphiql-editor-tool', JSON.stringify({ 'x-api-key': tenant.apiKey }));
    await replaceText('.graphiql-query-editor', '{ __typename }');
    await run();
    await page.locator('.result-window').filter({ hasText: '"__typename": "Query"' }).waitFor();

    await replaceText('.graphiql-query-editor', `{ inbox(id: "${inbox.id}") { emailAddress } }`);
    await run();
    await page.locator('.result-window').filter({ hasText: inbox.emailAddress }).waitFor();
    await screenshot(page, 'graphiql');

    // the key is what let it through: without it the same query is refused
    await replaceText('.graphiql-editor-tool', '{}');
    await replaceText('.graphiql-query-editor', '{ __typename }');
    await run();
    await page.locator('.result-window').filter({ hasText: /UNAUTHENTICATED|API key/i }).waitFor();
  });

  test('nothing was requested from another origin and the policy refused nothing', () => {
    assert.deepEqual(elsewhere, []);
    assert.deepEqual(refused, []);
  });
});
