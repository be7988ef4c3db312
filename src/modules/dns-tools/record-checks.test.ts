import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSpf } from '../domain-monitor/auth-stack.js';
import { bimiFindings, dmarcTagFindings, spfTermFindings, tlsRptFindings } from './record-checks.js';
import { dnsblQueryName } from './dnsbl.js';
import { expandIpv6, reverseName } from './dns-records.js';

test('SPF terms: unknown mechanisms, malformed networks and misplaced all are named; unknown modifiers are not', () => {
  const { errors, warnings } = spfTermFindings(parseSpf('v=spf1 ip4:10.0.0.0/33 ip6:2001:db8::/48 a mx ptr:x.test bogus:1 foo=bar redirect=a.test redirect=b.test -all include:late.test'));
  assert.deepEqual(errors, [
    'SPF term ip4:10.0.0.0/33 is not an IPv4 address or network',
    'SPF term bogus:1 is not a mechanism (all, include, a, mx, ptr, ip4, ip6, exists)',
    'SPF modifier redirect= appears more than once',
  ]);
  assert.deepEqual(warnings, ['SPF uses ptr, which RFC 7208 says not to use (slow, unreliable)', 'SPF has mechanisms after all: receivers never reach them']);
  assert.deepEqual(spfTermFindings(parseSpf('v=spf1 ip4:192.0.2.1 ~all')), { errors: [], warnings: [] });
});

test('DMARC tags: v must come first, each known tag has its own values, unknown tags are warnings', () => {
  assert.deepEqual(dmarcTagFindings('v=DMARC1; p=none; sp=drop; aspf=s; fo=1:d; ri=86400; rua=mailto:a@x.test,https://x.test; ruf=mailto:nobody; zz=1'), {
    errors: ['DMARC sp=drop must be none, quarantine or reject', 'DMARC rua= https://x.test is not a mailto: URI', 'DMARC ruf= mailto:nobody has no valid address'],
    warnings: ['DMARC tag zz= is not defined by RFC 7489 and is ignored'],
  });
  assert.deepEqual(dmarcTagFindings('p=reject; v=DMARC1').errors, ['DMARC record must start with v=DMARC1']);
  assert.deepEqual(dmarcTagFindings('v=DMARC1; p=reject; rua=mailto:r@x.test!10m; pct=100'), { errors: [], warnings: [] });
});

test('TLS-RPT and BIMI URIs', () => {
  assert.deepEqual(tlsRptFindings('v=TLSRPTv1; rua=mailto:tls@x.test,https://r.x.test/v1'), []);
  assert.deepEqual(tlsRptFindings('v=TLSRPTv1; rua=http://r.x.test'), ['TLS-RPT rua= http://r.x.test is not a mailto: or https: URI']);
  assert.deepEqual(bimiFindings('v=BIMI1; l=; a='), []);
  assert.deepEqual(bimiFindings('v=BIMI1; l=logo.svg'), ['BIMI l= logo.svg is not a URI']);
});

test('blocklist and reverse names: reversed octets, reversed IPv6 nibbles', () => {
  assert.equal(dnsblQueryName('192.0.2.1', 'zen.example'), '1.2.0.192.zen.example');
  assert.equal(expandIpv6('2001:db8::1'), '20010db8000000000000000000000001');
  assert.equal(expandIpv6('::ffff:192.0.2.1'), '00000000000000000000ffffc0000201');
  assert.equal(dnsblQueryName('2001:db8::1', 'z.example'), `1.0.0.0.${'0.'.repeat(20)}8.b.d.0.1.0.0.2.z.example`);
  assert.equal(reverseName('192.0.2.1'), '1.2.0.192.in-addr.arpa');
  assert.equal(reverseName('::1'), `1.${'0.'.repeat(31)}ip6.arpa`);
  assert.equal(dnsblQueryName('not-an-ip', 'z.example'), null);
});
