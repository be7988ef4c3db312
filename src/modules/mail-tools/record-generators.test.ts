import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import { generateDmarc, generateSpf, generateTlsReporting, SPF_LOOKUP_LIMIT } from './record-generators.js';

const refusedFor = (fn: () => unknown, field: string) =>
  assert.throws(fn, (err: unknown) => err instanceof AppError && err.code === 'BAD_REQUEST' && err.message.startsWith(`${field}:`));

test('SPF: a CIDR with host bits set is published as its network, with a warning', () => {
  const spf = generateSpf({ domain: 'example.com', mx: false, a: true, ip4: ['192.0.2.77/24'], allPolicy: 'FAIL' });
  assert.equal(spf.value, 'v=spf1 a ip4:192.0.2.0/24 -all');
  assert.ok(spf.warnings.some((w) => w.includes('host bits')));
});

test('SPF: more includes than the lookup limit allows are counted and warned about', () => {
  const includeDomains = Array.from({ length: SPF_LOOKUP_LIMIT }, (_, i) => `_spf${i}.example.net`);
  const spf = generateSpf({ domain: 'example.com', mx: true, a: false, includeDomains, allPolicy: 'SOFTFAIL' });
  assert.equal(spf.estimatedLookupCount, SPF_LOOKUP_LIMIT + 1);
  assert.ok(spf.warnings.some((w) => w.includes('permerror')));
});

test('SPF refuses bad domains, prefixes and self-includes, naming the field', () => {
  refusedFor(() => generateSpf({ domain: 'not a domain', mx: true, a: false, allPolicy: 'FAIL' }), 'domain');
  refusedFor(() => generateSpf({ domain: 'example.com', mx: true, a: false, ip6: ['2001:db8::/129'], allPolicy: 'FAIL' }), 'ip6');
  refusedFor(() => generateSpf({ domain: 'example.com', mx: true, a: false, ip4: ['2001:db8::1'], allPolicy: 'FAIL' }), 'ip4');
  refusedFor(() => generateSpf({ domain: 'example.com', mx: true, a: false, includeDomains: ['example.com'], allPolicy: 'FAIL' }), 'includeDomains');
});

test('DMARC refuses report addresses that are not addresses and fo without ruf', () => {
  refusedFor(() => generateDmarc({ domain: 'example.com', version: 'DMARC1', policy: 'NONE', reportEmailAddress: ['nobody'] }), 'reportEmailAddress');
  refusedFor(() => generateDmarc({ domain: 'example.com', version: 'DMARC1', policy: 'NONE', fo: 'FO_1' }), 'fo');
  refusedFor(() => generateDmarc({ domain: 'example.com', version: 'DMARC1', policy: 'NONE', secondsBetweenReports: 0 }), 'secondsBetweenReports');
  assert.equal(generateDmarc({ domain: 'example.com', version: 'DMARC1', policy: 'QUARANTINE', percentage: 100, subdomainPolicy: 'REJECT' }).value,
    'v=DMARC1; p=quarantine; sp=reject');
});

test('TLS-RPT needs somewhere to send reports', () => {
  refusedFor(() => generateTlsReporting({ host: 'example.com', version: 'TLSRPTv1', ttl: 60, reportingAddresses: [] }), 'reportingAddresses');
  refusedFor(() => generateTlsReporting({ host: 'example.com', version: 'TLSRPTv1', ttl: -1, reportingAddresses: ['a@example.com'] }), 'ttl');
});
