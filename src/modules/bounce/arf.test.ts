import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NotFeedbackReport, parseFeedbackReport } from './arf.js';
import { sampleReport } from '../../../test/helpers/arf-report.js';

test('the fields of an RFC 5965 report and the Message-ID of its original', () => {
  const report = parseFeedbackReport(sampleReport());
  assert.deepEqual(report, {
    feedbackType: 'abuse',
    userAgent: 'SomeGenerator/1.0',
    version: '1',
    recipient: 'user@example.com',
    originalMailFrom: 'somespammer@example.net',
    arrivalDate: 'Thu, 8 Mar 2005 14:00:00 EDT',
    originalMessageId: '<8787KJKJ3K4J3K4J3K4J3.mail@example.net>',
    originalFrom: 'somespammer@example.net',
  });
});

test('mail that is not a feedback report is refused, naming what is missing', () => {
  assert.throws(() => parseFeedbackReport(Buffer.from('Subject: hi\r\nContent-Type: text/plain\r\n\r\nhello\r\n')), NotFeedbackReport);
  const dsn = sampleReport().toString().replace('report-type=feedback-report', 'report-type=delivery-status');
  assert.throws(() => parseFeedbackReport(Buffer.from(dsn)), /report-type is not feedback-report/);
  const noType = sampleReport().toString().replace('Feedback-Type: abuse\r\n', '');
  assert.throws(() => parseFeedbackReport(Buffer.from(noType)), /no Feedback-Type/);
});
