import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { Configuration, WebhookControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { smtpTransport } from '../helpers/smtp.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { waitersRegistered } from '../helpers/waiters.js';
import { scrape } from '../helpers/prometheus.js';

/** A port free right now (bound and released), for the metrics listener of its own. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describeEachDialect('Prometheus metrics', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let hook: WebhookReceiver;

  before(async () => {
    server = await startTestServer(dialect, {
      env: { PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_WEBHOOK_RETRY_BASE: '20', PIGEONHOLE_WEBHOOK_RETRY_WINDOW: '60000' },
    });
    alice = await server.createTenant();
    hook = await startWebhookReceiver();
  });
  after(async () => {
    await hook.close();
    await server.close();
  });

  test('a scrape after real traffic: SMTP, a refusal, webhooks, HTTP, waits, stored emails and process metrics', async () => {
    const inbox = await alice.mailslurp.createInbox();
    const idle = await alice.mailslurp.createInbox();
    // The first attempt is answered 500, every later one 200: one failed attempt, then two deliveries.
    hook.respond = () => (hook.requests.length === 1 ? 500 : 200);
    await new WebhookControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }))
      .createWebhook({ inboxId: inbox.id!, createWebhookOptions: { url: hook.url } });

    // Three SMTP sessions (nodemailer opens one per message): two messages stored, one refused at RCPT.
    for (const subject of ['first', 'second']) {
      await smtpTransport(server).sendMail({ from: 'sender@example.com', to: inbox.emailAddress!, subject, text: 'hello' });
    }
    await assert.rejects(
      smtpTransport(server).sendMail({ from: 'sender@example.com', to: `nobody-${Date.now()}@${inbox.emailAddress!.split('@')[1]}`, subject: 'x', text: 'x' }),
      /550/,
    );
    await hook.waitFor(3);
    await server.server.webhooks.settled();

    // One API call on a route with an id in its path, and one no route matches.
    assert.equal((await alice.fetch(`/inboxes/${inbox.id}`)).status, 200);
    assert.equal((await alice.fetch(`/no-such-route/${inbox.id}`)).status, 404);

    // A wait held while scraping.
    const leave = new AbortController();
    const registered = waitersRegistered(server.server.bus, 'email.received');
    const held = fetch(`${server.url}/waitForLatestEmail?inboxId=${idle.id}&timeout=60000`, { headers: { 'x-api-key': alice.apiKey }, signal: leave.signal })
      .catch(() => undefined);
    await registered;

    // No API key: Prometheus scrapes without one (unless PIGEONHOLE_METRICS_TOKEN is set).
    assert.equal(server.server.metricsUrl, `${server.url}/metrics`);
    const metrics = await scrape(`${server.url}/metrics`);
    leave.abort();
    await held;

    assert.equal(metrics.value('pigeonhole_smtp_sessions_total'), 3);
    assert.equal(metrics.value('pigeonhole_smtp_messages_accepted_total'), 2);
    assert.equal(metrics.value('pigeonhole_smtp_refusals_total', { reason: 'unknown_recipient' }), 1);
    for (const reason of ['size', 'parse_limit', 'ruleset', 'chaos', 'auth', 'rate', 'other']) {
      assert.equal(metrics.value('pigeonhole_smtp_refusals_total', { reason }), 0, `no ${reason} refusal, and the series is there`);
    }
    assert.equal(metrics.families.get('pigeonhole_ingest_commit_seconds')?.type, 'HISTOGRAM');
    assert.equal(metrics.value('pigeonhole_ingest_commit_seconds'), 2, 'two commits observed');
    // each stored message timed in each step it went through (the test server leaves mail auth off)
    // (read from the text: the parser drops a labelled histogram's labels)
    assert.equal(metrics.families.get('pigeonhole_ingest_step_seconds')?.type, 'HISTOGRAM');
    for (const step of ['parse', 'store']) {
      assert.match(metrics.text, new RegExp(`^pigeonhole_ingest_step_seconds_count\\{step="${step}"\\} 2$`, 'm'), `two messages timed in ${step}`);
    }
    assert.doesNotMatch(metrics.text, /step="authenticate"/, 'mail auth is off here: never timed');
    assert.equal(metrics.value('pigeonhole_stored_emails'), 2);
    assert.equal(metrics.value('pigeonhole_waits_held'), 1);
    assert.equal(metrics.value('pigeonhole_webhook_deliveries_total', { outcome: 'success' }), 2);
    assert.equal(metrics.value('pigeonhole_webhook_deliveries_total', { outcome: 'bad_response' }), 1);
    assert.equal(metrics.value('pigeonhole_webhook_delivery_seconds'), 3, 'three attempts timed');
    assert.equal(metrics.value('pigeonhole_webhook_deliveries_pending'), 0);
    assert.equal(metrics.value('pigeonhole_send_queue_pending'), 0);
    assert.equal(metrics.value('pigeonhole_http_requests_total', { method: 'GET', route: '/inboxes/:inboxId', status: '200' }), 1);
    assert.equal(metrics.value('pigeonhole_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }), 1);
    assert.ok(!metrics.text.includes(inbox.id!), 'routes are templates: no id from a URL becomes a label');
    assert.ok((metrics.value('process_cpu_user_seconds_total') ?? 0) > 0, "prom-client's process metrics are there");
    assert.ok((metrics.value('nodejs_heap_size_used_bytes') ?? 0) > 0);
  });

  test('PIGEONHOLE_METRICS_TOKEN: 401 without the bearer token (an API key is not it), 200 with it', async () => {
    const token = 'metrics-token-for-tests-0123456789';
    const guarded = await startTestServer(dialect, { env: { PIGEONHOLE_METRICS_TOKEN: token } });
    try {
      const url = `${guarded.url}/metrics`;
      const none = await fetch(url);
      assert.equal(none.status, 401);
      assert.match(((await none.json()) as { message: string }).message, /Bearer/);
      assert.equal((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status, 401);
      assert.equal((await fetch(url, { headers: { 'x-api-key': guarded.adminKey } })).status, 401);
      const ok = await scrape(url, { authorization: `Bearer ${token}` });
      assert.ok(ok.families.has('pigeonhole_smtp_sessions_total'));
    } finally {
      await guarded.close();
    }
  });

  test('PIGEONHOLE_METRICS_PORT serves /metrics on a port of its own (and not on the HTTP port); off serves none', async () => {
    const port = await freePort();
    const own = await startTestServer(dialect, { env: { PIGEONHOLE_METRICS_PORT: String(port) } });
    try {
      assert.equal(own.server.metricsUrl, `http://127.0.0.1:${port}/metrics`);
      const listener = own.server.listeners.find((l) => l.name === 'Metrics');
      assert.equal(listener?.setting, 'metricsPort', 'the start-up banner lists it');
      assert.equal((await fetch(`${own.url}/metrics`)).status, 404, 'not on the HTTP port');
      assert.equal((await own.fetch('/inboxes')).status, 200);
      const scraped = await scrape(own.server.metricsUrl!);
      // the API's requests are counted there all the same
      assert.equal(scraped.value('pigeonhole_http_requests_total', { route: '/inboxes', status: '200' }), 1);
      assert.equal((await fetch(`http://127.0.0.1:${port}/other`)).status, 404, 'only /metrics is served there');
    } finally {
      await own.close();
    }
    const off = await startTestServer(dialect, { env: { PIGEONHOLE_METRICS: 'off' } });
    try {
      assert.equal(off.server.metricsUrl, undefined);
      assert.equal((await fetch(`${off.url}/metrics`)).status, 404);
    } finally {
      await off.close();
    }
  });
});
