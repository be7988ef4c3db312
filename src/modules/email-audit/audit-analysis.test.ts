import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildAnalysis, diffInsights, mentionsAttachment, type AuditParts } from './audit-analysis.js';

const noBody = (): AuditParts['body'] => ({
  hasIssues: false, linkIssues: [], imageIssues: [], spellingIssues: [],
  counts: { detectedLinks: 0, detectedImages: 0, checkedLinks: 0, checkedImages: 0, skipped: 0 },
});

test('a text body with nothing to check is HEALTHY at 100 with no checks', () => {
  const result = buildAnalysis({ body: noBody(), html: null, verdicts: [], missingAttachment: null });
  assert.deepEqual([result.status, result.healthScore, result.totalChecks], ['HEALTHY', 100, 0]);
});

test('the score is the passing share of the checks; a warning-only failure is WARNING, an error FAILED', () => {
  const body = noBody();
  body.counts.detectedLinks = 2;
  body.linkIssues.push({ url: 'http://10.0.0.1/', responseStatus: null, severity: 'Warning', message: 'not checked: refused: private address' });
  const warning = buildAnalysis({ body, html: null, verdicts: [['SPF', 'PASS']], missingAttachment: true });
  // links pass (a skipped URL is not broken), SPF passes, the attachment check fails
  assert.deepEqual([warning.totalChecks, warning.failingChecks, warning.healthScore, warning.status], [3, 1, 67, 'WARNING']);
  assert.equal(warning.externalCheckSkippedCount, 0, 'counted by the body check, not from the messages');
  assert.deepEqual(warning.insights, ['[skipped] http://10.0.0.1/: not checked: refused: private address', '[attachment] the text mentions an attachment but the message has none']);

  const failed = buildAnalysis({ body: noBody(), html: null, verdicts: [['DMARC', 'fail']], missingAttachment: false });
  assert.deepEqual([failed.status, failed.reputationFailureCount, failed.healthScore], ['FAILED', 1, 50]);
});

test('insights compare as multisets', () => {
  assert.deepEqual(diffInsights(['a', 'b', 'b'], ['b', 'c']), { added: ['c'], removed: ['a', 'b'], unchanged: ['b'] });
});

test('attachment words', () => {
  assert.equal(mentionsAttachment('Please find the invoice attached.'), true);
  assert.equal(mentionsAttachment('See the attachments'), true);
  assert.equal(mentionsAttachment('We are attaching great value to this'), false);
});
