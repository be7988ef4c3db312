import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, DevicePreviewsControllerApi, ToolsControllerApi } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

/**
 * Device render tests through the client: an address to mail, its first message rendered by a
 * device preview run in the server's Chromium, a share link that needs no key; an hour without
 * mail expires the test (the server's clock is a ManualClock; that test comes last, as the
 * render jobs are due by the real clock). Import addresses of DevicePreviewsController are the same
 * address with the targets asked for. Tenant B sees none of A's tests.
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

  test('an import address (DevicePreviewsController) renders its first message at the targets asked for', async () => {
    const previews = new DevicePreviewsControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
    const address = await previews.createDevicePreviewImportAddress({
      createDevicePreviewIngestAddressOptions: { options: { nativeTargets: ['desktop-1280-light'] } },
    });
    assert.equal(address.status, 'WAITING_FOR_EMAIL');
    assert.equal(address.expiresAt.getTime(), clock.now().getTime() + 60 * 60 * 1000);
    await smtpTransport(server).sendMail({
      envelope: { from: 'news@shop.example', to: [address.emailAddress] },
      raw: rawMessage({ from: 'Shop <news@shop.example>', to: address.emailAddress, subject: 'Import me', body: 'Hello desktop' }),
    });
    const started = await previews.getDevicePreviewImportAddress({ sessionId: address.sessionId });
    assert.equal(started.status, 'RUN_CREATED');
    assert.deepEqual([started.sourceSubject, started.sourceFrom, started.sourceTo], ['Import me', 'news@shop.example', [address.emailAddress]]);
    assert.match(started.sourceMessageId!, /@example\.com>$/);
    assert.ok(started.sourceSizeBytes! > 0);
    await previews.waitForDevicePreviewRun({ runId: started.runId!, timeoutMillis: 60_000 });
    const results = await previews.getDevicePreviewRunResults({ runId: started.runId! });
    assert.deepEqual(results.targets.map((t) => t.clientProfile), ['desktop-1280-light'], 'the targets asked for, not the defaults');

    // an unknown target is refused when the address is made; a render test's id is no import address
    const bad = await alice.fetch('/emails/device-previews/import-addresses', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ options: { nativeTargets: ['nokia-3310'] } }),
    });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /Unknown device preview target\(s\): nokia-3310/);
    const renderTest = await tools.createPublicDeviceRenderTest({ createPublicDeviceRenderTestOptions: {} });
    assert.equal(await statusOf(previews.getDevicePreviewImportAddress({ sessionId: renderTest.id })), 404);
    assert.equal(await statusOf(tools.getPublicDeviceRenderTest({ id: address.sessionId })), 404);
    const bobPreviews = new DevicePreviewsControllerApi(new Configuration({ apiKey: bob.apiKey, basePath: server.url }));
    assert.equal(await statusOf(bobPreviews.getDevicePreviewImportAddress({ sessionId: address.sessionId })), 404);
  });

  test('an hour without mail expires the test', async () => {
    const created = await tools.createPublicDeviceRenderTest({ createPublicDeviceRenderTestOptions: {} });
    clock.advance(60 * 60 * 1000);
    const expired = await tools.getPublicDeviceRenderTest({ id: created.id });
    assert.equal(expired.status, 'EXPIRED');
    assert.equal(expired.runId, undefined);
  });
});
