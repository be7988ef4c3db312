/**
 * The conformance tests run the built CLI as a user would: nothing they import, directly or
 * through the helpers, may come from src/ (or they would test the sources, not the build).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
const SPECIFIERS = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** The TypeScript file a relative specifier names (`./x.js` is `./x.ts` here). */
function resolveRelative(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')];
  return candidates.find((c) => existsSync(c)) ?? target;
}

test('no conformance test reaches src/, directly or through a helper', () => {
  const pending = readdirSync(HERE).filter((name) => name.endsWith('.ts')).map((name) => join(HERE, name));
  const seen = new Set<string>();
  const violations: string[] = [];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      if (!specifier!.startsWith('.')) continue; // packages are what a user has too
      const target = resolveRelative(file, specifier!);
      const path = relative(ROOT, target);
      if (path.startsWith('src/') || path.startsWith('dist/')) violations.push(`${relative(ROOT, file)} imports ${specifier}`);
      else pending.push(target);
    }
  }
  assert.ok(seen.size > 3, 'the walk found the conformance tests and their helpers');
  assert.deepEqual(violations, []);
});
