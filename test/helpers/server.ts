import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import { Configuration, InboxControllerApi, MailSlurp, UserControllerApi } from 'mailslurp-client';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { Clock } from '../../src/core/clock.js';
import { startServer, tlsHostsOf, type RunningServer } from '../../src/main.js';
import { loadTls, tlsFiles } from '../../src/transports/tls.js';
import { dialects, EPHEMERAL_PORTS, freshDatabase, type DialectName, type TestDatabase } from './databases.js';

export interface Tenant {
  userId: string;
  email: string;
  apiKey: string;
  /** the official client's wrapper */
  mailslurp: MailSlurp;
  /** the official client's generated InboxController */
  inboxApi: InboxControllerApi;
  userApi: UserControllerApi;
  /** fetch against the server with this tenant's key */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export interface TestServer {
  dialect: DialectName;
  url: string;
  adminKey: string;
  server: RunningServer;
  db: TestDatabase;
  config: Config;
  createTenant(email?: string): Promise<Tenant>;
  /** fetch with the admin key (or none with `key: null`) */
  fetch(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** environment-style settings, e.g. { PIGEONHOLE_INBOX_QUOTA: '2' } */
  env?: Record<string, string>;
  clock?: Clock;
}

/** Starts the real service on port 0 on a fresh database of the given dialect. */
export async function startTestServer(dialect: DialectName, options: TestServerOptions = {}): Promise<TestServer> {
  const db = await freshDatabase(dialect);
  const adminKey = `ph_admin_${randomBytes(16).toString('hex')}`;
  const config = loadConfig({
    ...EPHEMERAL_PORTS,
    PIGEONHOLE_DATA_DIR: db.dataDir,
    PIGEONHOLE_API_KEY: adminKey,
    PIGEONHOLE_LOG_LEVEL: 'silent',
    // Tests of other features compare received raw bytes exactly: the SPF/DKIM/DMARC checks
    // (which prepend Authentication-Results) are on only where a test asks for them.
    PIGEONHOLE_MAIL_AUTH: 'off',
    // spamd (perl, seconds of CPU to start) only where a test asks for it: otherwise the first
    // email a dashboard test opens would start one through the spam badge.
    PIGEONHOLE_SPAMD: 'off',
    ...options.env,
  });
  await seedTls(config);
  const server = await startServer(config, { store: db.store, clock: options.clock });
  const url = server.url;

  const rawFetch = (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const { key, ...rest } = init;
    const headers = new Headers(rest.headers);
    const apiKey = key === undefined ? adminKey : key;
    if (apiKey !== null) headers.set('x-api-key', apiKey);
    return fetch(`${url}${path}`, { ...rest, headers });
  };

  let tenantCount = 0;
  return {
    dialect,
    url,
    adminKey,
    server,
    db,
    config,
    fetch: rawFetch,
    async createTenant(email = `user${++tenantCount}-${randomBytes(3).toString('hex')}@example.com`) {
      const response = await rawFetch('/admin/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (response.status !== 201) throw new Error(`creating tenant failed: ${response.status} ${await response.text()}`);
      const created = (await response.json()) as { id: string; email: string; apiKey: string };
      const configuration = new Configuration({ apiKey: created.apiKey, basePath: url });
      return {
        userId: created.id,
        email: created.email,
        apiKey: created.apiKey,
        mailslurp: new MailSlurp({ apiKey: created.apiKey, basePath: url }),
        inboxApi: new InboxControllerApi(configuration),
        userApi: new UserControllerApi(configuration),
        fetch: (path, init = {}) => rawFetch(path, { ...init, key: created.apiKey }),
      };
    },
    async close() {
      await server.close();
      await db.cleanup();
    },
  };
}

const tlsTemplates = new Map<string, Promise<string>>();

/**
 * Puts a local CA and a server certificate for the config's hosts into its data dir, made once
 * per test process and copied after (making their two RSA keys took most of a second of each
 * test server's start). The server finds them usable and keeps them, as on a restart.
 */
async function seedTls(config: Config): Promise<void> {
  if (config.tlsCert || config.tlsKey) return;
  const hosts = tlsHostsOf(config);
  const key = hosts.join(' ');
  let made = tlsTemplates.get(key);
  if (!made) {
    made = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-test-tls-'));
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      await loadTls({ dataDir: dir, hosts });
      return tlsFiles(dir).dir;
    })();
    tlsTemplates.set(key, made);
  }
  cpSync(await made, tlsFiles(config.dataDir).dir, { recursive: true });
}

/** Registers `fn`'s tests once per dialect, named "<title> [sqlite]" / "<title> [postgres]". */
export function describeEachDialect(title: string, fn: (dialect: DialectName) => void): void {
  for (const dialect of dialects()) describe(`${title} [${dialect}]`, () => fn(dialect));
}

/** The official client throws the fetch Response itself for non-2xx answers. */
export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (err) {
    if (err instanceof Response) return err.status;
    throw err;
  }
}
