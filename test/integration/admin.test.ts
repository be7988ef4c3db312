import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Configuration, UserControllerApi } from 'mailslurp-client';
import { loadConfig } from '../../src/config/config.js';
import { SETTINGS } from '../../src/config/settings.js';
import { ADMIN_KEY_FILE, startServer, type RunningServer } from '../../src/main.js';
import { openDatabase, openStore, sqliteFileIn } from '../../src/storage/kysely/database.js';
import type { Store } from '../../src/storage/ports.js';
import { describeEachDialect, startTestServer, statusOf, type TestServer } from '../helpers/server.js';
import { EPHEMERAL_PORTS, freshDatabase, type TestDatabase } from '../helpers/databases.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const JSON_HEADERS = { 'content-type': 'application/json' };

interface CreatedUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  createdAt: string;
  apiKey: string;
  apiKeyId: string;
}

const userInfo = (url: string, apiKey: string) =>
  new UserControllerApi(new Configuration({ apiKey, basePath: url })).getUserInfo();

describeEachDialect('admin: users and API keys', (dialect) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(dialect);
  });
  after(() => server.close());

  const createUser = async (body: unknown, key?: string) =>
    server.fetch('/admin/users', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), key });
  const newUser = async (email = `u-${randomBytes(4).toString('hex')}@example.com`, name?: string) => {
    const response = await createUser({ email, name });
    assert.equal(response.status, 201, await response.clone().text());
    return (await response.json()) as CreatedUser;
  };

  test('POST /admin/users creates a user whose key works with the official client', async () => {
    const email = `New.User-${randomBytes(3).toString('hex')}@Example.com`;
    const response = await createUser({ email, name: 'New User' });
    assert.equal(response.status, 201);
    const created = (await response.json()) as CreatedUser;
    for (const field of ['id', 'email', 'name', 'isAdmin', 'createdAt', 'apiKey', 'apiKeyId']) assert.ok(field in created, field);
    assert.equal(created.email, email.toLowerCase());
    assert.equal(created.name, 'New User');
    assert.equal(created.isAdmin, false);
    assert.match(created.apiKey, /^ph_/);
    assert.ok(created.apiKey.length >= 32);

    const info = await userInfo(server.url, created.apiKey);
    assert.equal(info.id, created.id);
    assert.equal(info.emailAddress, created.email);
    assert.equal(info.accountState, 'ACTIVE');

    const fetched = await server.fetch(`/admin/users/${created.id}`);
    assert.equal(fetched.status, 200);
    const user = (await fetched.json()) as Record<string, unknown>;
    assert.ok(!('apiKey' in user), 'the key is shown only once');
    for (const field of ['id', 'email', 'name', 'isAdmin', 'createdAt'] as const) assert.equal(user[field], created[field], field);
  });

  test('a duplicate email is 409, whatever its case', async () => {
    const created = await newUser();
    for (const email of [created.email, created.email.toUpperCase(), ` ${created.email} `]) {
      const response = await createUser({ email });
      assert.equal(response.status, 409, email);
      assert.match(((await response.json()) as { message: string }).message, /already exists/);
    }
  });

  test('an invalid email is 400', async () => {
    for (const body of [{ email: 'not-an-email' }, { email: 'a b@example.com' }, { email: '' }, { email: 'x@y' }, {}, { email: 42 }]) {
      const response = await createUser(body);
      assert.equal(response.status, 400, JSON.stringify(body));
    }
  });

  test('GET /admin/users pages through every user exactly once', async () => {
    for (let i = 0; i < 3; i++) await newUser();
    const first = (await (await server.fetch('/admin/users?size=2')).json()) as {
      content: Array<{ id: string; email: string }>; totalElements: number; totalPages: number; size: number;
    };
    assert.ok(first.totalElements >= 4, 'the admin and three users');
    assert.equal(first.size, 2);
    assert.equal(first.totalPages, Math.ceil(first.totalElements / 2));
    const seen: string[] = [];
    for (let page = 0; page < first.totalPages; page++) {
      const body = (await (await server.fetch(`/admin/users?size=2&page=${page}`)).json()) as typeof first;
      assert.equal(body.totalElements, first.totalElements);
      assert.ok(body.content.length > 0 && body.content.length <= 2);
      for (const user of body.content) assert.ok(!('apiKey' in user), 'no keys in the list');
      seen.push(...body.content.map((u) => u.id));
    }
    assert.equal(seen.length, first.totalElements);
    assert.equal(new Set(seen).size, seen.length, 'no user twice');
    const beyond = (await (await server.fetch(`/admin/users?size=2&page=${first.totalPages}`)).json()) as typeof first;
    assert.deepEqual(beyond.content, []);
  });

  test('another key can be issued, keys are listed by prefix only, and a revoked key stops working at once', async () => {
    const user = await newUser();
    const issued = await server.fetch(`/admin/users/${user.id}/api-keys`, { method: 'POST' });
    assert.equal(issued.status, 201);
    const second = (await issued.json()) as { id: string; userId: string; apiKey: string; createdAt: string };
    assert.equal(second.userId, user.id);
    assert.notEqual(second.apiKey, user.apiKey);
    assert.equal((await userInfo(server.url, second.apiKey)).id, user.id);

    const listed = await server.fetch(`/admin/users/${user.id}/api-keys`);
    assert.equal(listed.status, 200);
    const text = await listed.text();
    assert.ok(!text.includes(user.apiKey) && !text.includes(second.apiKey), 'the list never holds a key');
    const keys = JSON.parse(text) as Array<{ id: string; userId: string; keyPrefix: string; revokedAt: string | null }>;
    assert.deepEqual(keys.map((k) => k.id).sort(), [user.apiKeyId, second.id].sort());
    for (const key of keys) {
      const full = key.id === second.id ? second.apiKey : user.apiKey;
      assert.ok(full.startsWith(key.keyPrefix) && key.keyPrefix.length < full.length / 2, 'a short prefix of the key');
      assert.equal(key.revokedAt, null);
      assert.equal(key.userId, user.id);
    }

    const revoked = await server.fetch(`/admin/users/${user.id}/api-keys/${user.apiKeyId}`, { method: 'DELETE' });
    assert.equal(revoked.status, 204);
    assert.equal(await statusOf(userInfo(server.url, user.apiKey)), 401, 'the revoked key is refused at once');
    assert.equal((await server.fetch('/inboxes', { key: user.apiKey })).status, 401);
    assert.equal((await userInfo(server.url, second.apiKey)).id, user.id, 'the other key still works');

    const after = (await (await server.fetch(`/admin/users/${user.id}/api-keys`)).json()) as typeof keys;
    assert.ok(after.find((k) => k.id === user.apiKeyId)?.revokedAt, 'listed as revoked');
    assert.equal(after.find((k) => k.id === second.id)?.revokedAt, null);
    const again = await server.fetch(`/admin/users/${user.id}/api-keys/${user.apiKeyId}`, { method: 'DELETE' });
    assert.equal(again.status, 404, 'revoking twice');
  });

  test("a key can only be revoked through its own user", async () => {
    const owner = await newUser();
    const other = await newUser();
    const response = await server.fetch(`/admin/users/${other.id}/api-keys/${owner.apiKeyId}`, { method: 'DELETE' });
    assert.equal(response.status, 404);
    assert.equal((await userInfo(server.url, owner.apiKey)).id, owner.id, 'still works');
  });

  test('an unknown user is 404 on every per-user admin route', async () => {
    const nobody = randomUUID();
    const calls: Array<[string, string]> = [
      ['GET', `/admin/users/${nobody}`],
      ['POST', `/admin/users/${nobody}/api-keys`],
      ['GET', `/admin/users/${nobody}/api-keys`],
      ['DELETE', `/admin/users/${nobody}/api-keys/${randomUUID()}`],
    ];
    for (const [method, path] of calls) {
      const response = await server.fetch(path, { method });
      assert.equal(response.status, 404, `${method} ${path}`);
    }
  });

  test('a non-admin key is 403 on every admin route of the OpenAPI document; no key is 401', async () => {
    const tenant = await newUser();
    const victim = await newUser();
    const doc = (await (await server.fetch('/v3/api-docs', { key: null })).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.tags?.includes('Admin'))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    assert.ok(routes.length >= 6, `admin routes found: ${routes.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    for (const { method, path } of routes) {
      const concrete = path.replace('{userId}', victim.id).replace('{keyId}', victim.apiKeyId);
      const init = method === 'POST' && !path.includes('{') ? { headers: JSON_HEADERS, body: JSON.stringify({ email: 'sneaky@example.com' }) } : {};
      const forbidden = await server.fetch(concrete, { method, ...init, key: tenant.apiKey });
      assert.equal(forbidden.status, 403, `${method} ${path} with a user key`);
      assert.equal((await server.fetch(concrete, { method, ...init, key: null })).status, 401, `${method} ${path} without a key`);
    }
    assert.equal((await createUser({ email: 'sneaky@example.com' })).status, 201, 'the refused create created nothing');
    assert.equal((await userInfo(server.url, victim.apiKey)).id, victim.id, "the victim's key was not revoked");
    const keys = (await (await server.fetch(`/admin/users/${victim.id}/api-keys`)).json()) as unknown[];
    assert.equal(keys.length, 1, 'no key was issued for the victim');
  });

  test('API keys are stored hashed: no column of api_keys holds a key', async () => {
    const user = await newUser();
    const issued = (await (await server.fetch(`/admin/users/${user.id}/api-keys`, { method: 'POST' })).json()) as { apiKey: string };
    const plaintexts = [server.adminKey, user.apiKey, issued.apiKey];
    const { db } = openDatabase({
      databaseUrl: server.db.databaseUrl, sqliteFile: sqliteFileIn(server.db.dataDir), searchPath: server.db.searchPath,
    });
    try {
      const rows = await db.selectFrom('api_keys').selectAll().execute();
      assert.ok(rows.length >= 3);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          for (const key of plaintexts) {
            assert.ok(!String(value).includes(key), `api_keys.${column} holds a plaintext key`);
          }
        }
        assert.ok(row.key_hash.length >= 32, 'a digest is stored');
      }
      assert.equal(new Set(rows.map((r) => r.key_hash)).size, rows.length);
    } finally {
      await db.destroy();
    }
  });
});

/**
 * Bootstrap of the admin key by startServer, on a data directory and database of its own.
 * PostgreSQL runs in a fresh schema; its store is handed to startServer like startTestServer does.
 */
describeEachDialect('admin bootstrap', (dialect) => {
  let db: TestDatabase;
  const started: RunningServer[] = [];
  before(async () => {
    db = await freshDatabase(dialect);
  });
  after(async () => {
    for (const s of started) await s.close().catch(() => undefined);
    await db.cleanup();
  });

  /** SQLite: startServer opens `dataDir` itself. PostgreSQL: a new store on the test schema. */
  async function start(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
    const config = loadConfig({
      ...EPHEMERAL_PORTS,
      PIGEONHOLE_DATA_DIR: dataDir,
      PIGEONHOLE_LOG_LEVEL: 'silent',
      ...(db.databaseUrl ? { PIGEONHOLE_DATABASE_URL: db.databaseUrl } : {}),
      ...env,
    });
    const store = dialect === 'postgres'
      ? await openStore({ databaseUrl: db.databaseUrl, searchPath: db.searchPath })
      : undefined;
    const running = closingStore(await startServer(config, { store }), store);
    started.push(running);
    return running;
  }
  const stop = async (running: RunningServer) => {
    started.splice(started.indexOf(running), 1);
    await running.close();
  };
  const asAdmin = (running: RunningServer, key: string) =>
    fetch(`${running.url}/admin/users?size=100`, { headers: { 'x-api-key': key } });
  const adminCount = async (running: RunningServer, key: string) => {
    const body = (await (await asAdmin(running, key)).json()) as { content: Array<{ isAdmin: boolean }> };
    return body.content.filter((u) => u.isAdmin).length;
  };

  // The first test needs a database without an admin; the last one reuses what it left behind.
  test('without PIGEONHOLE_API_KEY the first start generates a key, saves it 0600; the second generates nothing', async () => {
    const dataDir = join(db.dataDir, 'fresh-node');
    assert.ok(!existsSync(dataDir));
    const first = await start(dataDir);
    const generated = first.generatedAdminKey;
    assert.ok(generated, 'a key was generated');
    assert.match(generated, /^ph_/);
    const file = join(dataDir, ADMIN_KEY_FILE);
    assert.equal(readFileSync(file, 'utf8').trim(), generated);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'readable by the owner only');
    assert.equal((await asAdmin(first, generated)).status, 200, 'it is an admin key');
    const info = await userInfo(first.url, generated);
    assert.equal(info.accountState, 'ACTIVE');
    await stop(first);

    const second = await start(dataDir);
    assert.equal(second.generatedAdminKey, undefined, 'nothing generated the second time');
    assert.equal(readFileSync(file, 'utf8').trim(), generated, 'the saved key is kept');
    assert.equal((await asAdmin(second, generated)).status, 200, 'the first key still works');
    assert.equal(await adminCount(second, generated), 1, 'still one admin');
    await stop(second);
  });

  test('with PIGEONHOLE_API_KEY set, that key is an admin key and nothing is generated or written', async () => {
    const configured = `ph_configured_${randomBytes(12).toString('hex')}`;
    const fresh = await freshDatabase(dialect);
    try {
      const dataDir = join(fresh.dataDir, 'node');
      const env = { PIGEONHOLE_API_KEY: configured, ...(fresh.databaseUrl ? { PIGEONHOLE_DATABASE_URL: fresh.databaseUrl } : {}) };
      const config = loadConfig({ ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_LOG_LEVEL: 'silent', ...env });
      for (let run = 0; run < 2; run++) {
        const store = dialect === 'postgres'
          ? await openStore({ databaseUrl: fresh.databaseUrl, searchPath: fresh.searchPath })
          : undefined;
        const running = closingStore(await startServer(config, { store }), store);
        try {
          assert.equal(running.generatedAdminKey, undefined);
          assert.ok(!existsSync(join(dataDir, ADMIN_KEY_FILE)), 'no key file');
          assert.equal((await asAdmin(running, configured)).status, 200, 'the configured key is an admin key');
          assert.equal(await adminCount(running, configured), 1, `one admin after start ${run + 1}`);
        } finally {
          await running.close();
        }
      }
    } finally {
      await fresh.cleanup();
    }
  });

  test('a fresh database replaces a stale admin key file, and a user holding admin@<domain> does not stop the start', async () => {
    const fresh = await freshDatabase(dialect);
    try {
      // SQLite: the server opens the seeded database file in fresh.dataDir.
      const dataDir = dialect === 'sqlite' ? fresh.dataDir : join(fresh.dataDir, 'node');
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, ADMIN_KEY_FILE), 'ph_left_over_from_an_old_database\n');
      await fresh.store.repos.users.create({
        id: randomUUID(), email: 'admin@pigeonhole.test', name: null, isAdmin: false, createdAt: new Date(),
      });
      const env = fresh.databaseUrl ? { PIGEONHOLE_DATABASE_URL: fresh.databaseUrl } : {};
      const config = loadConfig({ ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_LOG_LEVEL: 'silent', ...env });
      const store = dialect === 'postgres'
        ? await openStore({ databaseUrl: fresh.databaseUrl, searchPath: fresh.searchPath })
        : undefined;
      const running = closingStore(await startServer(config, { store }), store);
      try {
        const generated = running.generatedAdminKey;
        assert.ok(generated);
        assert.equal(readFileSync(join(dataDir, ADMIN_KEY_FILE), 'utf8').trim(), generated, 'the file holds the new key');
        assert.equal((await asAdmin(running, generated)).status, 200);
        assert.equal((await userInfo(running.url, generated)).emailAddress === 'admin@pigeonhole.test', false);
      } finally {
        await running.close();
      }
    } finally {
      await fresh.cleanup();
    }
  });

  test('a configured key is added to an existing generated admin, which keeps its key', async () => {
    const dataDir = join(db.dataDir, 'fresh-node');
    const generated = readFileSync(join(dataDir, ADMIN_KEY_FILE), 'utf8').trim();
    const configured = `ph_configured_${randomBytes(12).toString('hex')}`;
    const running = await start(dataDir, { PIGEONHOLE_API_KEY: configured });
    assert.equal(running.generatedAdminKey, undefined);
    assert.equal((await asAdmin(running, configured)).status, 200);
    assert.equal((await asAdmin(running, generated)).status, 200);
    assert.equal(await adminCount(running, configured), 1);
    await stop(running);
  });
});

/** startServer leaves a store it was given open; these tests hand over their own and close it with the server. */
function closingStore(running: RunningServer, store: Store | undefined): RunningServer {
  return {
    ...running,
    async close() {
      await running.close();
      await store?.close();
    },
  };
}

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node --import tsx src/cli/index.ts ...` in the project root, with no PIGEONHOLE_* settings inherited. */
function cli(args: string[]): Promise<CliResult> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PIGEONHOLE_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('CLI [sqlite]', { concurrency: true }, () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-cli-'));
    dirs.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('user create prints a key that authenticates against a server on that data directory', async () => {
    const dataDir = tempDir();
    const result = await cli(['user', 'create', 'someone@example.com', '--name', 'Some One', '--data-dir', dataDir]);
    assert.equal(result.code, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.equal(lines.length, 1, 'prints just the key');
    const key = lines[0]!.trim();
    assert.match(key, /^ph_[0-9a-f]{64}$/);

    const duplicate = await cli(['user', 'create', 'someone@example.com', '--data-dir', dataDir]);
    assert.notEqual(duplicate.code, 0);
    assert.match(duplicate.stderr, /already exists/);
    assert.doesNotMatch(duplicate.stderr, /\n\s+at /, 'a message, not a stack trace');

    const running = await startServer(
      loadConfig({ ...EPHEMERAL_PORTS, PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_LOG_LEVEL: 'silent' }),
    );
    try {
      const info = await userInfo(running.url, key);
      assert.equal(info.emailAddress, 'someone@example.com');
      assert.equal(info.accountState, 'ACTIVE');
      const me = await fetch(`${running.url}/admin/users/${info.id}`, { headers: { 'x-api-key': running.generatedAdminKey! } });
      assert.equal(((await me.json()) as { name: string }).name, 'Some One');
    } finally {
      await running.close();
    }
  });

  test('migrate applies the migrations once, then reports the database up to date', async () => {
    const dataDir = tempDir();
    const first = await cli(['migrate', '--data-dir', dataDir]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /Applied: .*0001_foundation/);
    assert.ok(existsSync(sqliteFileIn(dataDir)));
    const second = await cli(['migrate', '--data-dir', dataDir]);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /up to date/);
  });

  test('serve with two bad settings exits non-zero with one message naming both', async () => {
    const result = await cli(['serve', '--http-port', 'nonsense', '--log-level', 'loud', '--data-dir', tempDir()]);
    assert.notEqual(result.code, 0);
    assert.equal(result.stdout, '', 'nothing started');
    assert.equal(result.stderr.match(/Invalid configuration/g)?.length, 1, `one message: ${result.stderr}`);
    assert.match(result.stderr, /PIGEONHOLE_HTTP_PORT \(--http-port\).*"nonsense"/);
    assert.match(result.stderr, /PIGEONHOLE_LOG_LEVEL \(--log-level\).*"loud"/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'a message, not a stack trace');
  });

  test('serve --help lists every setting with its flag and environment variable', async () => {
    const result = await cli(['serve', '--help']);
    assert.equal(result.code, 0, result.stderr);
    for (const spec of SETTINGS) {
      assert.ok(result.stdout.includes(spec.env), `--help mentions ${spec.env}`);
      assert.ok(result.stdout.includes(`${spec.flag} `), `--help mentions ${spec.flag}`);
    }
  });
});
