import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { addressesIn, finalMessage, loneDotLine, parseMessage, readMessage, rfc5322Date } from './message.js';

const stdin = (...chunks: string[]) => Readable.from(chunks.map((c) => Buffer.from(c)));

test('without -i a lone "." line ends the message (LF or CRLF, even split across reads); with -i it is text', async () => {
  assert.equal((await readMessage(stdin('Subject: a\n\nbefore\n.\nafter\n'), true)).toString(), 'Subject: a\n\nbefore\n');
  assert.equal((await readMessage(stdin('Subject: a\r\n\r\nbefore\r\n.', '\r\nafter\r\n'), true)).toString(), 'Subject: a\r\n\r\nbefore\r\n');
  assert.equal((await readMessage(stdin('Subject: a\n\nbefore\n', '.\nafter\n'), true)).toString(), 'Subject: a\n\nbefore\n');
  assert.equal((await readMessage(stdin('Subject: a\n\nbefore\n.'), true)).toString(), 'Subject: a\n\nbefore\n', 'a last line of "." without a newline');
  assert.equal((await readMessage(stdin('Subject: a\n\nbefore\n.\nafter\n'), false)).toString(), 'Subject: a\n\nbefore\n.\nafter\n');
  assert.equal((await readMessage(stdin('a\n..\n.x\n'), true)).toString(), 'a\n..\n.x\n', 'only a line of exactly "." counts');
  assert.equal(loneDotLine(Buffer.from('.\nrest'), 0), 0);
  assert.equal((await readMessage(stdin('.\nrest'), true)).toString(), '', 'a "." first line is an empty message');
  // the dot line split every way across reads
  const text = 'Subject: a\r\n\r\nbody\r\n.\r\nrest\r\n';
  for (let cut = 1; cut < text.length; cut++) {
    assert.equal((await readMessage(stdin(text.slice(0, cut), text.slice(cut)), true)).toString(), 'Subject: a\r\n\r\nbody\r\n', `cut at ${cut}`);
  }
  assert.equal((await readMessage(stdin('a\n', '.', '\r', '\n', 'b'), true)).toString(), 'a\n');
});

test('headers: folded fields unfolded, recipients from To, Cc and Bcc once each, groups and names handled', () => {
  const message = parseMessage(Buffer.from('To: Ann <ann@example.com>,\n bob@example.com\nCc: team: carl@example.com, ANN@example.com;\nBcc: dee@example.com\nSubject: hi\n\nbody\n'));
  assert.deepEqual(addressesIn(message.headers, ['to', 'cc', 'bcc']), ['ann@example.com', 'bob@example.com', 'carl@example.com', 'dee@example.com']);
  assert.equal(message.body.toString(), 'body\n');
});

test('the message sent has no Bcc, and gets From, Date and Message-ID only when it lacks them', () => {
  const now = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
  const bare = finalMessage(parseMessage(Buffer.from('To: a@example.com\nBcc: hidden@example.com\n\nhi\n')), { from: 'me@host', fullName: 'Cron Daemon', hostname: 'host', now }).toString();
  assert.doesNotMatch(bare, /hidden|Bcc/i);
  assert.match(bare, /^To: a@example.com\r\nFrom: Cron Daemon <me@host>\r\nDate: Thu, 2 Jan 2025 03:04:05 \+0000\r\nMessage-ID: <[\w.]+@host>\r\n\r\nhi\n$/);
  const full = 'From: x@example.com\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nMessage-ID: <keep@example.com>\n\nhi\n';
  // header lines are sent with CRLF; the body is left as it came (the SMTP client ends its lines)
  assert.equal(finalMessage(parseMessage(Buffer.from(full)), { from: 'me@host', hostname: 'host', now }).toString(),
    'From: x@example.com\r\nDate: Mon, 1 Jan 2024 00:00:00 +0000\r\nMessage-ID: <keep@example.com>\r\n\r\nhi\n');
});

test('a message without headers gets them above its first line, and an mbox "From " line is dropped', () => {
  const plain = finalMessage(parseMessage(Buffer.from('just text\n')), { from: 'me@host', hostname: 'host', now: new Date() }).toString();
  assert.match(plain, /^From: me@host\r\nDate: .*\r\nMessage-ID: .*\r\n\r\njust text\n$/);
  const mbox = parseMessage(Buffer.from('From me@host Thu Jan  2 03:04:05 2025\nSubject: s\n\nb\n'));
  assert.deepEqual(mbox.headers.map((h) => h.name), ['Subject']);
});

test('header bytes that are not ASCII pass through unchanged; a non-ASCII full name is an encoded word', () => {
  const raw = Buffer.from('Subject: Grüße\nTo: zoë@example.com\n\nx\n', 'utf8');
  const out = finalMessage(parseMessage(raw), { from: 'me@host', fullName: 'Zoë', hostname: 'host', now: new Date() });
  assert.ok(out.includes(Buffer.from('Subject: Grüße\r\n', 'utf8')));
  assert.match(out.toString('utf8'), /From: =\?UTF-8\?B\?Wm\/Dqw==\?= <me@host>/);
  assert.deepEqual(addressesIn(parseMessage(raw).headers, ['to']), ['zoë@example.com']);
  assert.equal(rfc5322Date(new Date(Date.UTC(2024, 11, 31, 23, 59, 59))), 'Tue, 31 Dec 2024 23:59:59 +0000');
});
