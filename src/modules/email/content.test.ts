import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import {
  bodyLines, cidReferences, contentTypeMatches, decodeCharset, decodeHtmlEntities, findCodes, htmlLinks, htmlToText, isTextual,
  javaRegex, replaceCidReferences, selectTexts, textUrls, toLines,
} from './content.js';

const HTML = `<!doctype html><html><head><title>Title</title><style>p { color: red }</style></head>
<body>
  <h1>Hello &amp; welcome</h1>
  <p>Your code is <b class="code">482913</b>.</p>
  <div>Line one<br>line&nbsp;two</div>
  <table><tr><td>Name</td><td>Ada</td></tr><tr><td>Plan</td><td>Pro</td></tr></table>
  <ul><li>first</li><li>second</li></ul>
  <div class="footer"><a href="https://example.test/verify?token=abc&amp;u=1">Verify</a> <a href="">empty</a></div>
  <a href="mailto:help@example.test">help</a>
  <script>var hidden = 1;</script>
  <pre>  kept
    as is</pre>
</body></html>`;

const assertBadRequest = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (err: unknown) => err instanceof AppError && err.code === 'BAD_REQUEST' && message.test(err.message));

test('htmlToText keeps visible text only, one line per block, cells of a row on one line', () => {
  assert.deepEqual(toLines(htmlToText(HTML)), [
    'Hello & welcome', 'Your code is 482913.', 'Line one', 'line two', 'Name Ada', 'Plan Pro', 'first', 'second',
    'Verify empty', 'help', 'kept', 'as is',
  ]);
});

test('htmlToText survives markup nested far deeper than the call stack', () => {
  const deep = '<div>'.repeat(50_000) + 'bottom' + '</div>'.repeat(50_000);
  assert.deepEqual(toLines(htmlToText(deep)), ['bottom']);
});

test('bodyLines decodes character references unless asked not to, in HTML and in text', () => {
  assert.equal(bodyLines({ html: HTML, text: 'ignored' })[0], 'Hello & welcome');
  assert.equal(bodyLines({ html: HTML, text: null }, { decodeEntities: false })[0], 'Hello &amp; welcome');
  assert.deepEqual(bodyLines({ html: null, text: 'AT&amp;T\r\n\r\n  second line  \n' }), ['AT&T', 'second line']);
  assert.deepEqual(bodyLines({ html: null, text: 'AT&amp;T' }, { decodeEntities: false }), ['AT&amp;T']);
  assert.deepEqual(bodyLines({ html: null, text: null }), []);
});

test('decodeHtmlEntities decodes references and leaves markup-like text alone', () => {
  assert.equal(decodeHtmlEntities('a &lt; b &amp;&amp; <i>c</i> &#36;5 &euro;'), 'a < b && <i>c</i> $5 €');
  assert.equal(decodeHtmlEntities('no references'), 'no references');
});

test('selectTexts returns the normalized text of each matching element', () => {
  assert.deepEqual(selectTexts(HTML, 'p'), ['Your code is 482913.']);
  assert.deepEqual(selectTexts(HTML, '.code'), ['482913']);
  assert.deepEqual(selectTexts(HTML, 'td:nth-child(2)'), ['Ada', 'Pro']);
  assert.deepEqual(selectTexts(HTML, 'li, h1'), ['Hello & welcome', 'first', 'second']);
  assert.deepEqual(selectTexts(HTML, 'body > script'), [], 'script content is not text');
  assert.deepEqual(selectTexts(HTML, '.missing'), []);
});

test('selectTexts refuses a selector it cannot parse, naming it', () => {
  assertBadRequest(() => selectTexts(HTML, 'p[class'), /'p\[class' is not a valid CSS selector/);
});

test('htmlLinks lists hrefs in document order; a selector narrows to elements and the links inside them', () => {
  assert.deepEqual(htmlLinks(HTML), ['https://example.test/verify?token=abc&u=1', 'mailto:help@example.test']);
  assert.deepEqual(htmlLinks(HTML, '.footer'), ['https://example.test/verify?token=abc&u=1']);
  assert.deepEqual(htmlLinks(HTML, 'a[href^=mailto]'), ['mailto:help@example.test']);
  assert.deepEqual(htmlLinks('<img src="https://img.test/a.png"><a href="/x">x</a>', 'img, a'), ['https://img.test/a.png', '/x']);
  assertBadRequest(() => htmlLinks(HTML, '::'), /is not a valid CSS selector/);
});

test('textUrls finds URLs in text without the punctuation around them', () => {
  assert.deepEqual(
    textUrls('Verify at https://a.test/v?c=1&d=2. Or (see https://b.test/page(1)), or www.c.test/x, <https://d.test>'),
    ['https://a.test/v?c=1&d=2', 'https://b.test/page(1)', 'www.c.test/x', 'https://d.test'],
  );
  assert.deepEqual(textUrls('no links here'), []);
});

test('cid references are found and replaced when they resolve', () => {
  const html = '<img src="cid:logo@mail"><img src="CID:%3Cpic%3E"><div style="background:url(cid:bg)"></div><img src="cid:gone">';
  assert.deepEqual(cidReferences(html), ['logo@mail', 'pic', 'bg', 'gone']);
  const known: Record<string, string> = { 'logo@mail': 'data:image/png;base64,AA==', pic: 'data:x', bg: 'data:y' };
  assert.equal(
    replaceCidReferences(html, (id) => known[id]),
    '<img src="data:image/png;base64,AA=="><img src="data:x"><div style="background:url(data:y)"></div><img src="cid:gone">',
  );
});

test('contentTypeMatches: exact when strict, by type or subtype otherwise; parameters and case ignored', () => {
  assert.equal(contentTypeMatches('text/plain', 'TEXT/PLAIN; charset=utf-8', true), true);
  assert.equal(contentTypeMatches('text/html', 'text', true), false);
  assert.equal(contentTypeMatches('text/html', 'text', false), true);
  assert.equal(contentTypeMatches('text/html', 'text/*', false), true);
  assert.equal(contentTypeMatches('text/html', 'html', false), true);
  assert.equal(contentTypeMatches('image/png', 'png', false), true);
  assert.equal(contentTypeMatches('image/png', 'text', false), false);
  assert.equal(contentTypeMatches('text/plain', 'text/html', false), false);
});

test('isTextual and decodeCharset', () => {
  for (const type of ['text/plain', 'text/calendar', 'application/json', 'application/ld+json', 'image/svg+xml', 'message/rfc822']) {
    assert.equal(isTextual(type), true, type);
  }
  for (const type of ['image/png', 'application/pdf', 'application/octet-stream']) assert.equal(isTextual(type), false, type);
  assert.equal(decodeCharset(Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]), 'ISO-8859-1'), 'Grüße');
  assert.equal(decodeCharset(Buffer.from('Grüße'), null), 'Grüße');
  assert.equal(decodeCharset(Buffer.from('Grüße'), 'x-unknown-charset'), 'Grüße');
});

test('javaRegex translates Java syntax JavaScript lacks', () => {
  assert.deepEqual(javaRegex('(?i)code is: (\\d{6})').exec('Your CODE IS: 123456')?.[1], '123456');
  assert.equal(javaRegex('(?s)a.b').test('a\nb'), true);
  assert.equal(javaRegex('\\Qa.b*\\E').test('a.b*'), true);
  assert.equal(javaRegex('\\Qa.b*\\E').test('axbb'), false);
  assert.equal(javaRegex('\\Ahello').test('hello there'), true);
  assert.equal(javaRegex('\\Ahello').test('say hello'), false);
  assert.equal(javaRegex('end\\z').test('the end'), true);
  assert.equal(javaRegex('end\\z').test('the end\n'), false);
  assert.equal(javaRegex('end\\Z').test('the end\n'), true);
  assert.equal(javaRegex('\\\\A').test('\\A'), true, 'an escaped backslash is not an anchor');
  assert.equal(javaRegex('(?<code>\\d+)').exec('x 42')?.groups?.code, '42');
  assert.equal(javaRegex('\\p{Lu}+').exec('abcDEF')?.[0], 'DEF');
});

test('javaRegex refuses what cannot be matched, naming the pattern', () => {
  assertBadRequest(() => javaRegex('(unclosed'), /pattern '\(unclosed' is not a valid regular expression: Unterminated group/);
  assertBadRequest(() => javaRegex('a++'), /pattern 'a\+\+' is not a valid regular expression/);
  assertBadRequest(() => javaRegex('(?x) a b'), /inline flag \(\?x\) is not supported/);
});

const codes = (text: string, search = { minLength: 4, maxLength: 8 }) => findCodes([{ source: 'RAW_TEXT_PART', text }], search);

test('findCodes: a code next to a keyword wins over other numbers', () => {
  const found = codes('Order #55123 shipped on 2026-01-02 at 10:30 for $1234.50. Your verification code is 654321. Valid until 2027.');
  assert.equal(found[0]?.code, '654321');
  assert.ok(found[0]!.confidence >= 0.8);
  assert.match(found[0]!.context, /verification code is 654321/);
  assert.equal(found[0]!.source, 'RAW_TEXT_PART');
  const others = found.slice(1).map((c) => c.code);
  for (const notACode of ['55123', '2026', '1030', '1234', '50']) assert.ok(!others.includes(notACode), `${notACode} is not a candidate`);
  assert.ok(found.every((c, i) => i === 0 || c.confidence <= found[i - 1]!.confidence), 'best first');
});

test('findCodes: codes written after the keyword, before it, split in halves, or alphanumeric', () => {
  assert.equal(codes('123456 is your one-time passcode')[0]?.code, '123456');
  assert.equal(codes('Your PIN: 4821')[0]?.code, '4821');
  assert.equal(codes('Your code is 482 913.')[0]?.code, '482913');
  assert.equal(codes('Use code 4821-9932 to continue')[0]?.code, '48219932');
  assert.equal(codes('Your OTP is K7XQ2M, do not share it.')[0]?.code, 'K7XQ2M');
  assert.equal(codes('Your OTP is 123456. Call 555-1234 with questions.')[0]?.code, '123456');
});

test('findCodes: no keyword means low confidence, and letters without digits are never codes', () => {
  const [only] = codes('Meeting moved to room 4821 tomorrow');
  assert.equal(only?.code, '4821');
  assert.ok(only!.confidence < 0.5);
  assert.deepEqual(codes('Your code is ABCDEF'), []);
  assert.deepEqual(codes('Product X1000Z ships soon'), [], 'letters and digits only count next to a keyword');
  assert.deepEqual(codes('write to user1234@example.test or see host.example123.test'), []);
});

test('findCodes honours the length range and keeps one entry per code', () => {
  assert.deepEqual(codes('code 123', { minLength: 4, maxLength: 8 }), []);
  assert.equal(codes('code 123', { minLength: 3, maxLength: 3 })[0]?.code, '123');
  assert.deepEqual(codes('code 1234567890', { minLength: 4, maxLength: 8 }), []);
  const twice = findCodes(
    [{ source: 'SUBJECT', text: '654321 is your code' }, { source: 'HTML_TEXT', text: 'Your code: 654321' }],
    { minLength: 4, maxLength: 8 },
  );
  assert.equal(twice.length, 1);
  assert.equal(twice[0]!.code, '654321');
});
