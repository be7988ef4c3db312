import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALIAS_HOPS_HEADER, conversationPartner, hopsOf, nextHops, othersIn, proxiedFromName, replySubject, verificationMail, verifiedPage,
} from './alias-mail.js';

const address = (emailAddress: string) => ({ emailAddress, name: null, rawValue: emailAddress });

test('hops: read from every hop header, case-insensitively; the next copy adds the alias once', () => {
  const headers: Array<[string, string]> = [['Subject', 'x'], [ALIAS_HOPS_HEADER.toLowerCase(), 'AAA, bbb'], [ALIAS_HOPS_HEADER, 'ccc']];
  assert.deepEqual(hopsOf(headers), ['aaa', 'bbb', 'ccc']);
  assert.deepEqual(hopsOf([]), []);
  assert.equal(nextHops(headers, 'DDD'), 'aaa, bbb, ccc, ddd');
  assert.equal(nextHops(headers, 'bbb'), 'aaa, bbb, ccc', 'an alias is named once');
  assert.equal(nextHops([], 'a1'), 'a1');
});

test('replySubject prefixes Re: once', () => {
  assert.equal(replySubject('Hello'), 'Re: Hello');
  assert.equal(replySubject('RE: Hello'), 'RE: Hello');
  assert.equal(replySubject('re:Hello'), 're:Hello');
  assert.equal(replySubject(null), 'Re: ');
  assert.equal(replySubject('  Spaced  '), 'Re: Spaced');
});

test('conversationPartner is the Reply-To, else the sender, bare and lower-cased', () => {
  assert.equal(conversationPartner({ replyTo: 'Ann <Ann@Example.com>', from: 'bob@example.com' }), 'ann@example.com');
  assert.equal(conversationPartner({ replyTo: null, from: 'Bob@Example.com' }), 'bob@example.com');
  assert.equal(conversationPartner({ replyTo: null, from: null }), null);
});

test('othersIn drops the excluded addresses and repeats, keeping order', () => {
  const list = [address('a@x.com'), address('ALIAS@x.com'), address('b@x.com'), address('A@x.com')];
  assert.deepEqual(othersIn(list, ['alias@x.com']), ['a@x.com', 'b@x.com']);
  assert.deepEqual(othersIn([], ['a@x.com']), []);
});

test('proxiedFromName names the original sender and the alias', () => {
  assert.equal(proxiedFromName({ sender: { emailAddress: 's@x.com', name: 'Sam', rawValue: '' }, from: 's@x.com' }, 'al@y.com'), 'Sam via al@y.com');
  assert.equal(proxiedFromName({ sender: null, from: 's@x.com' }, 'al@y.com'), 's@x.com via al@y.com');
});

test('the verification mail carries the link; the page escapes the addresses', () => {
  const mail = verificationMail('al@y.com', 'me@x.com', 'http://host/aliases/verify?token=abc');
  assert.match(mail.subject, /al@y\.com/);
  assert.ok(mail.body.includes('http://host/aliases/verify?token=abc'));
  assert.ok(mail.body.includes('me@x.com'));
  const page = verifiedPage('<al>@y.com', 'me@x.com');
  assert.ok(!page.includes('<al>'));
  assert.match(page, /&#60;al&#62;@y\.com/);
});
