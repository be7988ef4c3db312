#!/usr/bin/env node
// Runs node's built-in test runner over the TypeScript test files (through tsx).
// Node 20's --test does not expand globs, so the files are listed here.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { spawnSync } from 'node:child_process';

// `src`: the unit tests beside the code (npm run test:unit); `test`: integration,
// conformance and browser tests (npm run test:integration).
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['src', 'test'];
// What tests are built from, never tests themselves: fakes, helpers and fixture files.
const SUPPORT = new Set(['test/fakes', 'test/helpers', 'test/fixtures']);
const files = [];
const walk = (dir) => {
  if (!statSync(dir).isDirectory()) {
    files.push(dir);
    return;
  }
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || SUPPORT.has(relative(process.cwd(), path).split(sep).join('/'))) continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.test.ts')) files.push(relative(process.cwd(), path));
  }
};
roots.forEach(walk);
files.sort();
if (files.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
const concurrency = process.env.PIGEONHOLE_TEST_CONCURRENCY ?? '2';
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
