import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CampaignProbeControllerApi, Configuration } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/** Tenant B aims every campaign probe route at tenant A's probe and run: 404s, nothing listed, and A's probe unchanged. */
describeEachDialect('tenant isolation: campaign probes', (dialect) => {
  let server: TestServer;
  let a: Tenant;
  let b: Tenant;
  const clock = new ManualClock(new Date('2026-11-23T10:00:00.000Z'));
  before(async () => {
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_CAMPAIGN_PROBE_INTERVAL: '3600000' } });
    a = await server.createTenant();
    b = await server.createTenant();
  });
  after(() => server.close());

  test('B reads, runs, changes and deletes none of A\'s probes', async () => {
    const probesA = new CampaignProbeControllerApi(new Configuration({ apiKey: a.apiKey, basePath: server.url }));
    const probesB = new CampaignProbeControllerApi(new Configuration({ apiKey: b.apiKey, basePath: server.url }));
    const probe = await probesA.createCampaignProbe({ createCampaignProbeOptions: { name: 'A', schedulingEnabled: true, intervalSeconds: 60 } });
    const { run } = await probesA.runCampaignProbeNow({ probeId: probe.id, createCampaignProbeRunOptions: { textBody: 'Hello' } });
    const probeId = probe.id;
    const calls: Array<() => Promise<unknown>> = [
      () => probesB.getCampaignProbe({ probeId }),
      () => probesB.updateCampaignProbe({ probeId, updateCampaignProbeOptions: { name: 'B was here', enabled: false } }),
      () => probesB.runCampaignProbeNow({ probeId, createCampaignProbeRunOptions: { textBody: 'B' } }),
      () => probesB.getCampaignProbeRuns({ probeId }),
      () => probesB.getCampaignProbeRun({ probeId, runId: run.id }),
      () => probesB.compareCampaignProbeRuns({ probeId, runId: run.id, otherRunId: run.id }),
      () => probesB.getCampaignProbeSeries({ probeId }),
      () => probesB.getCampaignProbeInsights({ probeId }),
      () => probesB.deleteCampaignProbe({ probeId }),
    ];
    for (const call of calls) assert.equal(await statusOf(call()), 404);
    assert.deepEqual(await probesB.getCampaignProbes(), []);
    const inbox = (await a.mailslurp.getAllInboxes(0, 100)).content!.find((i) => i.emailAddress === probe.emailAddress)!;
    assert.equal(await statusOf(b.inboxApi.getInbox({ inboxId: inbox.id! })), 404);

    // A's probe is due: B's run-due neither sees nor runs it, A's does
    clock.advance(61_000);
    assert.equal((await probesB.runDueCampaignProbes({})).dueProbeCount, 0);
    assert.equal((await probesA.runDueCampaignProbes({})).dueProbeCount, 1);

    const still = await probesA.getCampaignProbe({ probeId });
    assert.equal(still.name, 'A');
    assert.equal(still.enabled, true);
    assert.deepEqual((await probesA.getCampaignProbeRuns({ probeId })).map((r) => r.id), [run.id]);
  });
});
