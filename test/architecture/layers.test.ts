/**
 * The layering of docs/ARCHITECTURE.md, enforced: every import of every file under src/
 * (and of the conformance tests) is read with the TypeScript compiler's own pre-processor
 * and checked against the rules below. A broken rule names the file, the import and the rule.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');

type Layer =
  | 'core' | 'config' | 'modules' | 'events' | 'jobs' | 'storage-ports' | 'storage-kysely' | 'storage'
  | 'transports' | 'cli' | 'composition' | 'types' | 'test' | 'external';

/** Which layer a project file belongs to, by its path relative to the repository. */
export function layerOf(path: string): Layer {
  if (!path.startsWith('src/')) return path.startsWith('test/') ? 'test' : 'external';
  const rest = path.slice('src/'.length);
  if (['main.ts', 'app.ts', 'services.ts'].includes(rest)) return 'composition';
  const top = rest.split('/')[0]!;
  if (top === 'storage') {
    if (rest === 'storage/ports.ts' || rest.startsWith('storage/ports/')) return 'storage-ports';
    if (rest.startsWith('storage/kysely/') || rest.startsWith('storage/migrations/')) return 'storage-kysely';
    return 'storage';
  }
  return (['core', 'config', 'modules', 'events', 'jobs', 'transports', 'cli', 'types'] as const).find((l) => l === top) ?? 'external';
}

interface Rule {
  name: string;
  /** true when `from` may not import `to` (project paths) or `pkg` (an npm package) */
  forbids(from: string, to: string | undefined, pkg: string | undefined): boolean;
}

const STORAGE_LAYERS: Layer[] = ['storage', 'storage-ports', 'storage-kysely'];
const HTTP_AND_DB_PACKAGES = /^(fastify|@fastify\/|mercurius|smtp-server|kysely|pg|better-sqlite3)(\/|$)/;

export const RULES: Rule[] = [
  {
    name: 'core imports no other layer of the project',
    forbids: (from, to) => layerOf(from) === 'core' && to !== undefined && layerOf(to) !== 'core',
  },
  {
    name: 'modules import no transport, composition root, CLI or storage implementation',
    forbids: (from, to) => layerOf(from) === 'modules' && to !== undefined
      && ['transports', 'composition', 'cli', 'storage-kysely'].includes(layerOf(to)),
  },
  {
    name: 'modules import no HTTP, SMTP or database library (Fastify, smtp-server, Kysely, drivers)',
    forbids: (from, _to, pkg) => layerOf(from) === 'modules' && pkg !== undefined && HTTP_AND_DB_PACKAGES.test(pkg),
  },
  {
    name: 'storage imports no events, jobs, modules, transports or composition root',
    forbids: (from, to) => STORAGE_LAYERS.includes(layerOf(from)) && to !== undefined
      && ['events', 'jobs', 'modules', 'transports', 'composition', 'cli'].includes(layerOf(to)),
  },
  {
    name: 'storage ports import no storage implementation',
    forbids: (from, to) => layerOf(from) === 'storage-ports' && to !== undefined && layerOf(to) === 'storage-kysely',
  },
  {
    name: 'only the composition root (and tests) import the storage implementation',
    forbids: (from, to) => to !== undefined && layerOf(to) === 'storage-kysely'
      && !['storage-kysely', 'composition', 'test'].includes(layerOf(from)),
  },
  {
    name: 'above storage, only its ports are imported (no table types, no storage helpers)',
    forbids: (from, to) => ['modules', 'transports', 'events', 'jobs'].includes(layerOf(from)) && to !== undefined
      && ['storage', 'storage-kysely'].includes(layerOf(to)),
  },
  {
    name: 'events and jobs import no module, transport or composition root',
    forbids: (from, to) => ['events', 'jobs'].includes(layerOf(from)) && to !== undefined
      && ['modules', 'transports', 'composition', 'cli'].includes(layerOf(to)),
  },
  {
    name: 'events import no jobs',
    forbids: (from, to) => layerOf(from) === 'events' && to !== undefined && layerOf(to) === 'jobs',
  },
  {
    name: 'transports import no storage implementation, CLI or composition root, and not each other',
    forbids: (from, to) => {
      if (layerOf(from) !== 'transports' || to === undefined) return false;
      if (['storage-kysely', 'cli', 'composition'].includes(layerOf(to))) return true;
      // transports/<kind>/... may use its own kind and the shared files directly under transports/
      const own = from.split('/')[2];
      const target = to.split('/');
      return layerOf(to) === 'transports' && target.length > 3 && target[2] !== own;
    },
  },
  {
    // The CLI reaches the database and the listeners only through main.ts (serve, migrate,
    // user create); every other command is a client of a running server over HTTP or SMTP.
    // (storage/kysely has its own rule above.)
    name: 'the CLI imports no transport or storage, and no HTTP server, SMTP server or database library',
    // The one exception: `pigeonhole mcp` runs the MCP stdio transport, itself a client of a
    // running server over HTTP (transports/mcp/stdio.ts loads no server code).
    forbids: (from, to, pkg) => layerOf(from) === 'cli'
      && ((to !== undefined && to !== 'src/transports/mcp/stdio.ts' && ['transports', 'storage', 'storage-ports'].includes(layerOf(to)))
        || (pkg !== undefined && HTTP_AND_DB_PACKAGES.test(pkg))),
  },
  {
    name: 'config reads the environment for everyone and imports only core',
    forbids: (from, to) => layerOf(from) === 'config' && to !== undefined && !['core', 'config'].includes(layerOf(to)),
  },
  {
    name: 'conformance tests import nothing from src/, not even through helpers',
    forbids: (from, to) => from.startsWith('test/conformance/') && to !== undefined && layerOf(to) !== 'test',
  },
];

/** Every .ts file below `dir` (relative to the repository). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The imports of one file: project files (resolved, relative to the repository) and package names. */
export function importsOf(file: string): Array<{ specifier: string; to?: string; pkg?: string }> {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return info.importedFiles.map(({ fileName: specifier }) => {
    if (!specifier.startsWith('.')) {
      const parts = specifier.split('/');
      const pkg = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return { specifier, pkg: specifier.startsWith('node:') ? undefined : pkg };
    }
    const target = normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts');
    return { specifier, to: relative('.', target) };
  });
}

/** Files whose imports are checked, and the files they reach through test helpers (for the conformance rule). */
function checkedFiles(): string[] {
  const files = sourceFiles('src').filter((f) => !f.endsWith('.test.ts'));
  // Conformance tests and every test helper they reach, transitively.
  const seen = new Set<string>();
  const queue = sourceFiles('test/conformance');
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { to } of importsOf(file)) if (to?.startsWith('test/')) queue.push(to);
  }
  return [...files, ...seen];
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of checkedFiles()) {
    // A helper reached from a conformance test is held to the conformance rule under its own name.
    const viewedAs = file.startsWith('test/') && !file.startsWith('test/conformance/') ? `test/conformance/(via) ${file}` : file;
    for (const { specifier, to, pkg } of importsOf(file)) {
      for (const rule of RULES) {
        if (rule.forbids(viewedAs, to, pkg)) found.push(`${file} imports '${specifier}': ${rule.name}`);
      }
    }
  }
  return found;
}

test('every import in src/ keeps the layering of docs/ARCHITECTURE.md', () => {
  assert.deepEqual(violations(), []);
});

test('the rules catch what they are meant to catch', () => {
  const broken = (from: string, to?: string, pkg?: string) => RULES.filter((r) => r.forbids(from, to, pkg)).map((r) => r.name);
  assert.equal(broken('src/modules/inbox/operations/getInbox.ts', 'src/transports/http/auth.ts').length, 1);
  assert.equal(broken('src/modules/inbox/inbox.service.ts', undefined, 'fastify').length, 1);
  assert.equal(broken('src/modules/inbox/inbox.service.ts', undefined, 'kysely').length, 1);
  assert.ok(broken('src/modules/inbox/inbox.service.ts', 'src/storage/kysely/inbox-repository.ts').length >= 1);
  assert.equal(broken('src/storage/kysely/email-repository.ts', 'src/events/bus.ts').length, 1);
  assert.equal(broken('src/storage/kysely/email-repository.ts', 'src/modules/webhooks/payloads.ts').length, 1);
  assert.equal(broken('src/modules/webhooks/examples.ts', 'src/storage/webhook-events.ts').length, 1);
  assert.equal(broken('src/core/paging.ts', 'src/storage/ports.ts').length, 1);
  assert.equal(broken('src/cli/index.ts', 'src/storage/kysely/database.ts').length, 1);
  assert.ok(broken('src/cli/commands/mail.ts', 'src/transports/http/error-body.ts').length >= 1);
  assert.ok(broken('src/cli/sendmail/submit.ts', undefined, 'smtp-server').length >= 1);
  assert.equal(broken('src/transports/graphql/errors.ts', 'src/transports/http/error-body.ts').length, 1);
  assert.equal(broken('src/jobs/webhook-delivery.ts', 'src/modules/webhooks/webhooks.service.ts').length, 1);
  assert.equal(broken('test/conformance/quickstart.test.ts', 'src/main.ts').length, 1);
  // What is allowed stays allowed.
  assert.deepEqual(broken('src/modules/inbox/inbox.service.ts', 'src/storage/ports.ts'), []);
  assert.deepEqual(broken('src/modules/webhooks/webhooks.service.ts', 'src/jobs/webhook-http.ts'), []);
  assert.deepEqual(broken('src/transports/http/operations.ts', 'src/core/operation.ts'), []);
  assert.deepEqual(broken('src/transports/smtp/server.ts', 'src/transports/tls.ts'), []);
  assert.deepEqual(broken('src/main.ts', 'src/storage/kysely/database.ts'), []);
  assert.deepEqual(broken('src/cli/index.ts', 'src/main.ts'), []);
  assert.deepEqual(broken('src/cli/sendmail/submit.ts', undefined, 'nodemailer'), []);
  assert.deepEqual(broken('src/transports/http/operations.ts', undefined, 'fastify'), []);
});
