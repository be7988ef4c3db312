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
  const errors = messages('<div>\n<b>bold</div>\n</span>\n<section>');
  for (const expected of [
    "2: close-order: Unclosed element '<b>' (column 2)",
    "3: close-order: Stray end tag '</span>' (column 2)",
    "4: close-order: Unclosed element '<section>' (column 2)",
  ]) assert.ok(errors.includes(expected), `${expected}\nin\n${errors.join('\n')}`);
});

test('a block element closes <p>, so a later </p> is stray', () => {
  assert.deepEqual(messages('<p>text<div>block</div></p>'), ["1: close-order: Stray end tag '</p>' (column 25)"]);
});

test('tokenizer parse errors and void/self-closing misuse are reported', () => {
  const errors = messages('<a href="x"href="y">x</a>\n<div/>\n</br>\n<p class="x" class="y">');
  assert.deepEqual(errors, [
    '1: attr-spacing: No space between attributes (column 12)',
    '1: no-dup-attr: Attribute "href" duplicated (column 12)',
    '2: no-self-closing: <div> must not be self-closed (column 5)',
    '3: void-content: End tag for <br> must be omitted (column 2)',
    '4: no-dup-attr: Attribute "class" duplicated (column 14)',
  ]);
  assert.deepEqual(messages('<div class="x'), ['1: html-parse-error: eof-in-tag (column 14)']);
  // What html-validate's lexer does not see, the WHATWG tokenizer reports, and it reads on where html-validate stops.
  assert.deepEqual(messages('<p>a < b &amp c <!-- x <!-- y --></p>\n<p>&#0;</p>\n<p id="a" id="a">'), [
    '1: html-parse-error: invalid-first-character-of-tag-name (column 7)',
    '1: html-parse-error: missing-semicolon-after-character-reference (column 14)',
    '1: html-parse-error: nested-comment (column 28)',
    '2: html-parse-error: null-character-reference (column 8)',
    '3: no-dup-attr: Attribute "id" duplicated (column 11)',
  ]);
  const stopped = validateHtml('<p>x</p>\n<!-->\n<div id="a" id="a">');
  assert.match(stopped.warnings[0]!.message, /^parser-error: .*html-validate checked nothing after this point/);
  assert.ok(stopped.errors.some((e) => e.message.startsWith('html-parse-error: abrupt-closing-of-empty-comment')));
  assert.equal(stopped.errors.length, 1, 'html-validate saw nothing after <!-->, and parse5 leaves duplicate attributes to it');
});

test('a body fragment needs no DOCTYPE; a whole document without one gets a warning (quirks mode)', () => {
  assert.deepEqual(validateHtml('<p>Hello <b>there</b></p>'), { isValid: true, infos: [], errors: [], warnings: [] });
  const document = validateHtml('<html><body><p>Hello</p></body></html>');
  assert.equal(document.isValid, true);
  assert.deepEqual(document.warnings, [{ lineNumber: 1, message: 'missing-doctype: Document is missing doctype (column 1)' }]);
});

test('what email HTML legitimately does is valid: presentational attributes, <center>, <font>, MSO comments, <o:p>', () => {
  const result = validateHtml(`<!DOCTYPE html>
<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><title>News</title></head>
<body bgcolor="#ffffff" style="margin:0"><style>td { color: red }</style>
<!--[if mso]><table role="presentation" width="600"><tr><td><![endif]-->
<center><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0" bgcolor="#eeeeee">
<tr><td valign="top" background="bg.png"><font face="Arial" color="#333333">Hi &mdash; <a href="https://example.com/?a=1&utm_source=x">read</a></font>
<img src="logo.png" width="100" height="40" border="0" alt="Logo"><o:p></o:p></td></tr></table></center>
<!--[if mso]></td></tr></table><![endif]-->
</body></html>`);
  assert.deepEqual(result, { isValid: true, infos: [], errors: [], warnings: [] });
});

test('content models, ids and accessibility: errors for defects, warnings for accessibility', () => {
  const result = validateHtml('<ul><div>x</div></ul>\n<p id="a">1</p><p id="a">2</p>\n<img src="x.png">\n<table><tr><td>a</td></tr>\n<p>text</p>\n</table>');
  assert.equal(result.isValid, false);
  const errors = result.errors.map((e) => `${e.lineNumber}: ${e.message}`);
  assert.ok(errors.some((e) => /^1: element-permitted-content: <div> element is not permitted as content under <ul>/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /^2: no-dup-id: Duplicate ID "a"/.test(e)), errors.join('\n'));
  assert.ok(errors.some((e) => /^5: element-permitted-content: <p> element is not permitted as content under <table>/.test(e)), errors.join('\n'));
  assert.deepEqual(result.warnings, [{ lineNumber: 3, message: 'wcag/h37: <img> is missing required "alt" attribute (column 2)' }]);
});
