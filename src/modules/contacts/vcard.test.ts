import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeText, foldLine, toVCard } from './vcard.js';

test('escapeText: backslash, comma, semicolon and newlines (RFC 6350 §3.4)', () => {
  assert.equal(escapeText('a\\b,c;d\ne\r\nf'), 'a\\\\b\\,c\\;d\\ne\\nf');
});

test('foldLine: at most 75 octets a line, never inside a UTF-8 character (§3.2)', () => {
  const line = `NOTE:${'é'.repeat(100)}`;
  const folded = foldLine(line);
  const parts = folded.split('\r\n');
  assert.ok(parts.length > 1);
  for (const part of parts) assert.ok(Buffer.byteLength(part) <= 75, part);
  assert.ok(parts.slice(1).every((p) => p.startsWith(' ')));
  assert.equal(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join(''), line, 'unfolding gives the line back');
  assert.equal(foldLine('FN:short'), 'FN:short');
});

test('toVCard: FN falls back to company, address, then id; CRLF lines', () => {
  const base = {
    id: '6f1c1b1e-0000-4000-8000-000000000001', tenantId: 't', groupId: null, firstName: null, lastName: null, company: null,
    emailAddresses: [] as string[], tags: [] as string[], metaData: null, optOut: false, createdAt: new Date('2026-01-02T03:04:05.678Z'),
  };
  const card = toVCard(base);
  assert.equal(card, [
    'BEGIN:VCARD', 'VERSION:4.0', `UID:urn:uuid:${base.id}`, `FN:${base.id}`, 'N:;;;;', 'REV:20260102T030405Z', 'END:VCARD', '',
  ].join('\r\n'));
  assert.match(toVCard({ ...base, company: 'ACME' }), /\r\nFN:ACME\r\nN:;;;;\r\nORG:ACME\r\n/);
  assert.match(toVCard({ ...base, emailAddresses: ['x@example.com'] }), /\r\nFN:x@example.com\r\n/);
});
