import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiInboxPlacementTestControllerApi, Configuration, CreateInboxPlacementTestOptionsAddressFormatEnum as Format,
  CreateInboxPlacementTestOptionsRequestedSegmentEnum as Segment, ToolsControllerApi,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Tenant B aims every inbox placement and spam test route at tenant A's tests: B sees none of
 * them, reads none of their results, and A's seeds are A's inboxes only.
 */
describeEachDialect('tenant isolation: inbox placement and spam tests', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  before(async () => {
    server = await startTestServer(dialect, { env: { PIGEONHOLE_SPAMD: 'off' } });
    a = await server.createTenant();
    b = await server.createTenant();
  });
  after(() => server.close());

  test('B reads none of A\'s tests, results, analyses, exports or analytics', async () => {
    const apiA = new ApiInboxPlacementTestControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    const apiB = new ApiInboxPlacementTestControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const toolsA = new ToolsControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    const toolsB = new ToolsControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const run = await apiA.createInboxPlacementTest({ createInboxPlacementTestOptions: {
      requestedSegment: Segment.ALL_INBOXES, addressFormat: Format.COMMA, senderDomain: 'a.example', publicShareRequested: false,
    } });
    const spamTest = await toolsA.createPublicSpamTest({ createPublicSpamTestOptions: { requestedSegment: Segment.ALL_INBOXES as never, addressFormat: Format.COMMA as never } });

    assert.deepEqual(await apiB.getInboxPlacementTests({}), []);
    // each call made only when awaited: a rejection made early would be unhandled meanwhile
    for (const call of [
      () => apiB.getInboxPlacementTest({ id: run.id }), () => apiB.getInboxPlacementTestResults({ id: run.id }),
      () => apiB.getInboxPlacementTestAnalysis({ id: run.id }), () => toolsB.getPublicSpamTest({ id: spamTest.id }),
      () => toolsB.getPublicSpamTestResults({ id: spamTest.id }), () => toolsB.submitPublicSpamTest({ id: spamTest.id, submitPublicSpamTestOptions: {} }),
    ]) assert.equal(await statusOf(call()), 404);
    assert.equal((await b.fetch(`/inbox-placement-tests/${run.id}/results/export`)).status, 404);
    assert.equal((await apiB.getInboxPlacementAnalyticsSeries({})).summary.totalRuns, 0);
    assert.equal((await apiB.getInboxPlacementAnalyticsBreakdown({})).senderDomains.length, 0);
    // the seeds are A's inboxes: B cannot open them
    const seedInboxes = (await a.mailslurp.getAllInboxes(0, 100)).content!.filter((i) => run.seedAddresses.includes(i.emailAddress!));
    assert.equal(seedInboxes.length, 3);
    assert.equal(await statusOf(b.inboxApi.getInbox({ inboxId: seedInboxes[0]!.id! })), 404);
    // A's submit was not made by B's attempt
    assert.equal((await toolsA.getPublicSpamTest({ id: spamTest.id })).submittedAt, undefined);
  });
});
