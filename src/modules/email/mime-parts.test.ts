import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mimeParts } from './mime-parts.js';

const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

test('mimeParts lists the leaf parts in order with their transfer encoding undone', async () => {
  const raw = crlf([
    'From: a@example.test',
    'To: b@example.test',
    'Subject: parts',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="outer"',
    '',
    '--outer',
    'Content-Type: multipart/alternative; boundary="inner"',
    '',
    '--inner',
    'Content-Type: text/plain; charset=ISO-8859-1',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    'Gr=FC=DFe',
    '--inner',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>hi</p>',
    '--inner--',
    '--outer',
    'Content-Type: image/png; name="dot.png"',
    'Content-Disposition: attachment; filename="dot.png"',
    'Content-Transfer-Encoding: base64',
    '',
    'iVBORw0KGgo=',
    '--outer',
    'Content-Type: message/rfc822',
    '',
    'Subject: inner message',
    'Content-Type: text/plain',
    '',
    'not opened',
    '--outer--',
    '',
  ]);
  const parts = await mimeParts(raw);
  assert.deepEqual(parts.map((p) => p.contentType), ['text/plain', 'text/html', 'image/png', 'message/rfc822']);
  assert.equal(parts[0]!.charset, 'ISO-8859-1');
  assert.deepEqual([...parts[0]!.content], [0x47, 0x72, 0xfc, 0xdf, 0x65]);
  assert.equal(parts[1]!.content.toString('utf8').trim(), '<p>hi</p>');
  assert.deepEqual(parts[2]!.content, Buffer.from('89504e470d0a1a0a', 'hex'));
  assert.equal(parts[2]!.disposition, 'attachment');
  assert.equal(parts[2]!.filename, 'dot.png');
  assert.match(parts[3]!.content.toString('utf8'), /Subject: inner message[\s\S]*not opened/);
});

test('a single-part message is one part, text/plain when it declares no type', async () => {
  const parts = await mimeParts(crlf(['Subject: plain', '', 'just text', '']));
  assert.equal(parts.length, 1);
  assert.equal(parts[0]!.contentType, 'text/plain');
  assert.equal(parts[0]!.content.toString('utf8').trim(), 'just text');
});
