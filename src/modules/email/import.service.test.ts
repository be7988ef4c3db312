import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withMessageId } from './import.service.js';

const id = '<new@pigeonhole.test>';

test('withMessageId replaces a folded Message-ID and keeps every other byte', () => {
  const raw = 'From: a@example.com\r\nMessage-ID:\r\n <old@example.com>\r\nSubject: x\r\n\r\nMessage-ID: <in-body@example.com>\r\n';
  assert.equal(
    withMessageId(Buffer.from(raw, 'latin1'), id).toString('latin1'),
    `From: a@example.com\r\nMessage-ID: ${id}\r\nSubject: x\r\n\r\nMessage-ID: <in-body@example.com>\r\n`,
  );
});

test('withMessageId adds one first when there is none, with the line ending the message uses', () => {
  assert.equal(withMessageId(Buffer.from('Subject: x\n\nbody\n'), id).toString(), `Message-ID: ${id}\nSubject: x\n\nbody\n`);
  assert.equal(withMessageId(Buffer.from('Subject: x\r\nMessage-Id: <o@x>'), id).toString(), `Subject: x\r\nMessage-ID: ${id}`);
});

test('withMessageId keeps 8-bit bytes as they are', () => {
  const raw = Buffer.concat([Buffer.from('Subject: x\r\nMessage-ID: <o@x>\r\n\r\n'), Buffer.from([0xd2, 0xc5, 0xcd, 0x0d, 0x0a])]);
  const out = withMessageId(raw, id);
  assert.ok(out.subarray(out.length - 5).equals(Buffer.from([0xd2, 0xc5, 0xcd, 0x0d, 0x0a])));
});
