import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Configuration, DeliverabilityTestControllerApi } from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Tenant B aims every deliverability route at tenant A's test and simulation job: 404s; B's
 * selectors and senders cannot name A's inboxes; B's lists and analytics hold none of A's; A's
 * test and job are unchanged.
 */
describeEachDialect('tenant isolation: deliverability tests', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  before(async () => {
    server = await startTestServer(dialect);
    a = await server.createTenant();
    b = await server.createTenant();
  });
  after(() => server.close());

  test('B reaches none of A\'s tests, jobs or inboxes', async () => {
    const apiA = new DeliverabilityTestControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    const apiB = new DeliverabilityTestControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const inboxA = await a.mailslurp.createInbox();
    const senderA = await a.mailslurp.createInbox();
    const testA = await apiA.createDeliverabilityTest({
      createDeliverabilityTestOptions: { name: 'A', scope: 'INBOX' as never, selector: { type: 'EXPLICIT' as never, entityIds: [inboxA.id] }, expectations: [{ minCount: 1 }] },
    });
    await apiA.startDeliverabilityTest({ testId: testA.id });
    const jobA = await apiA.createDeliverabilitySimulationJob({ testId: testA.id, createDeliverabilitySimulationJobOptions: { senderInboxId: senderA.id } });
    await server.server.automationJobs.settled();
    const testId = testA.id;
    const jobId = jobA.id;
    const calls: Array<() => Promise<unknown>> = [
      () => apiB.getDeliverabilityTest({ testId }),
      () => apiB.pollDeliverabilityTestStatus({ testId }),
      () => apiB.updateDeliverabilityTest({ testId, updateDeliverabilityTestOptions: { name: 'B was here' } }),
      () => apiB.startDeliverabilityTest({ testId }),
      () => apiB.pauseDeliverabilityTest({ testId }),
      () => apiB.stopDeliverabilityTest({ testId }),
      () => apiB.duplicateDeliverabilityTest({ testId }),
      () => apiB.getDeliverabilityTestResults({ testId }),
      () => apiB.exportDeliverabilityTestResults({ testId }),
      () => apiB.exportDeliverabilityTestReport({ testId }),
      () => apiB.createDeliverabilitySimulationJob({ testId, createDeliverabilitySimulationJobOptions: { senderInboxId: senderA.id } }),
      () => apiB.getLatestDeliverabilitySimulationJob({ testId }),
      () => apiB.getDeliverabilitySimulationJob({ testId, jobId }),
      () => apiB.getDeliverabilitySimulationJobEvents({ testId, jobId }),
      () => apiB.pauseDeliverabilitySimulationJob({ testId, jobId }),
      () => apiB.resumeDeliverabilitySimulationJob({ testId, jobId }),
      () => apiB.cancelDeliverabilitySimulationJob({ testId, jobId }),
      () => apiB.deleteDeliverabilityTest({ testId }),
    ];
    for (const call of calls) assert.equal(await statusOf(call()), 404);

    // B's own test cannot select A's inbox, nor send from A's inbox
    assert.equal(await statusOf(apiB.createDeliverabilityTest({
      createDeliverabilityTestOptions: { scope: 'INBOX' as never, selector: { type: 'EXPLICIT' as never, entityIds: [inboxA.id] }, expectations: [{ minCount: 1 }] },
    })), 400);
    const own = await apiB.createDeliverabilityTest({ createDeliverabilityTestOptions: { scope: 'INBOX' as never, selector: { type: 'ALL' as never }, expectations: [{ minCount: 1 }] } });
    assert.equal(own.selectedEntityCount, 0, 'ALL is B\'s inboxes only, and B has none');
    assert.equal(await statusOf(apiB.createDeliverabilitySimulationJob({ testId: own.id, createDeliverabilitySimulationJobOptions: { senderInboxId: senderA.id } })), 400);

    const listed = await apiB.getDeliverabilityTests({});
    assert.deepEqual(listed.content.map((t) => t.id), [own.id]);
    assert.equal((await apiB.getDeliverabilityAnalyticsSeries({})).summary.totalRuns, 1);
    assert.deepEqual((await apiB.getDeliverabilityFailureHotspots({})).entityHotspots, []);

    const still = await apiA.getDeliverabilityTest({ testId });
    assert.deepEqual([still.name, still.status, still.matchedEntities], ['A', 'COMPLETE', 1]);
    assert.equal((await apiA.getDeliverabilitySimulationJob({ testId, jobId })).status, 'COMPLETED');
  });
});
