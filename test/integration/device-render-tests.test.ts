import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, DevicePreviewsControllerApi, ToolsControllerApi } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

/**
 * Device render tests through the client: an address to mail, its first message rendered by a
 * device preview run in the server's Chromium, a share link that needs no key; an hour without
 * mail expires the test (the server's clock is a ManualClock). Tenant B sees none of A's tests.
 */
describeEachDialect('device render tests', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let bob: Tenant;
  let tools: ToolsControllerApi;
  const clock = new ManualClock(new Date());
  before(async () => {
    server = await startTestServer(dialect, { clock });
    alice = await server.createTenant();
    bob = await server.createTenant();
    tools = new ToolsControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
  });
  after(() => server.close());

  test('the first message to the address becomes a device preview run with a share link', async () => {
    const created = await tools.createPublicDeviceRenderTest({ createPublicDeviceRenderTestOptions: {} });
    assert.equal(created.status, 'WAITING_FOR_EMAIL');
    assert.equal(created.freeLimitReached, false);
    assert.equal((await tools.getPublicDeviceRenderTest({ id: created.id })).status, 'WAITING_FOR_EMAIL');

    await smtpTransport(server).sendMail({
      envelope: { from: 'news@shop.example', to: [created.emailAddress] },
      raw: rawMessage({ from: 'Shop <news@shop.example>', to: created.emailAddress, subject: 'Render me', body: 'Hello on every device' }),
    });
    const started = await tools.getPublicDeviceRenderTest({ id: created.id });
    assert.equal(started.status, 'RUN_CREATED');
    assert.equal(started.sourceSubject, 'Render me');
    assert.equal(started.senderDomain, 'shop.example');
    assert.ok(started.runId);
    assert.ok(started.shareUrl?.startsWith(`${server.url}/emails/device-previews/share/`));
    // read again: the same run, not a second one
    assert.equal((await tools.getPublicDeviceRenderTest({ id: created.id })).runId, started.runId);

    const previews = new DevicePreviewsControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
    await previews.waitForDevicePreviewRun({ runId: started.runId!, timeoutMillis: 60_000 });
    const results = await previews.getDevicePreviewRunResults({ runId: started.runId! });
    assert.ok(results.screenshots.length >= 1, 'rendered by Chromium');
    const shared = await fetch(started.shareUrl!);
    assert.equal(shared.status, 200, 'the share link needs no key');

    assert.equal(await statusOf(new ToolsControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url })).getPublicDeviceRenderTest({ id: created.id })), 404);
  });

  test('an hour without mail expires the test', async () => {
    const created = await tools.createPublicDeviceRenderTest({ createPublicDeviceRenderTestOptions: {} });
    clock.advance(60 * 60 * 1000);
    const expired = await tools.getPublicDeviceRenderTest({ id: created.id });
    assert.equal(expired.status, 'EXPIRED');
    assert.equal(expired.runId, undefined);
  });
});
