import { test } from 'node:test';
import assert from 'node:assert/strict';
import { autoReplyRefusal } from './auto-reply-rules.js';
import { firstAddress } from './reply-fields.js';
import { splitFrom } from './replier.service.js';

const own = 'desk@inbox.test';
const from = (emailAddress: string) => ({ emailAddress });
const refusal = (headers: Array<[string, string]>, sender = 'person@example.com') => autoReplyRefusal({ headers, from: sender ? from(sender) : null }, own);

test('RFC 3834: ordinary mail may be answered, Auto-Submitted: no too', () => {
  assert.equal(refusal([['Subject', 'hi']]), null);
  assert.equal(refusal([['Auto-Submitted', 'No']]), null);
});

test('RFC 3834: automatic, bulk and list mail, reports and system senders are never answered', () => {
  assert.match(refusal([['Auto-Submitted', 'auto-replied']])!, /automatic \(Auto-Submitted: auto-replied\)/);
  assert.match(refusal([['auto-submitted', 'auto-generated; x=y']])!, /automatic/);
  for (const p of ['bulk', 'JUNK', 'list']) assert.match(refusal([['Precedence', p]])!, /bulk mail/);
  assert.equal(refusal([['Precedence', 'first-class']]), null);
  assert.match(refusal([['List-Id', '<news.example.com>']])!, /mailing list/);
  assert.match(refusal([['List-Unsubscribe', '<mailto:x@example.com>']])!, /List-Unsubscribe/);
  assert.match(refusal([['Content-Type', 'multipart/report; report-type=delivery-status']])!, /multipart\/report/);
  assert.match(refusal([], 'MAILER-DAEMON@mx.example')!, /mail system/);
  assert.match(refusal([], 'postmaster@example.com')!, /mail system/);
  assert.match(refusal([], '')!, /no sender/);
  assert.match(refusal([], 'DESK@inbox.test')!, /own address/);
});

test("a replier's from is a display name, an address, or both", () => {
  assert.deepEqual(splitFrom('Help Desk'), { name: 'Help Desk', address: null });
  assert.deepEqual(splitFrom('desk@inbox.test'), { name: null, address: 'desk@inbox.test' });
  assert.deepEqual(splitFrom('"Help Desk" <desk@inbox.test>'), { name: 'Help Desk', address: 'desk@inbox.test' });
  assert.deepEqual(splitFrom(null), { name: null, address: null });
});

test('the first address of a Reply-To value', () => {
  assert.equal(firstAddress('Team <Team@Example.com>, other@example.com'), 'team@example.com');
  assert.equal(firstAddress('x@example.com'), 'x@example.com');
  assert.equal(firstAddress('no address'), null);
});
