import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SETTINGS } from '../../src/config/settings.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('the README opens with the two quick-start commands', () => {
  const quickStart = readme.slice(readme.indexOf('## Quick start'));
  assert.match(quickStart, /npm ci && npm start/);
  assert.match(quickStart, /npm test/);
});

test('the README documents every setting with its flag and default', () => {
  for (const spec of SETTINGS) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${spec.env}\``));
    assert.ok(row, `${spec.env} has a row in the settings table`);
    assert.ok(row.includes(`\`${spec.flag}\``), `${spec.env} row names ${spec.flag}`);
    if (spec.default) assert.ok(row.includes(`\`${spec.default}\``), `${spec.env} row shows the default ${spec.default}`);
  }
});
