import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeHeaders } from './header-analysis.js';

test('lines that are no header field are errors; missing headers and failed verdicts are warnings', async () => {
  const r = await analyzeHeaders([
    'Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=a@other.example; dkim=fail header.d=x.example; dkim=pass header.d=example.com; dmarc=fail header.from=example.com',
    'this is not a header',
    'From: a@example.com',
    'Return-Path: <a@other.example>',
  ].join('\n'));
  assert.deepEqual(r.summary, { spf: 'fail', dkim: 'pass', dmarc: 'fail', fromDomain: 'example.com', returnPathDomain: 'other.example' });
  assert.equal(r.errors.length, 1);
  assert.match(r.errors[0]!, /^line 2 /);
  assert.ok(r.warnings.includes('no Received headers: the delivery path cannot be traced'));
  assert.ok(r.warnings.some((w) => w.startsWith('no Date header')));
  assert.ok(r.warnings.includes('SPF fail'));
  assert.ok(r.warnings.some((w) => w.includes('SPF does not align')));
});

test('Received-SPF stands in when there is no Authentication-Results', async () => {
  const r = await analyzeHeaders('Received-SPF: softfail (domain of x does not designate) client-ip=192.0.2.1;\r\nFrom: <a@example.com>\r\n');
  assert.equal(r.summary.spf, 'softfail');
  assert.equal(r.summary.dkim, null);
});
