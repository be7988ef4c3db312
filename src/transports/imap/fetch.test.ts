import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMime } from './mime.js';
import { fetchData, parseFetchItems, sectionBytes, type SectionItem } from './fetch.js';
import { toBuffer } from './format.js';
import { parseCommand } from './parser.js';

const RAW = Buffer.from([
  'From: "Ann, A." <ann@example.com>',
  'To: bob@example.com',
  'Subject: =?UTF-8?Q?Caf=C3=A9?=',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  'preamble',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'hello',
  '--b1',
  'Content-Type: application/pdf; name="a.pdf"',
  'Content-Disposition: attachment; filename="a.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  'JVBERi0=',
  '--b1--',
  '',
].join('\r\n'));

const item = (text: string) => parseFetchItems(parseCommand(Buffer.from(`a FETCH 1 ${text}`)).args[1]);
const section = (text: string) => item(text)[0] as SectionItem;
const render = (text: string) => toBuffer(fetchData(item(text), {
  uid: 7, flags: ['\\Seen'], createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), size: RAW.length, raw: RAW, mime: parseMime(RAW),
})).toString('utf8');

test('sections address the MIME tree by part number, as stored bytes', () => {
  const mime = parseMime(RAW);
  assert.equal(sectionBytes(RAW, mime, section('BODY[1]')).toString(), 'hello');
  assert.equal(sectionBytes(RAW, mime, section('BODY[2]')).toString(), 'JVBERi0=');
  assert.match(sectionBytes(RAW, mime, section('BODY[2.MIME]')).toString(), /^Content-Type: application\/pdf[^]*\r\n\r\n$/);
  assert.equal(sectionBytes(RAW, mime, section('BODY.PEEK[HEADER.FIELDS (SUBJECT to)]')).toString(), 'To: bob@example.com\r\nSubject: =?UTF-8?Q?Caf=C3=A9?=\r\n\r\n');
  assert.equal(sectionBytes(RAW, mime, section('BODY[]<2.5>')).toString(), 'om: "');
  assert.equal(sectionBytes(RAW, mime, section('BODY[3]')).length, 0, 'a missing part is empty');
  assert.ok(sectionBytes(RAW, mime, section('BODY[TEXT]')).toString().startsWith('preamble'));
});

test('BODYSTRUCTURE describes each part with its size, and ENVELOPE splits addresses', () => {
  const text = render('(UID FLAGS BODYSTRUCTURE ENVELOPE INTERNALDATE)');
  assert.match(text, /^\(UID 7 FLAGS \(\\Seen\) BODYSTRUCTURE \(\("TEXT" "PLAIN" \("CHARSET" "utf-8"\) NIL NIL "7BIT" 5 1 NIL NIL NIL NIL\)\("APPLICATION" "PDF" \("NAME" "a.pdf"\) NIL NIL "BASE64" 8 NIL \("ATTACHMENT" \("FILENAME" "a.pdf"\)\) NIL NIL\) "MIXED" \("BOUNDARY" "b1"\) NIL NIL NIL\)/);
  assert.match(text, /ENVELOPE \(NIL "=\?UTF-8\?Q\?Caf=C3=A9\?=" \(\("Ann, A\." NIL "ann" "example\.com"\)\)/);
  assert.match(text, /INTERNALDATE "02-Jan-2026 03:04:05 \+0000"\)$/);
});

test('bodies go out as literals labelled as requested, with the partial origin', () => {
  assert.equal(render('BODY.PEEK[1]<1.3>'), '(BODY[1]<1> {3}\r\nell)');
  assert.equal(render('RFC822.HEADER').split('\r\n')[0], `(RFC822.HEADER {${RAW.indexOf('\r\n\r\n') + 4}}`);
  assert.throws(() => item('BODY[FOO]'), /Unknown section/);
  assert.throws(() => item('NOPE'), /Unknown FETCH item/);
});
