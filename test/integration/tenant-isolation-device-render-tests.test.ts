import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, DevicePreviewsControllerApi, ToolsControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/** Tenant B aims the device render test and import address routes at tenant A's: 404, and A's unchanged. */
describeEachDialect('tenant isolation: device render tests', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
  });
  after(() => server.close());

  test('B reads none of A\'s device render tests and cannot open A\'s address', async () => {
    const toolsA = new ToolsControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    const toolsB = new ToolsControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const created = await toolsA.createPublicDeviceRenderTest({ createPublicDeviceRenderTestOptions: {} });
    assert.equal(await statusOf(toolsB.getPublicDeviceRenderTest({ id: created.id })), 404);
    const inbox = (await a.mailslurp.getAllInboxes(0, 100)).content!.find((i) => i.emailAddress === created.emailAddress)!;
    assert.equal(await statusOf(b.inboxApi.getInbox({ inboxId: inbox.id! })), 404);
    assert.equal((await toolsA.getPublicDeviceRenderTest({ id: created.id })).status, 'WAITING_FOR_EMAIL');
  });

  test('B reads none of A\'s device preview import addresses', async () => {
    const previewsA = new DevicePreviewsControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    const previewsB = new DevicePreviewsControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const created = await previewsA.createDevicePreviewImportAddress({ createDevicePreviewIngestAddressOptions: {} });
    assert.equal(await statusOf(previewsB.getDevicePreviewImportAddress({ sessionId: created.sessionId })), 404);
    const inbox = (await a.mailslurp.getAllInboxes(0, 100)).content!.find((i) => i.emailAddress === created.emailAddress)!;
    assert.equal(await statusOf(b.inboxApi.getInbox({ inboxId: inbox.id! })), 404);
    assert.equal((await previewsA.getDevicePreviewImportAddress({ sessionId: created.sessionId })).status, 'WAITING_FOR_EMAIL');
  });
});
