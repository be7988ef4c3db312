import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type Transporter } from 'nodemailer';
import { CampaignProbeControllerApi, Configuration, ToolsControllerApi, type CampaignProbeDto, type CampaignProbeRunDto } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { faultyHtml, mendedHtml, startLinkSite, type LinkSite } from '../helpers/link-site.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Campaign probes through the official client: mail sent over SMTP to a probe's address is
 * checked once as a run (links and images fetched from a real local site), runs asked for with
 * content, compared, summed up as insights and a series; scheduled re-checks on a ManualClock
 * (through runDueCampaignProbes and the scheduler's own pass); a disabled probe checks nothing;
 * the one-shot checkCampaignProbe of ToolsController.
 */
describeEachDialect('campaign probes', (dialect) => {
  const clock = new ManualClock(new Date('2026-11-23T10:00:00.000Z'));
  let site: LinkSite;
  let server: TestServer;
  let tenant: Tenant;
  let probes: CampaignProbeControllerApi;
  let tools: ToolsControllerApi;
  let transport: Transporter;
  let probe: CampaignProbeDto;
  let inboundRun: CampaignProbeRunDto;
  let mendedRun: CampaignProbeRunDto;

  before(async () => {
    site = await startLinkSite();
    server = await startTestServer(dialect, {
      clock,
      env: { PIGEONHOLE_WEBHOOK_ALLOW: site.base.slice('http://'.length), PIGEONHOLE_WEBHOOK_TIMEOUT: '5000', PIGEONHOLE_CAMPAIGN_PROBE_INTERVAL: '3600000' },
    });
    tenant = await server.createTenant();
    const config = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
    probes = new CampaignProbeControllerApi(config);
    tools = new ToolsControllerApi(config);
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
  });
  after(async () => {
    transport.close();
    await server.close();
    site.close();
  });

  const received = (count: number) =>
    tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inboxOf(probe), count, timeout: 30_000 });
  let probeInboxId = '';
  const inboxOf = (_p: CampaignProbeDto) => probeInboxId;

  test('a new probe is an address of this server with no runs yet', async () => {
    probe = await probes.createCampaignProbe({ createCampaignProbeOptions: { name: 'November newsletter' } });
    assert.equal(probe.name, 'November newsletter');
    assert.equal(probe.enabled, true);
    assert.equal(probe.schedulingEnabled, false);
    assert.equal(probe.nextRunAt ?? null, null, 'null, which the client reads as undefined');
    assert.equal(probe.totalIngestCount, 0);
    assert.equal(probe.emailAddress, `${probe.localPart}@${probe.emailAddress.split('@')[1]}`);
    const inbox = (await tenant.mailslurp.getAllInboxes(0, 100)).content!.find((i) => i.emailAddress === probe.emailAddress);
    assert.ok(inbox, 'the probe\'s address is one of the caller\'s inboxes');
    probeInboxId = inbox.id!;
    assert.deepEqual((await probes.getCampaignProbes()).map((p) => p.id), [probe.id]);
    assert.deepEqual(await probes.getCampaignProbeRuns({ probeId: probe.id }), []);
    // nothing received, no content given: nothing to check
    const nothing = await tenant.fetch(`/campaign-probe/probes/${probe.id}/run-now`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(nothing.status, 400);
    assert.match(((await nothing.json()) as { message: string }).message, new RegExp(`send a message to ${probe.emailAddress.replace(/[.+]/g, '\\$&')}`));
  });

  test('a message received at the address is checked once, as an SES_MONITOR run', async () => {
    await transport.sendMail({ from: 'news@shop.example', to: probe.emailAddress, subject: 'Our November deals', html: faultyHtml(site.base), messageId: '<deals-1@shop.example>' });
    const [email] = await received(1);
    const runs = await probes.getCampaignProbeRuns({ probeId: probe.id });
    assert.equal(runs.length, 1);
    inboundRun = runs[0]!;
    assert.equal(inboundRun.source, 'SES_MONITOR');
    assert.equal(inboundRun.status, 'FAILED');
    assert.equal(inboundRun.sourceMessageId, email!.id);
    assert.equal(inboundRun.messageId, '<deals-1@shop.example>');
    assert.equal(inboundRun.subject, 'Our November deals');
    assert.equal(inboundRun.fromAddress, 'news@shop.example');
    assert.equal(inboundRun.recipient, probe.emailAddress);
    assert.equal(inboundRun.checkedLinks, 2);
    assert.equal(inboundRun.linkIssueCount, 1);
    assert.equal(inboundRun.checkedImages, 1);
    assert.equal(inboundRun.imageIssueCount, 0);
    assert.equal(inboundRun.attachmentMentionIssueCount, 1);
    assert.ok(inboundRun.insights.includes(`[link] ${site.base}/missing: answered HTTP 404`), inboundRun.insights.join('\n'));
    assert.equal(inboundRun.totalChecks, inboundRun.passingChecks + inboundRun.failingChecks);
    assert.equal(inboundRun.healthScore, Math.round((100 * inboundRun.passingChecks) / inboundRun.totalChecks));
    assert.ok(inboundRun.processingMs !== null && inboundRun.processingMs! >= 0);
    // read again: the same message is not checked twice
    assert.equal((await probes.getCampaignProbeRuns({ probeId: probe.id })).length, 1);
    const read = await probes.getCampaignProbe({ probeId: probe.id });
    assert.equal(read.totalIngestCount, 1);
    assert.equal(read.lastRunStatus, 'FAILED');
    assert.equal(read.lastHealthScore, inboundRun.healthScore);
    assert.equal(read.lastIngestAt?.toISOString(), email!.createdAt.toISOString());
    assert.deepEqual(await probes.getCampaignProbeRun({ probeId: probe.id, runId: inboundRun.id }), inboundRun);
  });

  test('run-now checks given content; two runs compare with the older as the baseline', async () => {
    clock.advance(60_000);
    const { probe: after, run } = await probes.runCampaignProbeNow({
      probeId: probe.id, createCampaignProbeRunOptions: { htmlBody: mendedHtml(site.base), subject: 'Our November deals (fixed)', messageId: 'draft-2' },
    });
    mendedRun = run;
    assert.equal(run.source, 'DIRECT_API');
    assert.equal(run.linkIssueCount, 0);
    assert.notEqual(run.status, 'FAILED', run.insights.join('\n'));
    assert.equal(run.subject, 'Our November deals (fixed)');
    assert.equal(run.messageId, 'draft-2');
    assert.equal(run.sourceMessageId ?? null, null);
    assert.equal(after.lastRunStatus, run.status);

    for (const [a, b] of [[inboundRun.id, mendedRun.id], [mendedRun.id, inboundRun.id]]) {
      const comparison = await probes.compareCampaignProbeRuns({ probeId: probe.id, runId: a!, otherRunId: b! });
      assert.equal(comparison.baseline.id, inboundRun.id);
      assert.equal(comparison.current.id, mendedRun.id);
      assert.equal(comparison.linkIssueDelta, -1);
      assert.equal(comparison.attachmentMentionIssueDelta, -1);
      assert.equal(comparison.healthScoreDelta, mendedRun.healthScore - inboundRun.healthScore);
      assert.equal(comparison.statusChanged, true);
      assert.ok(comparison.removedInsights.includes(`[link] ${site.base}/missing: answered HTTP 404`));
      assert.deepEqual(comparison.addedInsights, mendedRun.insights.filter((i) => !inboundRun.insights.includes(i)));
    }
    assert.deepEqual((await probes.getCampaignProbeRuns({ probeId: probe.id, status: 'FAILED' as never })).map((r) => r.id), [inboundRun.id]);
  });

  test('insights and series are computed from the stored runs', async () => {
    const insights = await probes.getCampaignProbeInsights({ probeId: probe.id });
    assert.equal(insights.totalRuns, 2);
    assert.equal(insights.failedRuns, 1);
    assert.equal(insights.healthyRuns + insights.warningRuns, 1);
    assert.equal(insights.latestRun?.id, mendedRun.id);
    assert.equal(insights.averageHealthScore, (inboundRun.healthScore + mendedRun.healthScore) / 2);
    assert.ok(insights.attentionSignals.includes('Broken links in 1 of 2 checked runs'), insights.attentionSignals.join('\n'));
    assert.ok(insights.topFindings.some((f) => f.startsWith(`[link] ${site.base}/missing`) && f.endsWith('(1 of 2 runs)')), insights.topFindings.join('\n'));

    const series = await probes.getCampaignProbeSeries({ probeId: probe.id, bucket: 'HOUR' as never });
    assert.equal(series.bucket, 'HOUR');
    assert.deepEqual(series.points.map((p) => [p.bucketStart.toISOString(), p.runCount, p.failedCount]), [['2026-11-23T10:00:00.000Z', 2, 1]]);

    const wrongWindow = await tenant.fetch(`/campaign-probe/probes/${probe.id}/insights?since=2026-11-24T00:00:00Z&before=2026-11-23T00:00:00Z`);
    assert.equal(wrongWindow.status, 400);
  });

  test('a schedule re-checks the latest message when due: through run-due and the scheduler', async () => {
    const scheduled = await probes.updateCampaignProbe({ probeId: probe.id, updateCampaignProbeOptions: { schedulingEnabled: true, intervalSeconds: 3600 } });
    assert.equal(scheduled.intervalSeconds, 3600);
    assert.equal(scheduled.nextRunAt?.getTime(), clock.now().getTime() + 3600_000);
    assert.equal(scheduled.name, 'November newsletter', 'fields left out are kept');

    const early = await probes.runDueCampaignProbes({});
    assert.deepEqual([early.dueProbeCount, early.runCount], [0, 0]);

    clock.advance(3600_000);
    const due = await probes.runDueCampaignProbes({ maxRuns: 5 });
    assert.deepEqual([due.triggerSource, due.dueProbeCount, due.runCount, due.skippedCount, due.requestedMaxRuns], ['DIRECT_API', 1, 1, 0, 5]);
    const [recheck] = await probes.getCampaignProbeRuns({ probeId: probe.id, limit: 1 });
    assert.equal(recheck!.source, 'DIRECT_API');
    assert.equal(recheck!.sourceMessageId, inboundRun.sourceMessageId, 'the latest received message is checked again');
    assert.equal(recheck!.linkIssueCount, 1);
    assert.equal((await probes.runDueCampaignProbes({})).runCount, 0, 'the due time was taken: nothing is due again yet');

    clock.advance(3600_000);
    assert.equal(await server.server.campaignProbes.runOnce(), 1);
    const [byScheduler] = await probes.getCampaignProbeRuns({ probeId: probe.id, limit: 1 });
    assert.equal(byScheduler!.source, 'USER_SCHEDULE');
    assert.equal((await probes.getCampaignProbe({ probeId: probe.id })).nextRunAt?.getTime(), clock.now().getTime() + 3600_000);
  });

  test('a disabled probe checks nothing, and mail it got meanwhile stays unchecked when enabled again', async () => {
    const before = (await probes.getCampaignProbeRuns({ probeId: probe.id })).length;
    const disabled = await probes.updateCampaignProbe({ probeId: probe.id, updateCampaignProbeOptions: { enabled: false } });
    assert.equal(disabled.enabled, false);
    assert.equal(disabled.nextRunAt ?? null, null);
    await transport.sendMail({ from: 'news@shop.example', to: probe.emailAddress, subject: 'While disabled', html: faultyHtml(site.base) });
    await received(2);
    assert.equal((await probes.getCampaignProbeRuns({ probeId: probe.id })).length, before);
    assert.equal((await probes.getCampaignProbe({ probeId: probe.id })).totalIngestCount, 2);
    clock.advance(1000);
    await probes.updateCampaignProbe({ probeId: probe.id, updateCampaignProbeOptions: { enabled: true } });
    assert.equal((await probes.getCampaignProbeRuns({ probeId: probe.id })).length, before);
    // mail after re-enabling is checked
    await transport.sendMail({ from: 'news@shop.example', to: probe.emailAddress, subject: 'Enabled again', html: mendedHtml(site.base) });
    await received(3);
    const [latest] = await probes.getCampaignProbeRuns({ probeId: probe.id, limit: 1 });
    assert.equal(latest!.subject, 'Enabled again');
    assert.equal(latest!.source, 'SES_MONITOR');
  });

  test('checkCampaignProbe checks given content once; bad input is a 400 naming it', async () => {
    const result = await tools.checkCampaignProbe({ checkCampaignProbeOptions: { htmlBody: faultyHtml(site.base), captchaToken: 'ignored' } });
    assert.equal(result.status, 'FAILED');
    assert.equal(result.linkIssueCount, 1);
    assert.equal(result.checkedLinks, 2);
    const empty = await tenant.fetch('/tools/check-campaign-probe', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"subject":"x"}' });
    assert.equal(empty.status, 400);
    assert.match(((await empty.json()) as { message: string }).message, /htmlBody or textBody is required/);
    const short = await tenant.fetch('/campaign-probe/probes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"intervalSeconds":5}' });
    assert.equal(short.status, 400);
    assert.match(((await short.json()) as { message: string }).message, /intervalSeconds/);
  });

  test('deleting a probe deletes its runs and its inbox', async () => {
    await probes.deleteCampaignProbe({ probeId: probe.id });
    assert.equal(await statusOf(probes.getCampaignProbe({ probeId: probe.id })), 404);
    assert.equal(await statusOf(probes.getCampaignProbeRun({ probeId: probe.id, runId: inboundRun.id })), 404);
    assert.equal(await statusOf(tenant.inboxApi.getInbox({ inboxId: probeInboxId })), 404);
    assert.equal(await statusOf(probes.deleteCampaignProbe({ probeId: probe.id })), 404);
  });
});
