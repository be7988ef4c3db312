import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ApiInboxPlacementTestControllerApi, Configuration, CreateInboxPlacementTestOptionsAddressFormatEnum as Format,
  CreateInboxPlacementTestOptionsRequestedSegmentEnum as Segment, ToolsControllerApi,
} from 'mailslurp-client';
import { ManualClock } from '../../src/core/clock.js';
import { SpamdClient } from '../../src/modules/spam/spamd-client.js';
import { findSpamd, SpamdSupervisor } from '../../src/modules/spam/spamd-supervisor.js';
import { describeEachDialect, startTestServer, statusOf, type Tenant, type TestServer } from '../helpers/server.js';
import { rawMessage, smtpTransport } from '../helpers/smtp.js';

/**
 * Inbox placement tests and spam tests: seeds made on this server, mail sent to them over real
 * SMTP, judged by a real spamd. The server's clock is a ManualClock, so the latency is exact
 * (rawMessage's Date is 10:00:00, the clock 10:00:05) and the test's hour can be let run out.
 */
const GTUBE = 'XJS*C4JDBQADN1.NSBN3*2IDNEN*GTUBE-STANDARD-ANTI-UBE-TEST-EMAIL*C.34X';
const spamd = new SpamdSupervisor({
  executable: findSpamd(process.env.PATH), client: new SpamdClient({ timeoutMs: 10_000, concurrency: 2 }), maxChildren: 2,
  runAsRoot: process.getuid?.() === 0,
});
before(async () => {
  assert.ok(findSpamd(process.env.PATH), 'spamd is installed (Debian package spamassassin)');
  spamd.start();
  await spamd.ready();
});
after(() => spamd.stop());

describeEachDialect('inbox placement tests', (dialect) => {
  let server: TestServer;
  let alice: Tenant;
  let api: ApiInboxPlacementTestControllerApi;
  let tools: ToolsControllerApi;
  const clock = new ManualClock(new Date('2026-11-23T10:00:05.000Z'));
  const send = (to: string, subject: string, body: string) =>
    smtpTransport(server).sendMail({ envelope: { from: 'sender@example.com', to: [to] }, raw: rawMessage({ to, subject, body }) });

  before(async () => {
    const { host, port } = (spamd.state() as { address: { host: string; port: number } }).address;
    server = await startTestServer(dialect, { clock, env: { PIGEONHOLE_SPAMD: `${host}:${port}`, PIGEONHOLE_SPAM_THRESHOLD: '5' } });
    alice = await server.createTenant();
    const configuration = new Configuration({ apiKey: alice.apiKey, basePath: server.url });
    api = new ApiInboxPlacementTestControllerApi(configuration);
    tools = new ToolsControllerApi(configuration);
  });
  after(() => server.close());

  test('seeds judged INBOX or SPAM by SpamAssassin with latency and evidence; the rest NOT_RECEIVED once the hour is up', async () => {
    const run = await api.createInboxPlacementTest({ createInboxPlacementTestOptions: {
      requestedSegment: Segment.ALL_INBOXES, addressFormat: Format.COMMA, fromEmail: 'news@Shop.example', publicShareRequested: true,
    } });
    assert.equal(run.seedAddresses.length, 3);
    assert.equal(run.seedAddressFormats.COMMA, run.seedAddresses.join(','));
    assert.equal(run.seedAddressFormats.NEWLINE, run.seedAddresses.join('\n'));
    assert.equal(run.senderDomain, 'shop.example');
    assert.equal(run.status, 'WAITING_FOR_EMAIL');
    assert.match(run.trackingToken!, /^ph-[0-9a-f]{12}$/);

    await send(run.seedAddresses[0]!, `Hello ${run.trackingToken}`, 'A plain, friendly newsletter.');
    await send(run.seedAddresses[1]!, 'Buy now', GTUBE);
    const progress = await api.getInboxPlacementTestResults({ id: run.id });
    assert.equal(progress.run.status, 'IN_PROGRESS');
    assert.equal(progress.run.matchedTargets, 2);
    assert.equal(progress.run.inboxTargets, 1);
    assert.equal(progress.run.spamTargets, 1);
    const [clean, spam, silent] = progress.results!.targets;
    assert.equal(clean!.status, 'RECEIVED');
    assert.equal(clean!.placementVerdict, 'INBOX');
    assert.equal(clean!.placementFolder, 'Inbox');
    assert.equal(clean!.latencyMs, 5000);
    assert.equal(clean!.evidence.trackingTokenFound, 'true');
    assert.equal(spam!.placementVerdict, 'SPAM');
    assert.ok(Number(spam!.evidence.spamScore) >= 5);
    assert.match(spam!.evidence.spamRules!, /GTUBE/);
    assert.equal(spam!.evidence.trackingTokenFound, 'false');
    assert.equal(silent!.status, 'WAITING');
    assert.equal(progress.spamScores.length, 1);
    assert.equal(progress.spamScores[0]!.spamScoreVariant, 'Danger', 'the average of the two scores is over the threshold');

    const analysis = await api.getInboxPlacementTestAnalysis({ id: run.id });
    assert.ok(analysis.contentItems.some((i) => i.key === 'spam-score' && i.status === 'FAIL'));
    assert.ok(analysis.contentItems.some((i) => i.key === 'rule:GTUBE'));
    assert.equal(analysis.setupItems.find((i) => i.key === 'delivery')!.status, 'INFO', 'still waiting for a seed');

    clock.advance(60 * 60 * 1000);
    const done = await api.getInboxPlacementTest({ id: run.id });
    assert.equal(done.status, 'COMPLETED');
    assert.equal(done.notReceivedTargets, 1);
    const final = await api.getInboxPlacementTestResults({ id: run.id });
    assert.equal(final.results!.targets[2]!.status, 'NOT_RECEIVED');
    assert.equal((await api.getInboxPlacementTestAnalysis({ id: run.id })).setupItems.find((i) => i.key === 'delivery')!.status, 'WARN');

    // the share token opens it with no key; another token opens nothing
    const token = final.results!.share!.token!;
    const shared = await fetch(`${server.url}/inbox-placement-tests/share/${token}`);
    assert.equal(shared.status, 200);
    const body = await shared.json() as { run: { id: string; notReceivedTargets: number } };
    assert.equal(body.run.id, run.id);
    assert.equal(body.run.notReceivedTargets, 1);
    assert.equal((await fetch(`${server.url}/inbox-placement-tests/share/${token}/analysis`)).status, 200);
    assert.equal((await fetch(`${server.url}/inbox-placement-tests/share/not-a-token`)).status, 404);

    const csv = await (await alice.fetch(`/inbox-placement-tests/${run.id}/results/export`)).text();
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^seedAccountId,seedAddress,/);
    assert.match(lines[2]!, /,RECEIVED,SPAM,Spam,/);

    assert.ok((await api.getInboxPlacementTests({})).some((t) => t.id === run.id));
    const series = await api.getInboxPlacementAnalyticsSeries({ groupBy: 'SENDER_DOMAIN' as never });
    assert.equal(series.summary.totalRuns, 1);
    assert.equal(series.summary.spamTargets, 1);
    assert.equal(series.groups[0]!.key, 'shop.example');
    const breakdown = await api.getInboxPlacementAnalyticsBreakdown({});
    assert.deepEqual(breakdown.folders.map((f) => `${f.folder}:${f.count}`), ['Inbox:1', 'Spam:1', 'Not received:1']);
  });

  test('a test without a share token is not public; bad input is a 400 naming the field', async () => {
    const run = await api.createInboxPlacementTest({ createInboxPlacementTestOptions: {
      requestedSegment: Segment.PERSONAL_INBOXES, addressFormat: Format.NEWLINE, publicShareRequested: false,
    } });
    assert.equal((await api.getInboxPlacementTestResults({ id: run.id })).results!.share, undefined);
    const bad = await alice.fetch('/inbox-placement-tests', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestedSegment: 'ALL_INBOXES', addressFormat: 'COMMA', publicShareRequested: false, fromEmail: 'not an address' }),
    });
    assert.equal(bad.status, 400);
    assert.match((await bad.json() as { message: string }).message, /fromEmail/);
  });

  test('a spam test: seeds to send to, submit, and the SpamAssassin verdict in its results', async () => {
    const created = await tools.createPublicSpamTest({ createPublicSpamTestOptions: { requestedSegment: Segment.ALL_INBOXES as never, addressFormat: Format.COMMA as never } });
    assert.equal(created.source, 'PUBLIC_SPAM_TEST');
    assert.equal(created.freeLimitReached, false);
    assert.equal(created.submittedAt, undefined);
    const submitted = await tools.submitPublicSpamTest({ id: created.id, submitPublicSpamTestOptions: {} });
    assert.ok(submitted.submittedAt instanceof Date);
    for (const seed of created.seedAddresses) await send(seed, 'Spam test', GTUBE);
    const results = await tools.getPublicSpamTestResults({ id: created.id });
    assert.equal(results.run.status, 'COMPLETED', 'every seed received and judged');
    assert.equal(results.run.spamTargets, 3);
    assert.equal(results.spamScores[0]!.spamScoreOutOfTen, 0);
    assert.equal((await tools.getPublicSpamTest({ id: created.id })).matchedTargets, 3);
    // a spam test is not an inbox placement test, and the other way round
    assert.equal(await statusOf(api.getInboxPlacementTest({ id: created.id })), 404);
  });
});
