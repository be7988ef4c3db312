import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import nodemailer, { type Transporter } from 'nodemailer';
import { Configuration, DeliverabilityTestControllerApi, type DeliverabilityTestDto, type InboxDto } from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';

/**
 * Deliverability tests through the official client: a selector picks inboxes by tag, the test
 * counts the mail each receives over SMTP against its expectations, a threshold judges the share
 * matched, the results page and CSV list every inbox, a simulation job sends the plan through
 * the real sending path batch by batch (paused, resumed and cancelled between batches), analytics
 * and hotspots sum the tests up, and the time limit ends a test. The clock is a ManualClock
 * started at the real time: batches queued for later are then not due until the test says.
 */
describeEachDialect('deliverability tests', (dialect) => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let tenant: Tenant;
  let api: DeliverabilityTestControllerApi;
  let transport: Transporter;
  let suite: InboxDto[];
  let sender: InboxDto;
  let first: DeliverabilityTestDto;

  before(async () => {
    server = await startTestServer(dialect, { clock });
    tenant = await server.createTenant();
    api = new DeliverabilityTestControllerApi(new Configuration({ apiKey: tenant.apiKey, basePath: server.url }));
    transport = nodemailer.createTransport({ host: '127.0.0.1', port: server.server.smtpPort, ignoreTLS: true });
    suite = [];
    for (const name of ['alice', 'bob', 'carol']) {
      suite.push(await tenant.inboxApi.createInboxWithOptions({ createInboxDto: { name, tags: ['welcome-suite'] } }));
    }
    sender = await tenant.inboxApi.createInboxWithOptions({ createInboxDto: { name: 'sender' } });
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  const welcome = { name: 'welcome', minCount: 1, subject: 'Welcome' };

  test('a test picks its inboxes by tag and waits to be started', async () => {
    first = await api.createDeliverabilityTest({
      createDeliverabilityTestOptions: {
        name: 'Signup welcome', scope: 'INBOX' as never, selector: { type: 'ALL' as never, tags: ['welcome-suite'] },
        expectations: [welcome], successThresholdPercent: 60, maxDurationSeconds: 3600,
      },
    });
    assert.equal(first.status, 'CREATED');
    assert.equal(first.selectedEntityCount, 3);
    assert.equal(first.totalEntities, 0, 'no entity is watched before the start');
    assert.equal(first.thresholdStatus, 'FAILING');
    const started = await api.startDeliverabilityTest({ testId: first.id });
    assert.equal(started.status, 'RUNNING');
    assert.equal(started.totalEntities, 3);
    assert.equal(started.matchedEntities, 0);
    assert.equal(await statusOf(api.startDeliverabilityTest({ testId: first.id })), 409);
  });

  test('mail received over SMTP is counted per inbox against the expectations and the threshold', async () => {
    for (const [inbox, subject] of [[suite[0]!, 'Welcome, Alice'], [suite[1]!, 'Welcome, Bob'], [suite[2]!, 'Your receipt']] as const) {
      await transport.sendMail({ from: 'app@example.com', to: inbox.emailAddress, subject, text: 'hello' });
      await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: inbox.id, count: 1, timeout: 30_000 });
    }
    const polled = await api.pollDeliverabilityTestStatus({ testId: first.id });
    assert.equal(polled.cached, false);
    const t = polled.test;
    assert.equal(t.status, 'RUNNING');
    assert.deepEqual([t.totalEntities, t.matchedEntities, t.unmatchedEntities, t.completionPercentage], [3, 2, 1, 66.67]);
    assert.equal(t.thresholdStatus, 'PASSING');
    assert.equal(t.thresholdMet, true);

    const unmatched = await api.getDeliverabilityTestResults({ testId: first.id, matched: false });
    assert.equal(unmatched.totalElements, 1);
    const [carol] = unmatched.content;
    assert.equal(carol!.entityId, suite[2]!.id);
    assert.equal(carol!.entityLabel, suite[2]!.emailAddress);
    assert.deepEqual(carol!.expectationResults.map((e) => [e.expectationName, e.minCount, e.actualCount, e.passed]), [['welcome', 1, 0, false]]);
    const all = await api.getDeliverabilityTestResults({ testId: first.id, size: 2, page: 0 });
    assert.deepEqual([all.totalElements, all.totalPages, all.content.length], [3, 2, 2]);

    const csv = await (await tenant.fetch(`/test/deliverability/${first.id}/results/export`)).text();
    const lines = csv.trim().split('\r\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^testId,entityId,entityLabel,phoneCountry,matched,expectationIndex,expectationName,minCount,actualCount,passed/);
    assert.ok(lines.some((l) => l.includes(`${suite[2]!.emailAddress},,false,0,welcome,1,0,false`)), csv);
  });

  test('a simulation job sends the plan through the sending path, and the duplicate test it feeds completes', async () => {
    const copy = await api.duplicateDeliverabilityTest({ testId: first.id });
    assert.equal(copy.name, 'Signup welcome (copy)');
    assert.equal(copy.status, 'CREATED');
    await api.startDeliverabilityTest({ testId: copy.id });
    const job = await api.createDeliverabilitySimulationJob({
      testId: copy.id,
      createDeliverabilitySimulationJobOptions: { senderInboxId: sender.id, email: { subject: 'Welcome {{targetLabel}}', bodyTemplate: 'Send {{sendNumber}}' }, batchSize: 2 },
    });
    assert.equal(job.status, 'RUNNING');
    assert.deepEqual([job.totalTargets, job.totalPlannedSends, job.configSnapshot.batchSize, job.configSnapshot.sendsPerTarget], [3, 3, 2, 1]);
    await server.server.automationJobs.settled();
    const done = await api.getDeliverabilitySimulationJob({ testId: copy.id, jobId: job.id });
    assert.deepEqual([done.status, done.sentCount, done.successCount, done.failureCount, done.progressPercent], ['COMPLETED', 3, 3, 0, 100]);
    assert.equal((await api.getLatestDeliverabilitySimulationJob({ testId: copy.id })).id, job.id);
    const events = await api.getDeliverabilitySimulationJobEvents({ testId: copy.id, jobId: job.id });
    assert.deepEqual(events.content.map((e) => e.eventType), ['JOB_CREATED', 'JOB_STARTED', 'SEND_SUCCESS', 'SEND_SUCCESS', 'SEND_SUCCESS', 'JOB_COMPLETED']);
    assert.deepEqual(events.content.filter((e) => e.eventType === 'SEND_SUCCESS').map((e) => e.targetLabel).sort(), suite.map((i) => i.emailAddress).sort());
    const [received] = await tenant.mailslurp.waitController.waitForEmailCount({ inboxId: suite[2]!.id, count: 2, timeout: 30_000 }).then((l) => l.filter((e) => e.from === sender.emailAddress));
    assert.equal(received!.subject, `Welcome ${suite[2]!.emailAddress}`);
    const finished = await api.getDeliverabilityTest({ testId: copy.id });
    assert.equal(finished.status, 'COMPLETE');
    assert.equal(finished.matchedEntities, 3);
    assert.equal(finished.timedOut, false);
  });

  test('a job pauses between batches, resumes from its next send and cancels for good', async () => {
    const target = await api.createDeliverabilityTest({
      createDeliverabilityTestOptions: { scope: 'INBOX' as never, selector: { type: 'EXPLICIT' as never, entityIds: suite.map((i) => i.id) }, expectations: [{ minCount: 5 }] },
    });
    const job = await api.createDeliverabilitySimulationJob({
      testId: target.id, createDeliverabilitySimulationJobOptions: { senderInboxId: sender.id, batchSize: 1, delayMs: 3_600_000 },
    });
    await server.server.automationJobs.settled();
    assert.equal((await api.getDeliverabilitySimulationJob({ testId: target.id, jobId: job.id })).sentCount, 1, 'one batch, the next an hour later');
    const paused = await api.pauseDeliverabilitySimulationJob({ testId: target.id, jobId: job.id });
    assert.equal(paused.status, 'PAUSED');
    assert.equal(await statusOf(api.createDeliverabilitySimulationJob({ testId: target.id, createDeliverabilitySimulationJobOptions: { senderInboxId: sender.id } })), 409);
    const resumed = await api.resumeDeliverabilitySimulationJob({ testId: target.id, jobId: job.id });
    assert.equal(resumed.status, 'RUNNING');
    await server.server.automationJobs.settled();
    const after = await api.getDeliverabilitySimulationJob({ testId: target.id, jobId: job.id });
    assert.deepEqual([after.sentCount, after.nextSendIndex], [2, 2]);
    assert.ok(suite.some((i) => i.emailAddress === after.activeTargetLabel), 'the next send\'s target is named');
    const cancelled = await api.cancelDeliverabilitySimulationJob({ testId: target.id, jobId: job.id });
    assert.equal(cancelled.status, 'CANCELLED');
    assert.equal(await statusOf(api.resumeDeliverabilitySimulationJob({ testId: target.id, jobId: job.id })), 409);
    const events = await api.getDeliverabilitySimulationJobEvents({ testId: target.id, jobId: job.id, size: 50 });
    assert.deepEqual(events.content.map((e) => e.eventType), ['JOB_CREATED', 'JOB_STARTED', 'SEND_SUCCESS', 'JOB_PAUSED', 'JOB_RESUMED', 'SEND_SUCCESS', 'JOB_CANCELLED']);
    await api.deleteDeliverabilityTest({ testId: target.id });
  });

  test('bad selectors and senders are 400s naming what is wrong', async () => {
    const post = (body: unknown) => tenant.fetch('/test/deliverability', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const unknown = await post({ scope: 'INBOX', selector: { type: 'EXPLICIT', entityIds: ['00000000-0000-4000-8000-000000000000'] }, expectations: [welcome] });
    assert.equal(unknown.status, 400);
    assert.match(((await unknown.json()) as { message: string }).message, /names no inbox of yours: 00000000-0000-4000-8000-000000000000/);
    const noPattern = await post({ scope: 'INBOX', selector: { type: 'PATTERN' }, expectations: [welcome] });
    assert.match(((await noPattern.json()) as { message: string }).message, /selector.pattern is required/);
    const noExpectation = await post({ scope: 'INBOX', selector: { type: 'ALL' }, expectations: [] });
    assert.equal(noExpectation.status, 400);
    const byPattern = await api.createDeliverabilityTest({
      createDeliverabilityTestOptions: { scope: 'INBOX' as never, selector: { type: 'PATTERN' as never, pattern: 'bo?', excludeEntityIds: [] }, expectations: [welcome] },
    });
    assert.equal(byPattern.selectedEntityCount, 1, 'only bob matches bo? (by name; a glob matches the whole name or address)');
    const noSender = await tenant.fetch(`/test/deliverability/${byPattern.id}/simulation-jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.match(((await noSender.json()) as { message: string }).message, /senderInboxId is required/);
    await api.deleteDeliverabilityTest({ testId: byPattern.id });
  });

  test('PHONE scope: numbers picked by name, an SMS simulation from one of them, and a phone-country hotspot', async () => {
    const phones = tenant.mailslurp.phoneController;
    const lines = [];
    for (const name of ['line-1', 'line-2']) lines.push(await phones.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: 'US' as never, name } }));
    const from = await phones.createPhoneNumber({ createPhoneNumberOptions: { phoneCountry: 'US' as never, name: 'sender' } });
    const codes = await api.createDeliverabilityTest({
      createDeliverabilityTestOptions: {
        name: 'OTP codes', scope: 'PHONE' as never, selector: { type: 'PATTERN' as never, pattern: 'line-*', phoneCountry: 'US' as never },
        expectations: [{ name: 'code', minCount: 1, from: from.phoneNumber, subject: 'Your code' }],
      },
    });
    assert.equal(codes.selectedEntityCount, 2);
    await api.startDeliverabilityTest({ testId: codes.id });
    const job = await api.createDeliverabilitySimulationJob({
      testId: codes.id, createDeliverabilitySimulationJobOptions: { senderPhoneId: from.id, sms: { bodyTemplate: 'Your code is 12345 ({{targetLabel}})' } },
    });
    assert.equal(job.scope, 'PHONE');
    await server.server.automationJobs.settled();
    assert.equal((await api.getDeliverabilitySimulationJob({ testId: codes.id, jobId: job.id })).successCount, 2);
    const done = await api.getDeliverabilityTest({ testId: codes.id });
    assert.deepEqual([done.status, done.matchedEntities], ['COMPLETE', 2]);
    const results = await api.getDeliverabilityTestResults({ testId: codes.id });
    assert.deepEqual(results.content.map((r) => [r.entityLabel, r.phoneCountry, r.expectationResults[0]!.actualCount]).sort(), lines.map((l) => [l.phoneNumber, 'US', 1]).sort());

    const silent = await api.createDeliverabilityTest({
      createDeliverabilityTestOptions: { scope: 'PHONE' as never, selector: { type: 'PATTERN' as never, pattern: 'line-*' }, expectations: [{ minCount: 1, subject: 'never sent' }] },
    });
    await api.startDeliverabilityTest({ testId: silent.id });
    assert.equal((await api.stopDeliverabilityTest({ testId: silent.id })).status, 'STOPPED');
    const hotspots = await api.getDeliverabilityFailureHotspots({ scope: 'PHONE' as never });
    assert.deepEqual(hotspots.phoneDimensionHotspots.map((h) => [h.phoneCountry, h.failedRunCount, h.totalRunCount, h.failureRatePercentage]), [['US', 2, 4, 50]]);
    assert.deepEqual(hotspots.entityHotspots.map((h) => [h.scope, h.failedRunCount, h.totalRunCount]), [['PHONE', 1, 2], ['PHONE', 1, 2]]);
  });

  test('at its time limit a test ends: COMPLETE when the threshold is met, else FAILED saying why', async () => {
    const receipt = { name: 'receipt', minCount: 1, subject: 'Your receipt' };
    const create = (successThresholdPercent?: number) => api.createDeliverabilityTest({
      createDeliverabilityTestOptions: { scope: 'INBOX' as never, selector: { type: 'ALL' as never, tags: ['welcome-suite'] }, expectations: [receipt], maxDurationSeconds: 60, successThresholdPercent },
    });
    const lenient = await create(30);
    const strict = await create();
    for (const t of [lenient, strict]) await api.startDeliverabilityTest({ testId: t.id });
    assert.equal((await api.getDeliverabilityTest({ testId: lenient.id })).status, 'RUNNING', 'only carol has a receipt, and there is time left');
    clock.advance(61_000);
    const passed = await api.getDeliverabilityTest({ testId: lenient.id });
    assert.deepEqual([passed.status, passed.timedOut, passed.thresholdMet, passed.matchedEntities, passed.completionPercentage], ['COMPLETE', true, true, 1, 33.33]);
    assert.equal(passed.failureReason ?? null, null);
    const failed = await api.getDeliverabilityTest({ testId: strict.id });
    assert.deepEqual([failed.status, failed.timedOut, failed.thresholdStatus], ['FAILED', true, 'NOT_CONFIGURED']);
    assert.equal(failed.failureReason, 'timed out after 60 s with 1 of 3 entities matched');

    assert.equal(await statusOf(api.updateDeliverabilityTest({ testId: passed.id, updateDeliverabilityTestOptions: { successThresholdPercent: 100 } })), 409);
    const renamed = await api.updateDeliverabilityTest({ testId: passed.id, updateDeliverabilityTestOptions: { name: 'Receipts' } });
    assert.equal(renamed.name, 'Receipts');
    // the first test saw carol's welcome from the simulation: every inbox matched before its time ran out
    const firstNow = await api.getDeliverabilityTest({ testId: first.id });
    assert.deepEqual([firstNow.status, firstNow.timedOut, firstNow.matchedEntities], ['COMPLETE', false, 3]);
    assert.deepEqual(await api.deleteDeliverabilityTest({ testId: first.id }), { status: 'SUCCESS' });
    assert.equal(await statusOf(api.getDeliverabilityTest({ testId: first.id })), 404);
  });

  test('analytics and hotspots sum up the tests, and the report prints to PDF', async () => {
    const series = await api.getDeliverabilityAnalyticsSeries({ bucket: 'DAY' as never, scope: 'INBOX' as never });
    assert.deepEqual([series.summary.totalRuns, series.summary.completeRuns, series.summary.failedRuns], [3, 2, 1]);
    assert.deepEqual([series.summary.thresholdConfiguredRuns, series.summary.thresholdMetRuns], [2, 2]);
    assert.deepEqual(series.runs.map((r) => r.name ?? '(unnamed)').sort(), ['(unnamed)', 'Receipts', 'Signup welcome (copy)']);
    assert.equal(series.points.reduce((n, p) => n + p.metrics.totalRuns, 0), 3);
    const hotspots = await api.getDeliverabilityFailureHotspots({ scope: 'INBOX' as never });
    assert.deepEqual(hotspots.entityHotspots.map((h) => [h.entityLabel, h.failedRunCount, h.totalRunCount, h.failureRatePercentage]).sort(),
      [[suite[0]!.emailAddress, 2, 3, 66.67], [suite[1]!.emailAddress, 2, 3, 66.67]].sort());
    assert.deepEqual(hotspots.phoneDimensionHotspots, []);

    const copy = series.runs.find((r) => r.name === 'Signup welcome (copy)')!;
    const report = await tenant.fetch(`/test/deliverability/${copy.id}/report/export`);
    if (report.status === 503) {
      assert.match(((await report.json()) as { message: string }).message, /Chromium/);
    } else {
      assert.equal(report.status, 200);
      assert.equal(report.headers.get('content-type'), 'application/pdf');
      assert.equal(Buffer.from(await report.arrayBuffer()).subarray(0, 5).toString('latin1'), '%PDF-');
    }
  });
});
