import { test } from 'node:test';
import assert from 'node:assert/strict';
import { simpleParser } from 'mailparser';
import { buildDsn, headerBlockOf } from './dsn.js';

const original = Buffer.from('From: Spammer <spam@spam.example>\r\nTo: box@pigeon.test\r\nSubject: Buy now\r\nMessage-ID: <m1@spam.example>\r\n\r\nbody text\r\n');

test('headerBlockOf keeps the header block only', () => {
  const headers = headerBlockOf(original);
  assert.match(headers, /^From: Spammer/);
  assert.match(headers, /Message-ID: <m1@spam.example>$/);
  assert.ok(!headers.includes('body text'));
});

test('a DSN is a multipart/report with the delivery status of the refused recipient and the original headers', async () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const raw = buildDsn({
    reportingMta: 'pigeon.test', to: 'spam@spam.example', recipient: 'box@pigeon.test', permanent: true,
    diagnostic: 'Refused by ruleset r1 (BOUNCE_HARD *@spam.example)', originalHeaders: headerBlockOf(original), arrivalDate: now, now,
  });
  const text = raw.toString('latin1');
  assert.match(text, /Content-Type: multipart\/report; report-type=delivery-status; boundary=/);
  const status = /Content-Type: message\/delivery-status\r\n\r\n([\s\S]*?)\r\n--/.exec(text)![1]!;
  assert.match(status, /^Reporting-MTA: dns; pigeon.test\r\n/);
  assert.match(status, /Final-Recipient: rfc822; box@pigeon.test/);
  assert.match(status, /Action: failed/);
  assert.match(status, /Status: 5\.7\.1/);
  assert.match(status, /Diagnostic-Code: smtp; 550 5\.7\.1 Refused by ruleset r1/);
  assert.match(text, /Content-Type: text\/rfc822-headers\r\n\r\nFrom: Spammer <spam@spam.example>/);
  const parsed = await simpleParser(raw);
  assert.equal(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]!.address : '', 'spam@spam.example');
  assert.equal(parsed.headers.get('auto-submitted'), 'auto-replied');

  const soft = buildDsn({ reportingMta: 'p.test', to: 'a@b.c', recipient: 'x@p.test', permanent: false, diagnostic: 'd', originalHeaders: '', arrivalDate: now, now }).toString();
  assert.match(soft, /Status: 4\.7\.1/);
  assert.match(soft, /Diagnostic-Code: smtp; 450 4\.7\.1 d/);
});
