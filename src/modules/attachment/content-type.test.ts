import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detectContentType, extensionFor, isGenericType, sniffType, typeFromFilename } from './content-type.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

test('an explicit type wins, then a declared one unless generic, then the extension, then the bytes', () => {
  assert.equal(detectContentType({ explicit: ['application/octet-stream'], filename: 'a.png', content: PNG }), 'application/octet-stream');
  assert.equal(detectContentType({ explicit: [undefined, 'text/csv'], filename: 'a.png', content: PNG }), 'text/csv');
  assert.equal(detectContentType({ declared: ['image/gif'], filename: 'a.png', content: PNG }), 'image/gif');
  assert.equal(detectContentType({ declared: ['application/octet-stream'], filename: 'a.PDF', content: PNG }), 'application/pdf');
  assert.equal(detectContentType({ declared: [''], filename: 'noext', content: PNG }), 'image/png');
  assert.equal(detectContentType({ content: Buffer.from([0, 1, 2, 3, 0xff]) }), 'application/octet-stream');
});

test('magic bytes of the common types', () => {
  assert.equal(sniffType(PNG), 'image/png');
  assert.equal(sniffType(Buffer.from('%PDF-1.7\n')), 'application/pdf');
  assert.equal(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'image/jpeg');
  assert.equal(sniffType(Buffer.from('GIF89a....')), 'image/gif');
  assert.equal(sniffType(Buffer.from('PK\u0003\u0004rest', 'latin1')), 'application/zip');
  assert.equal(sniffType(Buffer.from([0x1f, 0x8b, 8, 0])), 'application/gzip');
  assert.equal(sniffType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1')), 'image/webp');
  assert.equal(sniffType(Buffer.from('\u0000\u0000\u0000\u0018ftypmp42', 'latin1')), 'video/mp4');
  assert.equal(sniffType(Buffer.from('  <!DOCTYPE html><html></html>')), 'text/html');
  assert.equal(sniffType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')), 'image/svg+xml');
  assert.equal(sniffType(Buffer.from('<?xml version="1.0"?><root/>')), 'application/xml');
  assert.equal(sniffType(Buffer.from('plain words, ünïcödé\nand lines\n')), 'text/plain');
  assert.equal(sniffType(Buffer.from([0x00, 0x01, 0x02])), undefined);
  assert.equal(sniffType(Buffer.alloc(0)), undefined);
});

test('text cut inside a multi-byte character at the sample edge is still text', () => {
  const text = Buffer.from(`${'a'.repeat(4095)}é and more`);
  assert.equal(sniffType(text), 'text/plain');
});

test('extensions map both ways; generic types say nothing', () => {
  assert.equal(typeFromFilename('Report.DOCX'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  assert.equal(typeFromFilename('archive.tar.gz'), 'application/gzip');
  assert.equal(typeFromFilename('README'), undefined);
  assert.equal(extensionFor('image/jpeg; name=x'), 'jpg');
  assert.equal(extensionFor('text/plain'), 'txt');
  assert.equal(isGenericType('application/octet-stream'), true);
  assert.equal(isGenericType(undefined), true);
  assert.equal(isGenericType('text/plain'), false);
});
