import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../core/errors.js';
import { MAX_RENDERED_LENGTH, MAX_SECTION_NESTING, render, variablesOf } from './template-render.js';

const refused = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (err: unknown) => err instanceof AppError && err.code === 'BAD_REQUEST' && message.test(err.message));

describe('variablesOf: the parse tree, not a regex', () => {
  test('value tags of every kind, sections and inverted sections, in order of first use, once each', () => {
    const vars = variablesOf('Hi {{name}} {{{raw}}} {{& amp}} {{user.email}} {{name}}{{#items}}{{title}}{{.}}{{/items}}{{^empty}}{{fallback}}{{/empty}}');
    assert.deepEqual(vars.all, ['name', 'raw', 'amp', 'user.email', 'items', 'empty', 'fallback']);
    assert.deepEqual(vars.required, ['name', 'raw', 'amp', 'user.email', 'fallback'], "a section's items supply its inner tags");
    assert.equal(vars.depth, 1);
  });

  test('comments, changed delimiters and text that only looks like a tag are no variables', () => {
    assert.deepEqual(variablesOf('{{! not {{me}} }}{{=<% %>=}}<% who %> says {{hello}}').all, ['who']);
  });

  test('sections nest at most MAX_SECTION_NESTING deep: deeper is a 400, not a stack overflow', () => {
    const nested = (n: number) => '{{#a}}'.repeat(n) + 'x' + '{{/a}}'.repeat(n);
    assert.equal(render(nested(MAX_SECTION_NESTING), { a: true }, { escapeHtml: false, what: 'body' }), 'x');
    refused(() => variablesOf(nested(MAX_SECTION_NESTING + 1)), /nests sections more than 100 deep/);
    refused(() => variablesOf(nested(100_000)), /nests sections more than 100 deep/);
  });

  test('an unclosed section or tag is a 400 naming the problem', () => {
    refused(() => variablesOf('{{#open}} never closed'), /not a valid moustache template: Unclosed section "open"/);
    refused(() => variablesOf('{{name'), /not a valid moustache template: Unclosed tag/);
  });
});

describe('render', () => {
  test('fills values, escapes them for HTML only when asked', () => {
    assert.equal(render('<p>{{who}}</p>', { who: 'Tom & <Jerry>' }, { escapeHtml: true, what: 'body' }), '<p>Tom &amp; &lt;Jerry&gt;</p>');
    assert.equal(render('{{who}}', { who: 'Tom & Jerry' }, { escapeHtml: false, what: 'body' }), 'Tom & Jerry');
    assert.equal(render('{{#xs}}[{{.}}]{{/xs}} {{a.b}}', { xs: [1, 2], a: { b: 'deep' } }, { escapeHtml: false, what: 'body' }), '[1][2] deep');
  });

  test('every missing variable is named in one 400; an inherited property is no value', () => {
    refused(() => render('{{a}} {{b}} {{c.d}}', { b: 'x' }, { escapeHtml: false, what: 'template t1' }), /template t1 needs templateVariables 'a', 'c.d'/);
    refused(() => render('{{constructor}}', {}, { escapeHtml: false, what: 'body' }), /'constructor'/);
    assert.equal(render('[{{empty}}]', { empty: null }, { escapeHtml: false, what: 'body' }), '[]', 'null is a value: it renders empty');
  });

  test('a render that could blow up over nested lists is refused before it runs', () => {
    const list = Array.from({ length: 1000 }, () => 1);
    refused(() => render('{{#a}}{{#a}}{{#a}}x{{/a}}{{/a}}{{/a}}', { a: list }, { escapeHtml: false, what: 'body' }), new RegExp(`more than ${MAX_RENDERED_LENGTH}`));
  });
});
