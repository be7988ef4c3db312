import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCsv } from './csv.js';

test('RFC 4180: CRLF rows, quotes around fields with commas, quotes or line breaks, quotes doubled', () => {
  assert.equal(toCsv(['a', 'b'], [['1', 'x,y'], ['say "hi"', 'two\nlines']], 'CSV_DEFAULT'),
    'a,b\r\n1,"x,y"\r\n"say ""hi""","two\nlines"\r\n');
});

test('CSV_EXCEL: a byte order mark first, and formula-like cells written as text', () => {
  const csv = toCsv(['v'], [['=1+1'], ['+x'], ['-3'], ['@sum'], ['plain']], 'CSV_EXCEL');
  assert.equal(csv, "\uFEFFv\r\n'=1+1\r\n'+x\r\n'-3\r\n'@sum\r\nplain\r\n");
  assert.equal(toCsv(['v'], [['=1']], 'CSV_DEFAULT'), 'v\r\n=1\r\n', 'CSV_DEFAULT keeps values exactly');
});
