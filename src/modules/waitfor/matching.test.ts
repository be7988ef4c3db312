import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { MatchableEmail } from './matching.js';
import { meetsCondition, meetsMatch, meetsPlainOptions } from './matching.js';

const address = (emailAddress: string, name: string | null = null) => ({
  emailAddress, name, rawValue: name ? `${name} <${emailAddress}>` : emailAddress,
});

const email: MatchableEmail = {
  id: 'e1', tenantId: 't', inboxId: 'i', messageId: null, inReplyTo: null,
  subject: 'Your Order #123 shipped',
  from: 'shop@example.com', sender: address('shop@example.com', 'The Shop'),
  recipients: { to: [address('Bob@Pigeonhole.test', 'Bob')], cc: [address('carol@example.com')], bcc: [] },
  replyTo: null, charset: 'utf-8', bodyMd5: '', bodyPartContentTypes: ['text/plain'], sizeBytes: 10, rawSha256: '',
  attachmentIds: ['a1'], read: false, favourite: false, createdAt: new Date(), updatedAt: new Date(),
  headers: [['X-Campaign', 'spring-2026'], ['Subject', 'Your Order #123 shipped']],
};

test('SUBJECT CONTAIN and EQUAL compare exactly as received', () => {
  assert.equal(meetsMatch(email, { field: 'SUBJECT', should: 'CONTAIN', value: 'Order #123' }), true);
  assert.equal(meetsMatch(email, { field: 'SUBJECT', should: 'CONTAIN', value: 'order #123' }), false);
  assert.equal(meetsMatch(email, { field: 'SUBJECT', should: 'EQUAL', value: 'Your Order #123 shipped' }), true);
  assert.equal(meetsMatch(email, { field: 'SUBJECT', should: 'EQUAL', value: 'Your Order' }), false);
});

test('address fields match any recipient, by address or display form, without regard to case', () => {
  assert.equal(meetsMatch(email, { field: 'TO', should: 'EQUAL', value: 'bob@pigeonhole.test' }), true);
  assert.equal(meetsMatch(email, { field: 'TO', should: 'CONTAIN', value: 'bob <' }), true);
  assert.equal(meetsMatch(email, { field: 'CC', should: 'EQUAL', value: 'carol@example.com' }), true);
  assert.equal(meetsMatch(email, { field: 'BCC', should: 'CONTAIN', value: '@' }), false, 'no BCC recipients');
  assert.equal(meetsMatch(email, { field: 'FROM', should: 'EQUAL', value: 'SHOP@example.com' }), true);
  assert.equal(meetsMatch(email, { field: 'FROM', should: 'CONTAIN', value: 'The Shop' }), true);
});

test('HEADERS match a "Name: value" line or a bare value, without regard to case', () => {
  assert.equal(meetsMatch(email, { field: 'HEADERS', should: 'EQUAL', value: 'x-campaign: spring-2026' }), true);
  assert.equal(meetsMatch(email, { field: 'HEADERS', should: 'EQUAL', value: 'spring-2026' }), true);
  assert.equal(meetsMatch(email, { field: 'HEADERS', should: 'CONTAIN', value: 'autumn' }), false);
});

test('HAS_ATTACHMENTS compares with the strings TRUE and FALSE', () => {
  assert.equal(meetsCondition(email, { condition: 'HAS_ATTACHMENTS', value: 'TRUE' }), true);
  assert.equal(meetsCondition(email, { condition: 'HAS_ATTACHMENTS', value: 'FALSE' }), false);
  assert.equal(meetsCondition({ ...email, attachmentIds: [] }, { condition: 'HAS_ATTACHMENTS', value: 'FALSE' }), true);
});

test('every match and condition must hold; MATCH options are left to the regex worker', () => {
  const subject = { field: 'SUBJECT', should: 'CONTAIN', value: 'Order' } as const;
  const from = { field: 'FROM', should: 'EQUAL', value: 'other@example.com' } as const;
  const regex = { field: 'SUBJECT', should: 'MATCH', value: 'never' } as const;
  const attached = { condition: 'HAS_ATTACHMENTS', value: 'TRUE' } as const;
  assert.equal(meetsPlainOptions(email, [subject, regex], [attached]), true);
  assert.equal(meetsPlainOptions(email, [subject, from], [attached]), false);
  assert.equal(meetsPlainOptions(email, [subject], [{ condition: 'HAS_ATTACHMENTS', value: 'FALSE' }]), false);
  assert.equal(meetsPlainOptions(email, [], []), true, 'no options: every email matches');
});
