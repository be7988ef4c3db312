import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateHtml } from './html-validation.js';

const messages = (html: string) => validateHtml(html).errors.map((e) => `${e.lineNumber}: ${e.message}`);

test('a well-formed document with optional end tags left out is valid', () => {
  const result = validateHtml(`<!DOCTYPE html>
<html><head><title>a < b</title><style>p > b { color: red }</style></head>
<body>
  <p>One<p>Two <br> <img src="x.png" alt="">
  <ul><li>first<li>second</ul>
  <table><tr><td>a<td>b<tr><td>c</table>
  <select><option>x<option>y</select>
  <script>if (a < b && c) document.write("</div>")</script>
  <svg><path d="M0 0"/></svg>
  <div><p>closed by the div end</div>
</body></html>`);
  assert.deepEqual(result.errors, []);
  assert.deepEqual(result.warnings, []);
  assert.equal(result.isValid, true);
});

test('stray, misnested and unclosed tags are errors with their line', () => {
  assert.deepEqual(messages('<div>\n<b>bold</div>\n</span>\n<section>'), [
    '2: <b> opened on line 2 is still open at </div> (line 2)',
    '3: </span> has no open <span> to close',
    '4: <section> opened on line 4 is never closed',
  ]);
});

test('a block element closes <p>, so a later </p> is stray', () => {
  assert.deepEqual(messages('<p>text<div>block</div></p>'), ['1: </p> has no open <p> to close']);
});

test('tokenizer parse errors and void/self-closing misuse are reported', () => {
  const errors = messages('<a href="x"href="y">x</a>\n<div/>\n</br>\n<p class="x" class="y">');
  assert.ok(errors.some((e) => /^1: HTML parse error missing-whitespace-between-attributes/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /^2: <div\/>: "\/>" does not close/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /^3: <\/br>: <br> is a void element/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /^4: HTML parse error duplicate-attribute/.test(e)), errors.join('\n'));
  assert.ok(messages('<div class="x').some((e) => /eof-in-tag/.test(e)));
});

test('a fragment without a DOCTYPE is valid with a warning', () => {
  const result = validateHtml('<p>Hello <b>there</b></p>');
  assert.equal(result.isValid, true);
  assert.match(result.warnings[0]!.message, /DOCTYPE/);
});
