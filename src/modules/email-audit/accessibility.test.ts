import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAccessibility, contrastRatio, parseColour } from './accessibility.js';

const rules = (html: string) => checkAccessibility(html).map((f) => f.ruleId).sort();

const CLEAN = '<!doctype html><html lang="en"><head><title>Hello</title></head><body>'
  + '<table role="presentation"><tr><td style="color:#000;background-color:#fff">Welcome</td></tr></table>'
  + '<img src="a.png" alt=""><a href="https://example.com/orders">Your orders</a></body></html>';

test('a document that follows every rule has no findings', () => {
  assert.deepEqual(checkAccessibility(CLEAN), []);
});

test('each rule finds its fault, with the element and its line', () => {
  const html = '<html><head></head><body>\n<img src="logo.png">\n<a href="https://x.test/a">Click here!</a>'
    + '<a href="https://x.test/b"><img src="i.png" alt=""></a>\n<table><tr><td>layout</td></tr></table>'
    + '<p style="color: #777777; background: #888888 none">grey on grey</p></body></html>';
  const findings = checkAccessibility(html);
  assert.deepEqual(findings.map((f) => f.ruleId).sort(), ['color-contrast', 'document-title', 'html-lang', 'img-alt', 'layout-table', 'link-name', 'link-text']);
  const img = findings.find((f) => f.ruleId === 'img-alt')!;
  assert.equal(img.where, '<img src="logo.png">');
  assert.equal(img.line, 2);
  assert.equal(img.severity, 'Error');
  assert.match(findings.find((f) => f.ruleId === 'link-text')!.message, /"Click here!"/);
  assert.match(findings.find((f) => f.ruleId === 'color-contrast')!.message, /^text contrast 1\.\d\d:1 is under 4\.5:1 .*#777777 on #888888/);
});

test('contrast is judged only where inline styles give both colours, inherited from ancestors', () => {
  // only a foreground: the background is the mail client's, unknown
  assert.ok(!rules('<p style="color:#eeeeee">light</p>').includes('color-contrast'));
  // bgcolor on the cell, colour on the span inside it
  assert.ok(rules('<table role="presentation"><tr><td bgcolor="#ffffff"><span style="color:#cccccc">pale</span></td></tr></table>').includes('color-contrast'));
  // large bold text needs only 3:1 (#949494 on white is about 3.03:1)
  assert.ok(!rules('<p style="color:#949494;background:#fff;font-size:19px;font-weight:bold">big</p>').includes('color-contrast'));
  assert.ok(rules('<p style="color:#949494;background:#fff;font-size:14px">small</p>').includes('color-contrast'));
  // a background image, or a colour this check cannot read, is not measured
  assert.ok(!rules('<p style="color:#eee;background:#fff url(x.png)">over image</p>').includes('color-contrast'));
  assert.ok(!rules('<p style="color:var(--c);background:#fff">variable</p>').includes('color-contrast'));
});

test('decorative and labelled images, labelled links and data tables pass', () => {
  const html = '<html lang="de"><head><title>t</title></head><body><img src="a" role="presentation"><img src="b" aria-label="Logo">'
    + '<a href="/x" aria-label="Open your invoice">here</a><table><caption>Prices</caption><tr><td>1</td></tr></table>'
    + '<table><tr><th>Item</th></tr></table></body></html>';
  assert.deepEqual(checkAccessibility(html), []);
});

test('WCAG contrast figures', () => {
  assert.equal(Math.round(contrastRatio(parseColour('black')!, parseColour('#fff')!) * 100) / 100, 21);
  assert.equal(Math.round(contrastRatio(parseColour('rgb(119, 119, 119)')!, parseColour('#ffffff')!) * 100) / 100, 4.48);
  assert.equal(parseColour('#0f08')!.a, 0x88 / 255);
  assert.equal(parseColour('nonsense'), undefined);
});
