import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { systemClock, type Clock } from './core/clock.js';
import type { Store } from './storage/ports.js';
import { openStore, sqliteFileIn } from './storage/kysely/database.js';
import { buildApp, createServices } from './app.js';

export const ADMIN_KEY_FILE = 'admin-api-key';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  /** base URL of the HTTP API, e.g. http://127.0.0.1:7080 */
  url: string;
  /** the bootstrap admin key when this start generated it (printed once) */
  generatedAdminKey?: string;
  close(): Promise<void>;
}

export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}

export function openConfiguredStore(config: Config, overrides: { searchPath?: string } = {}): Promise<Store> {
  mkdirSync(config.dataDir, { recursive: true });
  return openStore({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
    searchPath: overrides.searchPath,
  });
}

/**
 * Composition root: config → store (migrated) → services → bootstrap admin → HTTP.
 * Later capabilities (event bus, jobs, SMTP, IMAP) are wired here too.
 */
export async function startServer(
  config: Config,
  options: { clock?: Clock; store?: Store } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const store = options.store ?? (await openConfiguredStore(config));
  const settings = { domain: config.domain, domainPool: config.domainPool, inboxQuota: config.inboxQuota };
  const services = createServices({ store, clock, settings });

  const { generatedKey } = await services.users.bootstrapAdmin(`admin@${config.domain}`, config.apiKey);
  if (generatedKey) persistAdminKey(config.dataDir, generatedKey);

  const app = await buildApp({ store, clock, settings, version: packageVersion(), logLevel: config.logLevel }, services);
  try {
    await app.listen({ port: config.httpPort, host: config.host });
  } catch (err) {
    await app.close();
    await store.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.httpPort;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return {
    app,
    store,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    generatedAdminKey: generatedKey,
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/**
 * The generated admin key, readable by the owner only, so it can be found again. A key
 * is generated only for a database without an admin, so a file left from an earlier
 * database is stale and is replaced.
 */
function persistAdminKey(dataDir: string, key: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ADMIN_KEY_FILE);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
