import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import {
  CheckDnsPropagationOptionsRecordTypeEnum, Configuration, DNSLookupOptionsRecordTypesEnum, MailServerControllerApi, ToolsControllerApi,
} from 'mailslurp-client';
import { describeEachDialect, startTestServer, type TestServer } from '../helpers/server.js';
import { startLoopbackDns, type LoopbackDns } from '../helpers/dns-server.js';
import { refusal } from '../helpers/client-errors.js';

const DOMAIN = 'tools.test';
const dkimKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** A zone with a few mistakes in it: each lookup tool must name them. */
function publishZone(dns: LoopbackDns): void {
  dns.add(DOMAIN, { type: 'TXT', text: 'v=spf1 ip4:192.0.2.0/24 include:_spf.tools.test ip4:300.1.1.1 ptr foo:bar -all' });
  dns.add(`_spf.${DOMAIN}`, { type: 'TXT', text: 'v=spf1 include:_spf2.tools.test -all' });
  dns.add(`_spf2.${DOMAIN}`, { type: 'TXT', text: 'v=spf1 ip6:2001:db8::/32 -all' });
  dns.add(`_dmarc.${DOMAIN}`, { type: 'TXT', text: 'v=DMARC1; p=reject; pct=150; adkim=x; rua=mailto:dmarc@tools.test' });
  dns.add(`sel1._domainkey.${DOMAIN}`, { type: 'TXT', text: `v=DKIM1; k=rsa; p=${dkimKey}` });
  dns.add(`_smtp._tls.${DOMAIN}`, { type: 'TXT', text: 'v=TLSRPTv1; rua=ftp://reports.tools.test/' });
  dns.add(`default._bimi.${DOMAIN}`, { type: 'TXT', text: 'v=BIMI1; l=https://tools.test/logo.svg' });
  dns.add(`brand._bimi.${DOMAIN}`, { type: 'TXT', text: 'v=BIMI1; l=http://tools.test/logo.svg' });
  dns.add(`_mta-sts.${DOMAIN}`, { type: 'TXT', text: 'v=STSv1; id=20240101' });
  dns.add(`mta-sts.${DOMAIN}`, { type: 'A', address: '127.0.0.1' });
  dns.add(DOMAIN, { type: 'MX', exchange: `mx.${DOMAIN}`, priority: 10 });
  dns.add(DOMAIN, { type: 'A', address: '192.0.2.10' });
  dns.add(`mx.${DOMAIN}`, { type: 'A', address: '127.0.0.1' });
  // reverse DNS: 127.0.0.1 is forward-confirmed, 192.0.2.99 names a host that points elsewhere
  dns.add('1.0.0.127.in-addr.arpa', { type: 'PTR', target: `mx.${DOMAIN}` });
  dns.add('99.2.0.192.in-addr.arpa', { type: 'PTR', target: `liar.${DOMAIN}` });
  dns.add(`liar.${DOMAIN}`, { type: 'A', address: '192.0.2.100' });
  // blocklists: 127.0.0.1 listed on bl.test with a reason; refuse.test answers Spamhaus's "query refused" code
  dns.add('1.0.0.127.bl.test', { type: 'A', address: '127.0.0.2' });
  dns.add('1.0.0.127.bl.test', { type: 'TXT', text: 'listed for testing' });
  dns.add('1.0.0.127.refuse.test', { type: 'A', address: '127.255.255.254' });
  dns.add('listed.test.dbl.test', { type: 'A', address: '127.0.1.2' });
}

describeEachDialect('DNS tools', (dialect) => {
  let server: TestServer;
  let dns: LoopbackDns;
  let other: LoopbackDns;
  let mx: SMTPServer;
  let tools: ToolsControllerApi;
  let mailServer: MailServerControllerApi;

  before(async () => {
    dns = await startLoopbackDns();
    other = await startLoopbackDns();
    publishZone(dns);
    mx = new SMTPServer({ authOptional: true, banner: 'mx.tools.test ready' });
    await new Promise<void>((resolve) => mx.listen(0, '127.0.0.1', () => resolve()));
    server = await startTestServer(dialect, {
      env: {
        PIGEONHOLE_DNS_SERVERS: dns.server, PIGEONHOLE_MX_PROBE_PORT: String((mx.server.address() as AddressInfo).port),
        PIGEONHOLE_WEBHOOK_BLOCK_PRIVATE: 'false', PIGEONHOLE_WEBHOOK_TIMEOUT: '2000', PIGEONHOLE_DNS_TOOLS_TIMEOUT: '1500',
        PIGEONHOLE_DNS_PROPAGATION_RESOLVERS: `${dns.server},${other.server}`,
        PIGEONHOLE_DNSBL_ZONES: 'bl.test,refuse.test', PIGEONHOLE_DNSBL_DOMAIN_ZONES: 'dbl.test',
      },
    });
    const tenant = await server.createTenant();
    const configuration = new Configuration({ apiKey: tenant.apiKey, basePath: server.url });
    tools = new ToolsControllerApi(configuration);
    mailServer = new MailServerControllerApi(configuration);
  });
  after(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (mx ? mx.close(() => resolve()) : resolve()));
    await dns?.close();
    await other?.close();
  });

  test('getDnsLookup and getDnsLookups answer each record type with its entries; A records carry their real TTL', async () => {
    const one = await mailServer.getDnsLookup({
      dNSLookupOptions: { hostname: 'Tools.TEST.', recordTypes: [DNSLookupOptionsRecordTypesEnum.A, DNSLookupOptionsRecordTypesEnum.MX], omitFinalDNSDot: false },
    });
    assert.deepEqual(one.results.map((r) => [r.recordType, r.name, r.recordEntries]), [['A', 'tools.test.', ['192.0.2.10']], ['MX', 'tools.test.', ['10 mx.tools.test.']]]);
    assert.equal(one.results[0]!.ttl, 60);
    const many = await mailServer.getDnsLookups({
      dNSLookupsOptions: {
        lookups: [
          { hostname: `_dmarc.${DOMAIN}`, recordTypes: [DNSLookupOptionsRecordTypesEnum.TXT], omitFinalDNSDot: true },
          { hostname: '127.0.0.1', recordTypes: [DNSLookupOptionsRecordTypesEnum.PTR], omitFinalDNSDot: true },
          { hostname: `nothing.${DOMAIN}`, recordTypes: [DNSLookupOptionsRecordTypesEnum.A], omitFinalDNSDot: true },
        ],
      },
    });
    assert.deepEqual(many.results.map((r) => [r.recordType, r.recordEntries]), [
      ['TXT', ['v=DMARC1; p=reject; pct=150; adkim=x; rua=mailto:dmarc@tools.test']], ['PTR', [`mx.${DOMAIN}`]],
    ]);
    const unsupported = await refusal(mailServer.getDnsLookup({ dNSLookupOptions: { hostname: DOMAIN, recordTypes: [DNSLookupOptionsRecordTypesEnum.TLSA], omitFinalDNSDot: true } }));
    assert.equal(unsupported.status, 400);
    assert.match(unsupported.message, /recordTypes\[0\] "TLSA" cannot be looked up .* it answers A, AAAA/);
    const badName = await refusal(mailServer.getDnsLookup({ dNSLookupOptions: { hostname: 'not a host', recordTypes: [DNSLookupOptionsRecordTypesEnum.A], omitFinalDNSDot: true } }));
    assert.equal(badName.status, 400);
    assert.match(badName.message, /hostname must be a DNS name/);
  });

  test('describeMailServerDomain lists the MX records and each host\'s SMTP greeting; getIpAddress resolves a name or says it has none', async () => {
    const described = await mailServer.describeMailServerDomain({ describeDomainOptions: { domain: DOMAIN } });
    assert.deepEqual(described.mxRecords, [{ raw: 'tools.test. MX 10 mx.tools.test.', recordType: 'MX', priority: '10', value: `mx.${DOMAIN}` }]);
    assert.match(described.message ?? '', /^mx\.tools\.test \(127\.0\.0\.1:\d+\) greeted: 220 .*mx\.tools\.test ready/);
    assert.equal((await mailServer.describeMailServerDomain({ describeDomainOptions: { domain: `nomx.${DOMAIN}` } })).message, `no MX record at nomx.${DOMAIN}`);

    assert.deepEqual(await mailServer.getIpAddress({ name: `mx.${DOMAIN}` }), { address: '127.0.0.1', hostname: `mx.${DOMAIN}` });
    const missing = await refusal(mailServer.getIpAddress({ name: `nothing.${DOMAIN}` }));
    assert.equal(missing.status, 404);
    assert.match(missing.message, /nothing\.tools\.test has no A or AAAA record/);
  });

  test('lookupMxRecord and lookupPtr: MX in preference order, reverse DNS forward-confirmed or not', async () => {
    const mxRecords = await tools.lookupMxRecord({ lookupMxRecordsOptions: { host: DOMAIN } });
    assert.deepEqual(mxRecords.records.map((r) => r.recordEntries), [['10 mx.tools.test']]);
    assert.deepEqual((await tools.lookupMxRecord({ lookupMxRecordsOptions: { host: `nomx.${DOMAIN}` } })).errors, [`no MX record at nomx.${DOMAIN}`]);

    const confirmed = await tools.lookupPtr({ lookupPtrOptions: { ip: '127.0.0.1' } });
    assert.deepEqual([confirmed.ptrHostnames, confirmed.forwardConfirmed, confirmed.forwardARecords], [[`mx.${DOMAIN}`], true, ['127.0.0.1']]);
    const unconfirmed = await tools.lookupPtr({ lookupPtrOptions: { ip: '192.0.2.99' } });
    assert.equal(unconfirmed.forwardConfirmed, false);
    assert.deepEqual(unconfirmed.forwardARecords, ['192.0.2.100']);
    assert.match(unconfirmed.warnings.join('\n'), /not forward-confirmed/);
    const none = await tools.lookupPtr({ lookupPtrOptions: { ip: '192.0.2.1' } });
    assert.deepEqual(none.ptrHostnames, []);
    assert.match(none.warnings.join('\n'), /has no PTR record/);
    assert.equal((await refusal(tools.lookupPtr({ lookupPtrOptions: { ip: '999.1.1.1' } }))).status, 400);
  });

  test('lookupSpfDomain parses the terms, counts lookups through nested includes and names each invalid term', async () => {
    const spf = await tools.lookupSpfDomain({ lookupSpfDomainOptions: { host: DOMAIN } });
    assert.equal(spf.record, 'v=spf1 ip4:192.0.2.0/24 include:_spf.tools.test ip4:300.1.1.1 ptr foo:bar -all');
    // include (1) + its include (1) + ptr (1)
    assert.equal(spf.lookupCount, 3);
    assert.equal(spf.valid, false);
    assert.deepEqual(spf.mechanisms.map((m) => m.kind), ['ip4', 'include', 'ip4', 'ptr', 'foo', 'all']);
    assert.ok(spf.errors.includes('SPF term ip4:300.1.1.1 is not an IPv4 address or network'), spf.errors.join('\n'));
    assert.ok(spf.errors.some((e) => /^SPF term foo:bar is not a mechanism/.test(e)), spf.errors.join('\n'));
    assert.match(spf.warnings.join('\n'), /ptr/);
    const missing = await tools.lookupSpfDomain({ lookupSpfDomainOptions: { host: `nomx.${DOMAIN}` } });
    assert.deepEqual([missing.valid, missing.record ?? null, missing.errors], [false, null, [`no SPF record (TXT v=spf1) at nomx.${DOMAIN}`]]);
  });

  test('lookupDkimDomain reads the key of a selector; lookupDmarcDomain validates each tag', async () => {
    const dkim = await tools.lookupDkimDomain({ lookupDkimDomainOptions: { host: DOMAIN, selector: 'sel1' } });
    assert.deepEqual([dkim.valid, dkim.queriedName, dkim.algorithm, dkim.keyLength], [true, `sel1._domainkey.${DOMAIN}`, 'rsa', 2048]);
    const byName = await tools.lookupDkimDomain({ lookupDkimDomainOptions: { host: `sel1._domainkey.${DOMAIN}` } });
    assert.equal(byName.selector, 'sel1');
    const absent = await tools.lookupDkimDomain({ lookupDkimDomainOptions: { host: DOMAIN, selector: 'nope' } });
    assert.deepEqual([absent.valid, absent.checkedNames], [false, [`nope._domainkey.${DOMAIN}`]]);
    assert.equal((await refusal(tools.lookupDkimDomain({ lookupDkimDomainOptions: { host: DOMAIN, selector: 'bad selector!' } }))).status, 400);

    const dmarc = await tools.lookupDmarcDomain({ lookupDmarcDomainOptions: { host: DOMAIN } });
    assert.equal(dmarc.valid, false);
    assert.deepEqual(dmarc.records.map((r) => r.recordEntries), [['v=DMARC1; p=reject; pct=150; adkim=x; rua=mailto:dmarc@tools.test']]);
    assert.deepEqual(dmarc.errors, ['DMARC pct=150 must be a whole number from 0 to 100', 'DMARC adkim=x must be r (relaxed) or s (strict)']);
  });

  test('lookupMtaStsDomain reports a policy that cannot be fetched; TLS-RPT and BIMI URIs are checked', async () => {
    const mtaSts = await tools.lookupMtaStsDomain({ lookupMtaStsDomainOptions: { host: DOMAIN } });
    assert.deepEqual(mtaSts.records.map((r) => r.recordEntries), [['v=STSv1; id=20240101']]);
    assert.equal(mtaSts.wellKnownQuery, `https://mta-sts.${DOMAIN}/.well-known/mta-sts.txt`);
    assert.equal(mtaSts.wellKnownPresent, false);
    assert.equal(mtaSts.valid, false);
    assert.match(mtaSts.errors.join('\n'), /MTA-STS policy could not be fetched from https:\/\/mta-sts\.tools\.test\/\.well-known\/mta-sts\.txt/);

    const tls = await tools.lookupTlsReportingDomain({ lookupTlsReportingDomainOptions: { host: DOMAIN } });
    assert.deepEqual([tls.valid, tls.errors], [false, ['TLS-RPT rua= ftp://reports.tools.test/ is not a mailto: or https: URI']]);
    const bimi = await tools.lookupBimiDomain({ lookupBimiDomainOptions: { host: DOMAIN } });
    assert.deepEqual([bimi.valid, bimi.query.hostname, bimi.errors], [true, `default._bimi.${DOMAIN}`, []]);
    const brand = await tools.lookupBimiDomain({ lookupBimiDomainOptions: { host: `brand._bimi.${DOMAIN}` } });
    assert.deepEqual([brand.valid, brand.errors], [false, ['BIMI l= http://tools.test/logo.svg is not a https: URI']]);
    const none = await tools.lookupBimiDomain({ lookupBimiDomainOptions: { host: `nomx.${DOMAIN}` } });
    assert.deepEqual([none.valid, none.records], [false, []]);
    assert.match(none.warnings.join('\n'), /no BIMI record at default\._bimi\.nomx\.tools\.test/);
  });

  test('checkEmailAuthStack and checkDomainMonitor check the whole stack, the latter with the MX addresses on the blocklists', async () => {
    const stack = await tools.checkEmailAuthStack({ checkEmailAuthStackOptions: { domain: DOMAIN, dkimSelector: 'sel1' } });
    assert.equal(stack.domain, DOMAIN);
    assert.equal(stack.totalChecks, 8);
    assert.equal(stack.dkim.keyLength, 2048);
    assert.equal(stack.spf.lookupCount, 3);
    assert.equal(stack.mtaSts.wellKnownPresent, false);

    const monitor = await tools.checkDomainMonitor({ checkDomainMonitorOptions: { domain: DOMAIN } });
    assert.equal(monitor.totalChecks, 8);
    assert.deepEqual([monitor.spfOk, monitor.dmarcEnforced, monitor.mxOk, monitor.tlsReportingOk, monitor.mtaStsOk], [true, true, true, true, false]);
    // MX 127.0.0.1 is listed on bl.test
    assert.deepEqual([monitor.blacklistChecked, monitor.blacklistListed, monitor.blacklistOk], [true, true, false]);
    assert.ok(monitor.insights.some((i) => /^BLACKLIST FAIL: /.test(i)), monitor.insights.join('\n'));
    assert.ok(monitor.insights.some((i) => /^MX_REACHABILITY PASS: mx\.tools\.test/.test(i)), monitor.insights.join('\n'));
  });

  test('checkEmailBlacklist: a listing is an A answer in 127/8 with its TXT reason; a refused query is an error, not a listing', async () => {
    const listed = await tools.checkEmailBlacklist({ checkEmailBlacklistOptions: { ipAddress: '127.0.0.1' } });
    assert.deepEqual([listed.status, listed.listed, listed.totalListings, listed.checkedZoneCount], ['DEGRADED', true, 1, 2]);
    assert.deepEqual(listed.checkedIpAddresses, [{
      ipAddress: '127.0.0.1', source: 'ipAddress', listings: [
        { zone: 'bl.test', listed: true, responseCodes: ['127.0.0.2'], responseMessages: ['listed for testing'] },
        { zone: 'refuse.test', listed: false, responseCodes: ['127.255.255.254'], responseMessages: [] },
      ],
    }]);
    assert.match(listed.errors.join('\n'), /refuse\.test refused the query \(127\.255\.255\.254\)/);

    const clean = await tools.checkEmailBlacklist({ checkEmailBlacklistOptions: { ipAddress: '192.0.2.1' } });
    assert.deepEqual([clean.status, clean.listed, clean.totalListings, clean.errors], ['HEALTHY', false, 0, []]);

    const byDomain = await tools.checkEmailBlacklist({ checkEmailBlacklistOptions: { domain: 'listed.test' } });
    assert.deepEqual(byDomain.checkedIpAddresses.map((c) => [c.ipAddress, c.source, c.listings.map((l) => l.listed)]), [['listed.test', 'domain (domain blocklists)', [true]]]);
    assert.match(byDomain.warnings.join('\n'), /listed\.test has no MX record/);

    const byMx = await tools.checkEmailBlacklist({ checkEmailBlacklistOptions: { mxHost: `mx.${DOMAIN}` } });
    assert.deepEqual(byMx.checkedIpAddresses.map((c) => [c.ipAddress, c.source]), [['127.0.0.1', `mxHost mx.${DOMAIN}`]]);
    const nothing = await refusal(tools.checkEmailBlacklist({ checkEmailBlacklistOptions: {} }));
    assert.deepEqual(nothing, { status: 400, message: 'name a domain, an ipAddress or an mxHost to check' });
  });

  test('checkDnsPropagation asks each configured resolver and compares the answers with the expected value', async () => {
    const host = `prop.${DOMAIN}`;
    dns.add(host, { type: 'A', address: '192.0.2.1' });
    other.add(host, { type: 'A', address: '192.0.2.2' });
    const ask = () => tools.checkDnsPropagation({
      checkDnsPropagationOptions: { host, recordType: CheckDnsPropagationOptionsRecordTypeEnum.A, expectedValue: '192.0.2.1' },
    });
    const split = await ask();
    assert.deepEqual([split.propagatedToAllResolvers, split.respondingResolverCount, split.matchingResolverCount], [false, 2, 1]);
    assert.deepEqual(split.resolverResults, [
      { resolver: dns.server, records: ['192.0.2.1'], responded: true, matchedExpectedValue: true },
      { resolver: other.server, records: ['192.0.2.2'], responded: true, matchedExpectedValue: false },
    ]);
    assert.match(split.warnings.join('\n'), /resolvers disagree/);
    other.remove(host, 'A');
    other.add(host, { type: 'A', address: '192.0.2.1' });
    const agreed = await ask();
    assert.deepEqual([agreed.propagatedToAllResolvers, agreed.matchingResolverCount, agreed.warnings], [true, 2, []]);
  });

  test('a resolver that never answers costs one time budget: the lookup is reported failed, not awaited for ever', async () => {
    dns.silence('slow.test');
    const started = Date.now();
    const spf = await tools.lookupSpfDomain({ lookupSpfDomainOptions: { host: 'slow.test' } });
    assert.equal(spf.valid, false);
    assert.match(spf.errors.join('\n'), /TXT lookup of slow\.test failed: (ETIMEOUT|ECANCELLED)/);
    const lookup = await refusal(mailServer.getDnsLookup({ dNSLookupOptions: { hostname: 'slow.test', recordTypes: [DNSLookupOptionsRecordTypesEnum.A], omitFinalDNSDot: true } }));
    assert.equal(lookup.status, 408);
    assert.ok(Date.now() - started < 6_000, `took ${Date.now() - started} ms`);
  });

  test('every DNS tool needs an API key', async () => {
    const paths = [
      '/mail-server/describe/dns-lookup', '/mail-server/describe/dns-lookups', '/mail-server/describe/domain', '/mail-server/describe/ip-address?name=tools.test',
      '/tools/lookup-mx-records', '/tools/lookup-ptr', '/tools/lookup-spf-domain', '/tools/lookup-dkim-domain', '/tools/lookup-dmarc-domain',
      '/tools/lookup-mta-sts-domain', '/tools/lookup-tls-reporting-domain', '/tools/lookup-bimi-domain', '/tools/check-email-auth-stack',
      '/tools/check-dns-propagation', '/tools/check-email-blacklists', '/tools/check-domain-monitor',
    ];
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ host: DOMAIN, domain: DOMAIN }) });
      assert.equal(response.status, 401, path);
    }
  });
});
