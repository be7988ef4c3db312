import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  Configuration, CreateDomainMonitorAlertSinkOptionsSeverityThresholdEnum, CreateDomainMonitorAlertSinkOptionsTypeEnum, DomainMonitorControllerApi,
  GetDomainMonitorSeriesBucketEnum,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type Tenant, type TestServer } from '../helpers/server.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { smtpTransport } from '../helpers/smtp.js';
import { refusal } from '../helpers/client-errors.js';

const DOMAIN = 'monitored.test';
const dkimKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** A healthy zone: SPF with one include, a 2048-bit DKIM key, DMARC p=reject, MX on loopback, TLS-RPT and BIMI. */
function publishHealthyZone(dns: LoopbackDns): void {
  dns.add(DOMAIN, { type: 'TXT', text: 'v=spf1 ip4:192.0.2.0/24 include:_spf.monitored.test -all' });
  dns.add(`_spf.${DOMAIN}`, { type: 'TXT', text: 'v=spf1 ip4:198.51.100.0/24 -all' });
  dns.add(`sel1._domainkey.${DOMAIN}`, { type: 'TXT', text: `v=DKIM1; k=rsa; p=${dkimKey}` });
  dns.add(`_dmarc.${DOMAIN}`, { type: 'TXT', text: 'v=DMARC1; p=reject; rua=mailto:dmarc@monitored.test' });
  dns.add(DOMAIN, { type: 'MX', exchange: `mx.${DOMAIN}`, priority: 10 });
  dns.add(`mx.${DOMAIN}`, { type: 'A', address: '127.0.0.1' });
  dns.add(`_smtp._tls.${DOMAIN}`, { type: 'TXT', text: 'v=TLSRPTv1; rua=mailto:tls@monitored.test' });
  dns.add(`default._bimi.${DOMAIN}`, { type: 'TXT', text: 'v=BIMI1; l=https://monitored.test/logo.svg' });
}

describeEachDialect('domain monitors', (dialect) => {
  let server: TestServer;
  let dns: LoopbackDns;
  let mx: SMTPServer;
  let receiver: WebhookReceiver;
  let alice: Tenant;
  let api: DomainMonitorControllerApi;

  before(async () => {
    dns = await startLoopbackDns();
    publishHealthyZone(dns);
    // a real SMTP server standing in for the domain's MX: the reachability check reads its greeting
    mx = new SMTPServer({ authOptional: true, banner: 'mx.monitored.test ready' });
    await new Promise<void>((resolve) => mx.listen(0, '127.0.0.1', () => resolve()));
    const mxPort = (mx.server.address() as AddressInfo).port;
    receiver = await startWebhookReceiver();
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_DNS_SERVERS: dns.server, PIGEONHOLE_MX_PROBE_PORT: String(mxPort),
        PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_DOMAIN_MONITOR_INTERVAL: '3600000',
      },
    });
    alice = await server.createTenant();
    api = new DomainMonitorControllerApi(new Configuration({ apiKey: alice.apiKey, basePath: server.url }));
  });
  after(async () => {
    await server?.close();
    await receiver?.close();
    await new Promise<void>((resolve) => (mx ? mx.close(() => resolve()) : resolve()));
    await dns?.close();
  });

  test('a healthy domain passes; removing DMARC fails it on the next run, alerts the webhook and email sinks, and compare shows the change', async () => {
    // dkimSelectors is this server's addition to CreateDomainMonitorOptions: the client's serializer drops it, so raw HTTP
    const created = await alice.fetch('/domain-monitor/monitors', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'Monitored.TEST.', name: 'Main domain', schedulingEnabled: false, dkimSelectors: ['sel1'] }),
    });
    assert.equal(created.status, 200);
    const monitor = await api.getDomainMonitor({ monitorId: ((await created.json()) as { id: string }).id });
    assert.deepEqual((monitor as unknown as { dkimSelectors?: string[] }).dkimSelectors ?? (await (await alice.fetch(`/domain-monitor/monitors/${monitor.id}`)).json() as { dkimSelectors: string[] }).dkimSelectors, ['sel1']);
    assert.equal(monitor.domain, DOMAIN);
    assert.equal(monitor.schedulingEnabled, false);
    assert.equal(monitor.nextRunAt ?? null, null);

    const first = await api.runDomainMonitorNow({ monitorId: monitor.id });
    assert.equal(first.run.status, 'HEALTHY', first.run.insights.join('\n'));
    assert.deepEqual([first.run.spfOk, first.run.dkimOk, first.run.dmarcOk, first.run.dmarcEnforced, first.run.mxOk, first.run.bimiOk, first.run.tlsReportingOk],
      [true, true, true, true, true, true, true]);
    // no MTA-STS record published: a warning, not a pass
    assert.equal(first.run.mtaStsOk, false);
    assert.equal(first.run.blacklistChecked, false);
    assert.equal(first.run.triggerSource, 'API');
    assert.equal(first.run.totalChecks, 8);
    assert.equal(first.run.passingChecks, 7);
    assert.equal(first.run.healthScore, 94);
    assert.ok(first.run.insights.some((i) => /^MX_REACHABILITY PASS: mx\.monitored\.test .* greeted: 220 /.test(i)), first.run.insights.join('\n'));
    assert.equal(first.monitor.lastStatus, 'HEALTHY');
    assert.equal(first.monitor.healthScore, 94);

    const summary = await api.getDomainMonitorSummary({ monitorId: monitor.id });
    assert.equal(summary.latestRun?.id, first.run.id);
    assert.equal(summary.authStack.spf.lookupCount, 1);
    assert.deepEqual(summary.authStack.spf.mechanisms.map((m) => [m.kind, m.qualifier]), [['ip4', '+'], ['include', '+'], ['all', '-']]);
    assert.equal(summary.authStack.dkim.keyLength, 2048);
    assert.equal(summary.authStack.dkim.queriedName, `sel1._domainkey.${DOMAIN}`);

    // sinks: a webhook here and an inbox of this server
    const alertsInbox = await alice.mailslurp.createInbox();
    const webhookSink = await api.createDomainMonitorAlertSink({
      monitorId: monitor.id,
      createDomainMonitorAlertSinkOptions: { type: CreateDomainMonitorAlertSinkOptionsTypeEnum.WEBHOOK, target: `${receiver.url}/alerts` },
    });
    assert.equal(webhookSink.severityThreshold, 'LOW');
    const emailSink = await api.createDomainMonitorAlertSink({
      monitorId: monitor.id,
      createDomainMonitorAlertSinkOptions: {
        type: CreateDomainMonitorAlertSinkOptionsTypeEnum.EMAIL, target: alertsInbox.emailAddress,
        severityThreshold: CreateDomainMonitorAlertSinkOptionsSeverityThresholdEnum.HIGH,
      },
    });
    // a sink above the change's severity stays quiet
    await api.createDomainMonitorAlertSink({
      monitorId: monitor.id,
      createDomainMonitorAlertSinkOptions: {
        type: CreateDomainMonitorAlertSinkOptionsTypeEnum.WEBHOOK, target: `${receiver.url}/never`, enabled: false,
      },
    });
    assert.deepEqual((await api.getDomainMonitorAlertSinks({ monitorId: monitor.id })).map((s) => s.type), ['WEBHOOK', 'EMAIL', 'WEBHOOK']);

    dns.remove(`_dmarc.${DOMAIN}`);
    const second = await api.runDomainMonitorNow({ monitorId: monitor.id });
    assert.equal(second.run.status, 'CRITICAL');
    assert.equal(second.run.dmarcOk, false);
    assert.equal(second.run.dmarcEnforced, false);
    assert.equal(second.run.spfOk, true);
    assert.ok(second.run.insights.includes(`DMARC FAIL: no DMARC record (TXT v=DMARC1) at _dmarc.${DOMAIN}`), second.run.insights.join('\n'));

    const [alert] = await receiver.waitFor(1, (r) => r.path === '/alerts');
    assert.equal(alert!.json.type, 'DOMAIN_MONITOR_ALERT');
    assert.equal(alert!.json.severity, 'CRITICAL');
    assert.equal(alert!.json.runId, second.run.id);
    assert.equal(alert!.json.previousRunId, first.run.id);
    assert.deepEqual((alert!.json.changes as Array<{ check: string; previousStatus: string; status: string }>).map((c) => [c.check, c.previousStatus, c.status]),
      [['DMARC', 'PASS', 'FAIL'], ['BIMI', 'PASS', 'WARN']]);
    const mail = await alice.mailslurp.waitForLatestEmail(alertsInbox.id, 30_000, true);
    assert.match(mail.subject ?? '', /^\[CRITICAL\] monitored\.test: DMARC PASS -> FAIL/);
    assert.match(mail.body ?? '', /DMARC: PASS -> FAIL: no DMARC record/);
    assert.ok(!receiver.requests.some((r) => r.path === '/never'));

    const comparison = await api.compareDomainMonitorRuns({ monitorId: monitor.id, runId: second.run.id, otherRunId: first.run.id });
    assert.equal(comparison.baseline.id, first.run.id);
    assert.equal(comparison.current.id, second.run.id);
    assert.equal(comparison.statusChanged, true);
    assert.equal(comparison.dmarcChanged, true);
    assert.equal(comparison.dmarcEnforcedChanged, true);
    assert.equal(comparison.spfChanged, false);
    assert.equal(comparison.mxChanged, false);
    assert.equal(comparison.bimiChanged, true);
    assert.equal(comparison.healthScoreDelta, second.run.healthScore - first.run.healthScore);
    assert.ok(comparison.healthScoreDelta < 0);
    assert.ok(comparison.addedInsights.some((i) => i.startsWith('DMARC FAIL')));
    assert.ok(comparison.removedInsights.some((i) => i.startsWith('DMARC PASS')));

    // runs, one run, its CSV
    const runs = await api.getDomainMonitorRuns({ monitorId: monitor.id });
    assert.deepEqual(runs.map((r) => r.id), [second.run.id, first.run.id]);
    assert.deepEqual((await api.getDomainMonitorRuns({ monitorId: monitor.id, status: 'HEALTHY' as never, limit: 5 })).map((r) => r.id), [first.run.id]);
    assert.equal((await api.getDomainMonitorRun({ monitorId: monitor.id, runId: first.run.id })).status, 'HEALTHY');
    await api.exportDomainMonitorRunResults({ monitorId: monitor.id, runId: second.run.id });
    const csv = await alice.fetch(`/domain-monitor/monitors/${monitor.id}/runs/${second.run.id}/results/export`);
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(csv.headers.get('content-disposition'), `attachment; filename="domain-monitor-${DOMAIN}-${second.run.id}.csv"`);
    const lines = (await csv.text()).trim().split('\r\n');
    assert.equal(lines.length, 9);
    assert.match(lines[0]!, /^monitorId,runId,domain,runStatus,healthScore/);
    assert.ok(lines.some((l) => l.includes(',CRITICAL,') && l.includes(',DMARC,FAIL,')), lines.join('\n'));

    // series, insights and summary from the stored runs
    const series = await api.getDomainMonitorSeries({ monitorId: monitor.id, bucket: GetDomainMonitorSeriesBucketEnum.HOUR });
    assert.equal(series.bucket, 'HOUR');
    assert.equal(series.points.reduce((n, p) => n + p.runCount, 0), 2);
    assert.equal(series.points.reduce((n, p) => n + p.healthyCount, 0), 1);
    assert.equal(series.points.reduce((n, p) => n + p.criticalCount, 0), 1);
    const insights = await api.getDomainMonitorInsights({ monitorId: monitor.id });
    assert.deepEqual([insights.totalRuns, insights.healthyRuns, insights.criticalRuns, insights.successRate, insights.currentHealthyStreak, insights.bestHealthyStreak],
      [2, 1, 1, 50, 0, 1]);
    assert.equal(insights.latestRun?.id, second.run.id);
    assert.ok(insights.attentionSignals.includes('DMARC failed in 1 of 2 runs'), insights.attentionSignals.join('\n'));
    assert.ok(insights.goodPerformanceSignals.includes('SPF passed in all 2 runs'));
    const later = await api.getDomainMonitorSummary({ monitorId: monitor.id });
    assert.equal(later.authStack.status, 'CRITICAL');
    assert.equal(later.insights.totalRuns, 2);

    // the live auth stack: another selector, and an MTA-STS policy that cannot be fetched is reported as such
    dns.add(`_mta-sts.${DOMAIN}`, { type: 'TXT', text: 'v=STSv1; id=20261125' });
    dns.add(`mta-sts.${DOMAIN}`, { type: 'A', address: '127.0.0.1' });
    const live = await api.getDomainMonitorAuthStack({ monitorId: monitor.id, dkimSelector: 'nope' });
    assert.equal(live.dkim.valid, false);
    assert.deepEqual(live.dkim.checkedNames, [`nope._domainkey.${DOMAIN}`]);
    assert.equal(live.mtaSts.wellKnownPresent, false);
    assert.equal(live.mtaSts.wellKnownQuery, `https://mta-sts.${DOMAIN}/.well-known/mta-sts.txt`);
    assert.match(live.mtaSts.errors[0] ?? '', /^MTA-STS policy could not be fetched from https:\/\/mta-sts\.monitored\.test\/\.well-known\/mta-sts\.txt: /);
    dns.remove(`_mta-sts.${DOMAIN}`);
    dns.remove(`mta-sts.${DOMAIN}`);
    // the live look-up stored no run
    assert.equal((await api.getDomainMonitorRuns({ monitorId: monitor.id })).length, 2);

    // sinks deleted are gone; DMARC back: one more run alerts the remaining webhook of the recovery
    await api.deleteDomainMonitorAlertSink({ monitorId: monitor.id, sinkId: emailSink.id });
    assert.deepEqual((await api.getDomainMonitorAlertSinks({ monitorId: monitor.id })).map((s) => s.id).includes(emailSink.id), false);
    dns.add(`_dmarc.${DOMAIN}`, { type: 'TXT', text: 'v=DMARC1; p=reject; rua=mailto:dmarc@monitored.test' });
    const third = await api.runDomainMonitorNow({ monitorId: monitor.id });
    assert.equal(third.run.status, 'HEALTHY');
    const recovered = await receiver.waitFor(2, (r) => r.path === '/alerts');
    assert.equal(recovered[1]!.json.severity, 'LOW');
    assert.equal(recovered[1]!.json.status, 'HEALTHY');
  });

  test('scheduled runs: runDue runs what is due, the scheduler pass runs the rest; update and delete', async () => {
    const due = await api.createDomainMonitor({ createDomainMonitorOptions: { domain: DOMAIN, intervalSeconds: 600 } });
    assert.equal(due.schedulingEnabled, true);
    assert.ok(due.nextRunAt instanceof Date);
    const result = await api.runDueDomainMonitors({ maxRuns: 5 });
    assert.equal(result.triggerSource, 'API');
    assert.equal(result.requestedMaxRuns, 5);
    assert.equal(result.runCount, 1);
    const after = await api.getDomainMonitor({ monitorId: due.id });
    // no selector given: the common ones are tried, and this zone publishes its key under none of them
    assert.equal(after.lastStatus, 'DEGRADED');
    assert.equal(after.nextRunAt!.getTime(), after.lastRunAt!.getTime() + 600_000);
    // nothing is due any more
    assert.equal((await api.runDueDomainMonitors({})).runCount, 0);

    const scheduled = await api.createDomainMonitor({ createDomainMonitorOptions: { domain: DOMAIN, name: 'by the scheduler' } });
    assert.equal(await server.server.domainMonitors.runOnce(), 1);
    const [run] = await api.getDomainMonitorRuns({ monitorId: scheduled.id });
    assert.equal(run!.triggerSource, 'SCHEDULER');

    const updated = await api.updateDomainMonitor({ monitorId: scheduled.id, updateDomainMonitorOptions: { schedulingEnabled: false, name: 'paused' } });
    assert.deepEqual([updated.schedulingEnabled, updated.enabled, updated.nextRunAt ?? null, updated.name, updated.intervalSeconds], [false, false, null, 'paused', 3600]);
    const listed = await api.getDomainMonitors();
    assert.ok(listed.some((m) => m.id === scheduled.id && m.name === 'paused'));

    await api.deleteDomainMonitor({ monitorId: scheduled.id });
    assert.equal((await refusal(api.getDomainMonitor({ monitorId: scheduled.id }))).status, 404);
    assert.equal((await refusal(api.getDomainMonitorRuns({ monitorId: scheduled.id }))).status, 404);
  });

  test('observed auth samples from received mail, and the email verification address', async () => {
    const monitor = await api.createDomainMonitor({ createDomainMonitorOptions: { domain: DOMAIN, schedulingEnabled: false } });
    const inbox = await alice.mailslurp.createInbox();
    const authserv = server.config.publicHost ?? server.config.domain;
    const transport = smtpTransport(server);
    const send = (from: string, to: string, authResults: string | null, subject: string) => transport.sendMail({
      envelope: { from: `bounce@${from.split('@')[1]}`, to },
      raw: [
        ...(authResults ? [`Authentication-Results: ${authResults}`] : []),
        `From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: <${subject}@${from.split('@')[1]}>`,
        `Return-Path: <bounce@${from.split('@')[1]}>`, '', 'hello', '',
      ].join('\r\n'),
    });

    await send(`alerts@${DOMAIN}`, inbox.emailAddress,
      `${authserv}; spf=pass (sender IP is 192.0.2.7) smtp.mailfrom=bounce@${DOMAIN} smtp.remote-ip=192.0.2.7; dkim=pass header.d=${DOMAIN} header.s=sel1 header.a=rsa-sha256 header.i=@${DOMAIN}; dmarc=pass header.from=${DOMAIN}`,
      'signed');
    await alice.mailslurp.waitForLatestEmail(inbox.id, 30_000, true);
    // a header of another host is not this server's verdict
    await send(`alerts@${DOMAIN}`, inbox.emailAddress, `mx.elsewhere.example; spf=pass smtp.mailfrom=${DOMAIN}; dmarc=pass header.from=${DOMAIN}`, 'forged');
    await alice.mailslurp.waitForEmailCount(2, inbox.id, 30_000);
    // mail from another domain is no sample of this monitor
    await send('someone@other.test', inbox.emailAddress, null, 'unrelated');
    await alice.mailslurp.waitForEmailCount(3, inbox.id, 30_000);

    const samples = await api.getDomainMonitorObservedAuthSamples({ monitorId: monitor.id });
    assert.equal(samples.length, 2);
    const signed = samples.find((s) => s.sourceMessageId?.includes('signed'))!;
    assert.deepEqual([signed.spfStatus, signed.dkimStatus, signed.dmarcStatus, signed.accepted], ['PASS', 'PASS', 'PASS', true]);
    assert.equal(signed.domain, DOMAIN);
    assert.equal(signed.recipientAddress, inbox.emailAddress);
    assert.equal(signed.fromDomain, DOMAIN);
    assert.equal(signed.spfEvaluatedDomain, DOMAIN);
    assert.equal(signed.spfSourceIp, '192.0.2.7');
    assert.equal(signed.returnPathDomain, DOMAIN);
    assert.equal(signed.trustedAuthenticationResultsSource, authserv.toLowerCase());
    assert.equal(signed.dmarcAlignedIdentifier, DOMAIN);
    assert.deepEqual(signed.dkimSignatures, [{ domain: DOMAIN, selector: 'sel1', algorithm: 'rsa-sha256', identity: `@${DOMAIN}` }]);
    const forged = samples.find((s) => s.sourceMessageId?.includes('forged'))!;
    assert.deepEqual([forged.spfStatus, forged.dmarcStatus, forged.accepted, forged.trustedAuthenticationResultsSource ?? null], ['NOT_CHECKED', 'NOT_CHECKED', false, null]);
    assert.match(forged.validationError ?? '', /no Authentication-Results header of /);

    await api.deleteDomainMonitorObservedAuthSample({ monitorId: monitor.id, sampleId: forged.id });
    assert.deepEqual((await api.getDomainMonitorObservedAuthSamples({ monitorId: monitor.id })).map((s) => s.id), [signed.id]);
    assert.equal((await refusal(api.deleteDomainMonitorObservedAuthSample({ monitorId: monitor.id, sampleId: forged.id }))).status, 404);

    // the verification address: none yet, then pending, then complete once mail arrives there
    assert.equal((await refusal(api.getDomainMonitorEmailVerification({ monitorId: monitor.id }))).status, 404);
    const verification = await api.createDomainMonitorEmailVerificationAddress({ monitorId: monitor.id });
    assert.equal(verification.status, 'PENDING');
    assert.equal(verification.sampleCount, 0);
    assert.equal(verification.emailAddress, `${verification.localPart}@${verification.emailAddress.split('@')[1]}`);
    await send(`test@${DOMAIN}`, verification.emailAddress, `${authserv}; spf=softfail smtp.mailfrom=bounce@${DOMAIN}; dkim=none; dmarc=fail header.from=${DOMAIN}`, 'verify');
    const verificationInbox = (await alice.mailslurp.getInboxes()).find((i) => i.emailAddress === verification.emailAddress)!;
    await alice.mailslurp.waitForLatestEmail(verificationInbox.id, 30_000);
    const done = await api.getDomainMonitorEmailVerification({ monitorId: monitor.id });
    assert.equal(done.status, 'COMPLETE');
    assert.equal(done.sampleCount, 1);
    assert.deepEqual([done.lastSample?.spfStatus, done.lastSample?.dkimStatus, done.lastSample?.dmarcStatus, done.lastSample?.accepted], ['WARNING', 'FAIL', 'FAIL', false]);
    const withVerification = await api.getDomainMonitor({ monitorId: monitor.id });
    assert.equal(withVerification.emailVerification?.status, 'COMPLETE');
  });

  test('bad input is a 400 naming what is wrong', async () => {
    const bad = await refusal(api.createDomainMonitor({ createDomainMonitorOptions: { domain: 'not a domain' } }));
    assert.equal(bad.status, 400);
    assert.match(bad.message, /not a domain name/);
    assert.equal((await refusal(api.createDomainMonitor({ createDomainMonitorOptions: { domain: DOMAIN, intervalSeconds: 5 } }))).status, 400);
    const monitor = await api.createDomainMonitor({ createDomainMonitorOptions: { domain: DOMAIN, schedulingEnabled: false } });
    assert.equal((await refusal(api.getDomainMonitorRuns({ monitorId: monitor.id, limit: 0 }))).status, 400);
    assert.equal((await refusal(api.runDueDomainMonitors({ maxRuns: 1000 }))).status, 400);
    const sink = await refusal(api.createDomainMonitorAlertSink({
      monitorId: monitor.id, createDomainMonitorAlertSinkOptions: { type: CreateDomainMonitorAlertSinkOptionsTypeEnum.WEBHOOK, target: 'ftp://x' },
    }));
    assert.equal(sink.status, 400);
    assert.match(sink.message, /http\(s\) URL/);
    const window = await refusal(api.getDomainMonitorInsights({ monitorId: monitor.id, since: new Date('2026-01-02'), before: new Date('2026-01-01') }));
    assert.equal(window.status, 400);
  });
});
