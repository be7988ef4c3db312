/**
 * The container files, checked on any machine (no container engine needed): the Containerfile's
 * instructions (read by a small parser of its own), .dockerignore, and compose.yaml (read with
 * the `yaml` package already installed). What they promise: every port the server listens on by
 * default is exposed and published by both compose nodes, the server runs as a non-root user with
 * its data in the volume, the image's HEALTHCHECK command really answers for a running server,
 * and the two nodes share one database, one admin key and one CA as the README's "Running several
 * nodes" says. scripts/container-smoke.sh builds and runs them where podman is installed.
 * Imports nothing from src/: the port settings come from the README's Settings table.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { REPO_ROOT, startServeProcess, type ServeProcess } from '../helpers/process.js';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

// ---- the Containerfile, instruction by instruction ----

interface Instruction { op: string; args: string }
interface Stage { from: string; name?: string; instructions: Instruction[] }

/** Instructions in order: comments dropped, `\` continuations joined (the Dockerfile rules we use). */
function instructionsOf(text: string): Instruction[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (line.startsWith('#')) continue; // a comment inside a continued instruction
    if (line.endsWith('\\')) { pending += `${line.slice(0, -1).trim()} `; continue; }
    logical.push(pending + line);
    pending = '';
  }
  return logical.map((line) => {
    const [, op, args] = /^(\S+)\s*(.*)$/.exec(line)!;
    return { op: op!.toUpperCase(), args: args! };
  });
}

function stagesOf(instructions: Instruction[]): { globalArgs: Map<string, string>; stages: Stage[] } {
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.op === 'FROM') {
      const [from, as, name] = instruction.args.split(/\s+/);
      stages.push({ from: from!, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0 && instruction.op === 'ARG') {
      const [key, value = ''] = instruction.args.split('=');
      globalArgs.set(key!, value);
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** KEY=value pairs of ENV instructions (the KEY=value form, values without spaces). */
function envOf(stage: Stage): Map<string, string> {
  const env = new Map<string, string>();
  for (const { args } of stage.instructions.filter((i) => i.op === 'ENV')) {
    for (const pair of args.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  return env;
}

const all = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op);
const last = (stage: Stage, op: string) => all(stage, op).at(-1);
/** An exec-form argument list: JSON after any --options. */
const execForm = (args: string) => JSON.parse(args.replace(/^(--\S+\s+)*/, '').replace(/^CMD\s+/, '')) as string[];

// ---- the README's Settings table: which settings are ports, and their defaults ----

/**
 * Port settings that are not listeners of this server: the MX check of domain monitors
 * connects to remote MX hosts on PIGEONHOLE_MX_PROBE_PORT, address verification on
 * PIGEONHOLE_SMTP_VERIFY_PORT.
 */
const OUTBOUND_PORTS = ['PIGEONHOLE_MX_PROBE_PORT', 'PIGEONHOLE_SMTP_VERIFY_PORT'];

function portSettings(): Map<string, number> {
  const section = read('README.md').split('\n## Settings\n')[1]!.split('\n## ')[0]!;
  const ports = new Map<string, number>();
  for (const match of section.matchAll(/^\| `(PIGEONHOLE_\w+_PORT)` \| `[^`]+` \| `?([^`|]+?)`? \|/gm)) {
    ports.set(match[1]!, Number(match[2]));
  }
  return ports;
}

// ---- compose.yaml, with ${VAR:-default} read as its default ----

type Service = {
  image?: string;
  build?: { dockerfile?: string } | string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] | string };
};

/** What compose makes of a value when the variables are unset: defaults, and <VAR> for required ones. */
const unsetInterpolation = (value: string) =>
  value.replace(/\$\{(\w+)(?::?-([^}]*)|:?\?[^}]*)?\}/g, (_all, name: string, fallback?: string) => fallback ?? `<${name}>`);

function interpolate<T>(value: T): T {
  if (typeof value === 'string') return unsetInterpolation(value) as T;
  if (Array.isArray(value)) return value.map(interpolate) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)])) as T;
  return value;
}

/** "host:container" (an optional IP first, an optional /tcp last) → both port numbers. */
function published(mapping: string): { host: number; container: number } {
  const parts = mapping.replace(/\/tcp$/, '').split(':');
  return { host: Number(parts.at(-2)), container: Number(parts.at(-1)) };
}

/** "volume:/path[:options]" → the mount's path by the volume's name. */
const mounts = (service: Service) => new Map((service.volumes ?? []).map((v) => [v.split(':')[0]!, v.split(':')[1]!] as const));

// ---- .dockerignore: the patterns docker and podman apply to the build context ----

function ignored(patterns: string[], path: string): boolean {
  let result = false;
  for (const raw of patterns) {
    const negated = raw.startsWith('!');
    const pattern = negated ? raw.slice(1) : raw;
    const regex = new RegExp(`^${pattern.split('**/').map((part) => part.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')).join('(?:.*/)?')}(?:/.*)?$`);
    if (regex.test(path)) result = !negated;
  }
  return result;
}

describe('Containerfile', () => {
  const { globalArgs, stages } = stagesOf(instructionsOf(read('Containerfile')));
  const build = stages[0]!;
  const runtime = stages.at(-1)!;
  const runtimeEnv = envOf(runtime);
  const listeners = [...portSettings()].filter(([name, port]) => !OUTBOUND_PORTS.includes(name) && port !== 0);

  test('builds in one stage and runs from another, both on the base image given as BASE_IMAGE', () => {
    assert.ok(stages.length >= 2, 'a multi-stage build');
    assert.match(globalArgs.get('BASE_IMAGE') ?? '', /^docker\.io\/library\/node:20-bookworm-slim$/);
    for (const stage of [build, runtime]) assert.equal(stage.from, '${BASE_IMAGE}');
    const runs = all(build, 'RUN').map((i) => i.args).join('\n');
    assert.match(runs, /python3/, 'better-sqlite3 compiles: python3, make, g++');
    assert.match(runs, /\bg\+\+/);
    assert.match(runs, /npm ci\b/);
    assert.match(runs, /npm run build/);
    assert.match(runs, /npm prune --omit=dev/);
    const copied = all(runtime, 'COPY').map((i) => i.args);
    for (const path of ['/src/dist', '/src/node_modules', '/src/package.json']) {
      assert.ok(copied.some((args) => args.startsWith(`--from=${build.name}`) && args.includes(path)), `the runtime copies ${path} from the build stage`);
    }
    assert.doesNotMatch(all(runtime, 'RUN').map((i) => i.args).join('\n'), /npm (ci|install)|g\+\+/, 'no compilers or installs in the runtime stage');
  });

  test('runs as a user that is not root', () => {
    const user = last(runtime, 'USER')?.args.split(':')[0];
    assert.ok(user, 'a USER in the runtime stage');
    assert.ok(!['root', '0'].includes(user!), `USER ${user}`);
    assert.match(user!, /^[1-9]\d*$/, 'numeric, so runAsNonRoot can check it');
  });

  test('keeps its data in the volume and listens on every interface', () => {
    assert.equal(runtimeEnv.get('PIGEONHOLE_HOST'), '0.0.0.0');
    const dataDir = runtimeEnv.get('PIGEONHOLE_DATA_DIR');
    assert.equal(dataDir, '/data');
    const volumes = all(runtime, 'VOLUME').flatMap((i) => (i.args.startsWith('[') ? JSON.parse(i.args) as string[] : i.args.split(/\s+/)));
    assert.deepEqual(volumes, [dataDir]);
  });

  test('exposes the default of every port the server listens on, and nothing else', () => {
    assert.ok(portSettings().has('PIGEONHOLE_HTTP_PORT') && portSettings().has('PIGEONHOLE_IMAPS_PORT'), 'the Settings table was read');
    for (const name of OUTBOUND_PORTS) assert.ok(portSettings().has(name), `${name} is still a setting (else drop it from OUTBOUND_PORTS)`);
    const exposed = all(runtime, 'EXPOSE').flatMap((i) => i.args.split(/\s+/)).map((p) => Number(p.replace(/\/tcp$/, ''))).sort();
    assert.deepEqual(exposed, listeners.map(([, port]) => port).sort(), `EXPOSE ${listeners.map(([name, port]) => `${port} (${name})`).join(', ')}`);
  });

  test('starts node itself (exec form) so the SIGTERM of a stop reaches the server', () => {
    const stop = last(runtime, 'STOPSIGNAL')?.args;
    assert.ok(stop === undefined || stop === 'SIGTERM', `STOPSIGNAL ${stop}`);
    const command = [...execForm(last(runtime, 'ENTRYPOINT')?.args ?? '[]'), ...execForm(last(runtime, 'CMD')?.args ?? '[]')];
    assert.equal(command[0], 'node');
    assert.match(command[1]!, /dist\/cli\/index\.js$/);
    assert.equal(command[2], 'serve');
  });

  test('.dockerignore keeps node_modules, dist, data and .git out of the build context, and lets in what it copies', () => {
    const patterns = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    for (const path of ['node_modules', 'dist', 'data', '.git', 'web/node_modules', 'src/app.test.ts']) assert.ok(ignored(patterns, path), `${path} is ignored`);
    const sources = all(build, 'COPY').filter((i) => !i.args.startsWith('--from')).flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    assert.ok(sources.includes('src') && sources.includes('package-lock.json'));
    for (const source of sources) {
      assert.ok(existsSync(join(REPO_ROOT, source)), `${source} exists`);
      assert.ok(!ignored(patterns, source), `${source}, copied by the build, is not ignored`);
    }
  });

  describe('the HEALTHCHECK command, run against the built server', () => {
    const healthcheck = last(runtime, 'HEALTHCHECK')!;
    const command = execForm(healthcheck.args);
    const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-container-'));
    let serve: ServeProcess;
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, command.slice(1), { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 10_000 })
        .then(() => 0, (error: { code?: number }) => error.code ?? -1);

    before(async () => { serve = await startServeProcess({ PIGEONHOLE_DATA_DIR: dataDir }); });
    after(async () => {
      await serve?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('is node asking /health on the HTTP port, without curl', () => {
      assert.equal(command[0], 'node');
      assert.match(command.join(' '), /\/health/);
      assert.match(command.join(' '), /PIGEONHOLE_HTTP_PORT/);
      assert.match(healthcheck.args, /--interval=\d+s/);
    });

    test('passes while the server answers and fails when nothing listens', async () => {
      assert.equal(await run({ PIGEONHOLE_HTTP_PORT: new URL(serve.url).port }), 0);
      const port = new URL(serve.url).port;
      await serve.stop();
      assert.equal(await run({ PIGEONHOLE_HTTP_PORT: port }), 1);
    });
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
  const services = interpolate(compose.services);
  const { stages } = stagesOf(instructionsOf(read('Containerfile')));
  const exposed = all(stages.at(-1)!, 'EXPOSE').flatMap((i) => i.args.split(/\s+/)).map(Number);
  const nodeNames = Object.keys(services).filter((name) => {
    const build = services[name]!.build;
    return (typeof build === 'string' ? build : build?.dockerfile) !== undefined && JSON.stringify(build).includes('Containerfile');
  });
  const nodes = nodeNames.map((name) => services[name]!);
  const [dbName, db] = Object.entries(services).find(([, s]) => /(^|\/)postgres:/.test(s.image ?? ''))!;

  test('has PostgreSQL (the official image) with a health check and a volume', () => {
    assert.ok(db, 'a postgres service');
    assert.match(db.image!, /^docker\.io\/library\/postgres:\d+/);
    assert.match(JSON.stringify(db.healthcheck?.test), /pg_isready/);
    assert.ok([...mounts(db).values()].includes('/var/lib/postgresql/data'));
    for (const volume of mounts(db).keys()) assert.ok(compose.volumes && volume in compose.volumes, `volume ${volume} declared`);
  });

  test('runs two nodes of the Containerfile, each once PostgreSQL is healthy', () => {
    assert.equal(nodes.length, 2, `nodes: ${nodeNames.join(', ')}`);
    for (const node of nodes) assert.equal(node.depends_on?.[dbName]?.condition, 'service_healthy');
  });

  test('both nodes use one database URL, pointing at that service with its credentials', () => {
    const urls = new Set(nodes.map((n) => n.environment?.PIGEONHOLE_DATABASE_URL));
    assert.equal(urls.size, 1);
    const url = new URL([...urls][0]!);
    assert.equal(url.hostname, dbName);
    assert.equal(decodeURIComponent(url.username), db.environment?.POSTGRES_USER);
    assert.equal(decodeURIComponent(url.password), db.environment?.POSTGRES_PASSWORD);
    assert.equal(url.pathname.slice(1), db.environment?.POSTGRES_DB);
  });

  test('both nodes share the admin key (from the environment), the domain and one CA', () => {
    const raw = parseYaml(read('compose.yaml'), { merge: true }).services as Record<string, Service>;
    for (const name of nodeNames) assert.match(raw[name]!.environment?.PIGEONHOLE_API_KEY ?? '', /^\$\{PIGEONHOLE_API_KEY:\?/, 'required from the environment');
    for (const setting of ['PIGEONHOLE_API_KEY', 'PIGEONHOLE_DOMAIN']) {
      assert.equal(new Set(nodes.map((n) => n.environment?.[setting])).size, 1, `${setting} is the same on both`);
    }
    // One CA: a volume both mount at <data dir>/tls, and the second node starts once the first is healthy (it made the CA).
    const tls = nodes.map((n) => [...mounts(n)].find(([, path]) => path === '/data/tls')?.[0]);
    assert.ok(tls[0] && tls[0] === tls[1], 'one volume at /data/tls on both');
    assert.equal(nodes[1]!.depends_on?.[nodeNames[0]!]?.condition, 'service_healthy');
    const data = nodes.map((n) => [...mounts(n)].find(([, path]) => path === '/data')?.[0]);
    assert.ok(data[0] && data[1] && data[0] !== data[1], 'a data volume of its own each');
  });

  test('each node publishes every exposed port, on host ports of its own', () => {
    const hostPorts: number[] = [];
    for (const [i, node] of nodes.entries()) {
      const mappings = (node.ports ?? []).map(published);
      assert.deepEqual(mappings.map((m) => m.container).sort(), [...exposed].sort(), `${nodeNames[i]} publishes ${exposed.join(', ')}`);
      hostPorts.push(...mappings.map((m) => m.host));
    }
    assert.equal(new Set(hostPorts).size, hostPorts.length, 'no host port published twice');
    assert.deepEqual(nodes[0]!.ports!.map(published).map((m) => m.host).sort(), [...exposed].sort(), 'node 1 on the default ports');
  });
});
