import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createResolver } from '../../core/dns.js';
import { startLoopbackDns, type LoopbackDns } from '../../../test/helpers/dns-server.js';
import { checkAuthStack, healthScore, parseSpf, stackStatus, type CheckResult } from './auth-stack.js';
import { domainOf, parseAuthResults, trustedAuthResults } from './auth-results.js';
import { changesBetween, normalizeDomain, severityOf, type StoredResult } from './domain-monitor.service.js';
import { runResultsCsv, toInsightsDto, toSeriesDto } from './domain-monitor.dto.js';
import type { DomainMonitorRunRecord } from '../../storage/ports.js';

const checks = (statuses: Record<string, CheckResult['status']>): CheckResult[] =>
  ['SPF', 'DKIM', 'DMARC', 'MX', 'MX_REACHABILITY', 'MTA_STS', 'TLS_RPT', 'BIMI'].map((check) => ({
    check: check as CheckResult['check'], status: statuses[check] ?? 'PASS', details: `${check} details`,
  }));

function run(id: string, at: string, status: string, statuses: Record<string, CheckResult['status']> = {}): DomainMonitorRunRecord {
  const list = checks(statuses);
  return {
    id, tenantId: 't', monitorId: 'm', domain: 'example.test', status, triggerSource: 'API', healthScore: healthScore(list),
    totalChecks: 8, passingChecks: list.filter((c) => c.status === 'PASS').length, failingChecks: list.filter((c) => c.status === 'FAIL').length,
    result: { stack: {}, checks: list, dmarcEnforced: true } as unknown as Record<string, unknown>, errorMessage: null, createdAt: new Date(at),
  };
}

describe('domain monitor parsing and scoring', () => {
  test('SPF terms: qualifiers, values, prefixes and modifiers', () => {
    assert.deepEqual(parseSpf('v=spf1 ip4:192.0.2.0/24 -include:_spf.example.test mx/24 ~all redirect=other.test'), [
      { kind: 'ip4', value: '192.0.2.0/24', qualifier: '+' },
      { kind: 'include', value: '_spf.example.test', qualifier: '-' },
      { kind: 'mx', value: '/24', qualifier: '+' },
      { kind: 'all', value: null, qualifier: '~' },
      { kind: 'redirect', value: 'other.test', qualifier: null },
    ]);
  });

  test('Authentication-Results: comments dropped, every method read, only this server\'s topmost header trusted', () => {
    const parsed = parseAuthResults('mx.pigeonhole.test (pigeonhole); spf=pass (ok) smtp.mailfrom=a@x.test; dkim=fail header.d=x.test header.s=s1; dkim=pass header.d=x.test header.s=s2 header.a=ed25519-sha256; dmarc=pass header.from=x.test')!;
    assert.equal(parsed.authservId, 'mx.pigeonhole.test');
    assert.deepEqual(parsed.spf, { status: 'PASS', mailFrom: 'a@x.test', sourceIp: null });
    assert.deepEqual(parsed.dkim.map((d) => [d.status, d.signature.selector]), [['FAIL', 's1'], ['PASS', 's2']]);
    assert.deepEqual(parsed.dmarc, { status: 'PASS', headerFrom: 'x.test' });
    const headers: Array<[string, string]> = [['Authentication-Results', 'other.example; dmarc=pass'], ['Authentication-Results', 'MX.pigeonhole.test; dmarc=pass']];
    assert.equal(trustedAuthResults(headers, 'mx.pigeonhole.test'), undefined, 'the topmost header is another host\'s');
    assert.equal(trustedAuthResults(headers.slice(1), 'mx.pigeonhole.test')?.dmarc?.status, 'PASS');
    assert.equal(domainOf('Name <User@Example.TEST>'), 'example.test');
    assert.equal(domainOf('no-at-sign'), null);
  });

  test('status, score, changes and severity', () => {
    assert.equal(stackStatus(checks({}), true), 'HEALTHY');
    assert.equal(stackStatus(checks({ MTA_STS: 'WARN' }), true), 'HEALTHY');
    assert.equal(stackStatus(checks({}), false), 'DEGRADED');
    assert.equal(stackStatus(checks({ DKIM: 'FAIL' }), true), 'DEGRADED');
    assert.equal(stackStatus(checks({ DMARC: 'FAIL' }), false), 'CRITICAL');
    assert.equal(stackStatus(checks(Object.fromEntries(['SPF', 'DKIM', 'DMARC', 'MX', 'MX_REACHABILITY', 'MTA_STS', 'TLS_RPT', 'BIMI'].map((c) => [c, 'ERROR']))), false), 'FAILED');
    assert.equal(healthScore(checks({ MTA_STS: 'WARN' })), 94);
    const before = run('a', '2026-01-01T00:00:00Z', 'HEALTHY').result as unknown as StoredResult;
    const after = run('b', '2026-01-01T01:00:00Z', 'CRITICAL', { SPF: 'FAIL', BIMI: 'WARN' }).result as unknown as StoredResult;
    const changes = changesBetween(before, after);
    assert.deepEqual(changes.map((c) => [c.check, c.previousStatus, c.status]), [['SPF', 'PASS', 'FAIL'], ['BIMI', 'PASS', 'WARN']]);
    assert.equal(severityOf(changes, 'CRITICAL', 'HEALTHY'), 'CRITICAL');
    assert.equal(severityOf(changes, 'CRITICAL', 'CRITICAL'), 'HIGH');
    assert.equal(severityOf(changesBetween(before, run('c', '2026-01-01T02:00:00Z', 'DEGRADED', { TLS_RPT: 'FAIL' }).result as unknown as StoredResult), 'DEGRADED', 'HEALTHY'), 'MEDIUM');
    assert.equal(severityOf(changesBetween(after, before), 'HEALTHY', 'CRITICAL'), 'LOW');
  });

  test('series, insights and CSV from stored runs', () => {
    const runs = [
      run('r3', '2026-01-02T10:30:00Z', 'HEALTHY'),
      run('r2', '2026-01-02T10:10:00Z', 'HEALTHY'),
      run('r1', '2026-01-01T09:00:00Z', 'CRITICAL', { DMARC: 'FAIL' }),
    ];
    const series = toSeriesDto('m', new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T00:00:00Z'), 'DAY', runs);
    assert.deepEqual(series.points.map((p) => [p.bucketStart, p.runCount, p.healthyCount, p.criticalCount, p.healthyRate]), [
      ['2026-01-01T00:00:00.000Z', 1, 0, 1, 0], ['2026-01-02T00:00:00.000Z', 2, 2, 0, 100],
    ]);
    const insights = toInsightsDto('m', new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T00:00:00Z'), runs);
    assert.deepEqual([insights.totalRuns, insights.successRate, insights.currentHealthyStreak, insights.bestHealthyStreak], [3, 66.67, 2, 2]);
    assert.ok(insights.attentionSignals.includes('DMARC failed in 1 of 3 runs'));
    assert.deepEqual(insights.topFindings, ['DMARC FAIL: DMARC details (1 of 3 runs)']);
    const csv = runResultsCsv(run('x', '2026-01-01T00:00:00Z', 'HEALTHY', { SPF: 'WARN' }));
    assert.equal(csv.split('\r\n').length, 10);
    assert.equal(normalizeDomain(' Example.COM. '), 'example.com');
    assert.throws(() => normalizeDomain('not a domain'), /not a domain name/);
  });
});

describe('auth stack checks against a real DNS server', () => {
  let dns: LoopbackDns;
  let smtp: net.Server;
  before(async () => {
    dns = await startLoopbackDns();
    smtp = net.createServer((socket) => socket.end('220-first line\r\n220 ready\r\n'));
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    // stops listening; its callback would wait on sockets the probe already destroyed
    smtp.close();
    await dns.close();
  });

  test('every check from the zone: SPF lookups through includes, weak DKIM key, p=none, MX greeting, missing optional records', async () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns.add('unit.test', { type: 'TXT', text: 'v=spf1 include:a.unit.test include:b.unit.test ?all' });
    dns.add('a.unit.test', { type: 'TXT', text: 'v=spf1 mx a -all' });
    dns.add('_dmarc.unit.test', { type: 'TXT', text: 'v=DMARC1; p=none' });
    dns.add('k._domainkey.unit.test', { type: 'TXT', text: `v=DKIM1; p=${key}` });
    dns.add('unit.test', { type: 'MX', exchange: 'mx.unit.test', priority: 5 });
    dns.add('mx.unit.test', { type: 'A', address: '127.0.0.1' });
    const report = await checkAuthStack({
      resolver: createResolver([dns.server]), mxProbePort: (smtp.address() as AddressInfo).port, timeoutMs: 2000, blockPrivate: false,
    }, 'unit.test', ['none', 'k']);
    const by = Object.fromEntries(report.checks.map((c) => [c.check, c]));
    assert.equal(report.stack.spf.lookupCount, 4, 'two includes, and mx and a inside the first');
    assert.deepEqual(report.stack.spf.errors, ['SPF include:b.unit.test has no SPF record (permerror)']);
    assert.equal(by.SPF!.status, 'FAIL');
    assert.equal(by.DKIM!.status, 'WARN');
    assert.equal(report.stack.dkim.keyLength, 1024);
    assert.deepEqual(report.stack.dkim.checkedNames, ['none._domainkey.unit.test', 'k._domainkey.unit.test']);
    assert.equal(by.DMARC!.status, 'WARN');
    assert.equal(report.dmarcEnforced, false);
    assert.equal(by.MX!.status, 'PASS');
    assert.equal(by.MX_REACHABILITY!.status, 'PASS');
    assert.match(by.MX_REACHABILITY!.details, /greeted: 220 ready/);
    assert.deepEqual([by.MTA_STS!.status, by.TLS_RPT!.status, by.BIMI!.status], ['WARN', 'WARN', 'WARN']);
    assert.equal(report.stack.status, 'CRITICAL');
    assert.equal(report.errorMessage, null);

    // an unreachable DNS server: every check is an ERROR and the run FAILED
    const silent = await checkAuthStack({ resolver: createResolver(['127.0.0.1:9'], { timeoutMs: 200, tries: 1 }), mxProbePort: 25, timeoutMs: 500, blockPrivate: false }, 'unit.test', ['k']);
    assert.equal(silent.stack.status, 'FAILED');
    assert.ok(silent.checks.every((c) => c.status === 'ERROR'), JSON.stringify(silent.checks));
    assert.match(silent.errorMessage ?? '', /^no check could be made: TXT lookup of unit\.test failed: /);
  });
});
