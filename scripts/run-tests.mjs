#!/usr/bin/env node
// Runs node's built-in test runner over the test files, compiled to JavaScript first.
// Node 20's --test does not expand globs, so the files are listed here.
//
// Why compiled: each test file runs in a process of its own, and loading the server's ~1,100
// modules through tsx's loader hooks (one message to the loader thread per import, mail workers
// again each) cost those processes twice the CPU of loading the same modules as JavaScript; the
// suite is CPU-bound on CI's two cores. esbuild compiles every file the way tsx would (per file,
// no bundling, tsconfig honoured) in a few seconds, into .test-build/, a mirror of the checkout:
// src/ and test/ compiled beside links to their other files and their .ts sources (tests that
// spawn `--import tsx` children or read sources still find them), every other top-level entry
// linked, so paths relative to a module's URL (fixtures, dist/, package.json) resolve as in the
// checkout. Stack traces map back to the .ts lines (inline source maps).
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const ROOT = process.cwd();
const OUT = join(ROOT, '.test-build');
// bench/: tests import the load generator and the regression check from it
const COMPILED = ['src', 'test', 'bench'];

// `src`: the unit tests beside the code (npm run test:unit); `test`: integration,
// conformance and browser tests (npm run test:integration).
const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['src', 'test'];
// What tests are built from, never tests themselves: fakes, helpers and fixture files.
const SUPPORT = new Set(['test/fakes', 'test/helpers', 'test/fixtures']);

/** every file under `dir`, node_modules and hidden folders (bench/.tools: the peers the benchmarks install) aside */
const filesUnder = (dir) => (statSync(dir).isDirectory()
  ? readdirSync(dir).filter((name) => name !== 'node_modules' && !(name.startsWith('.') && statSync(join(dir, name)).isDirectory()))
    .flatMap((name) => filesUnder(join(dir, name)))
  : [dir]);
const posix = (path) => relative(ROOT, path).split(sep).join('/');

const tests = roots.flatMap((root) => filesUnder(join(ROOT, root)))
  .map(posix)
  .filter((path) => path.endsWith('.test.ts') && ![...SUPPORT].some((dir) => path.startsWith(`${dir}/`)))
  .sort();
if (tests.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}

/** a relative link at `at` to `target`, with the folders it needs */
function link(target, at) {
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(relative(dirname(at), target), at);
}

rmSync(OUT, { recursive: true, force: true });
const sources = COMPILED.flatMap((dir) => filesUnder(join(ROOT, dir)));
await build({
  entryPoints: sources.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')),
  outdir: OUT,
  outbase: ROOT,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'error',
});
for (const file of sources) link(file, join(OUT, relative(ROOT, file)));
for (const name of readdirSync(ROOT)) {
  if (!COMPILED.includes(name) && name !== '.test-build' && name !== '.git') link(join(ROOT, name), join(OUT, name));
}

const concurrency = process.env.PIGEONHOLE_TEST_CONCURRENCY ?? '2';
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, ...tests.map((path) => `.test-build/${path.replace(/\.ts$/, '.js')}`)],
  { stdio: 'inherit' },
);
rmSync(OUT, { recursive: true, force: true });
process.exit(result.status ?? 1);
