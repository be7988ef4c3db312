import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import { analyzeDmarcReport } from './dmarc-report.js';
import { MAX_REPORT_BYTES, reportXmlOf } from './dmarc-report-input.js';

const record = (ip: string, count: string, disposition: string) =>
  `<record><row><source_ip>${ip}</source_ip><count>${count}</count><policy_evaluated><disposition>${disposition}</disposition><dkim>fail</dkim><spf>pass</spf></policy_evaluated></row><identifiers><header_from>example.com</header_from></identifiers></record>`;

test('a record without a usable count is reported as an error and left out of the totals', () => {
  const r = analyzeDmarcReport(`<feedback xmlns="urn:ietf:params:xml:ns:dmarc-2.0"><report_metadata><org_name>x</org_name><report_id>1</report_id></report_metadata><policy_published><domain>example.com</domain><p>reject</p></policy_published>${record('192.0.2.1', '5', 'reject')}${record('192.0.2.2', 'many', 'none')}</feedback>`);
  assert.equal(r.recordCount, 2);
  assert.equal(r.totalMessages, 5);
  assert.equal(r.rejectCount, 5);
  assert.equal(r.spfAlignedCount, 5);
  assert.equal(r.dkimAlignedCount, 0);
  assert.equal(r.fullyAlignedCount, 0);
  assert.ok(r.errors.some((e) => e.startsWith('record 2')));
});

test('plain XML over the size limit is refused before parsing', () => {
  const huge = `<feedback>${' '.repeat(MAX_REPORT_BYTES)}</feedback>`;
  assert.throws(() => reportXmlOf(huge), (err: unknown) => err instanceof AppError && /larger than/.test(err.message));
});

test('base64 of plain XML is accepted; base64 of anything else is refused', () => {
  assert.equal(reportXmlOf(Buffer.from('<feedback/>').toString('base64')), '<feedback/>');
  assert.throws(() => reportXmlOf(Buffer.from('hello world').toString('base64')), AppError);
});
