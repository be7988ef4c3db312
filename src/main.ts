import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { systemClock, type Clock } from './core/clock.js';
import type { Store } from './storage/ports.js';
import { migrateToLatest, openDatabase, openStore, sqliteFileIn } from './storage/kysely/database.js';
import { buildApp } from './app.js';
import { createServices } from './services.js';
import { EventBus } from './events/bus.js';
import { loadTls } from './transports/tls.js';
import { startSmtp, type RunningSmtp } from './transports/smtp/server.js';
import { startImap, type RunningImap } from './transports/imap/server.js';
import { smtpRelay } from './transports/smtp/relay.js';
import { expiryJob } from './jobs/expiry.js';
import { joinCluster } from './events/cluster.js';
import { webhookDeliveryWorker, type WebhookDeliveryWorker } from './jobs/webhook-delivery.js';
import { sendQueueWorker, type SendQueueWorker } from './jobs/send-queue.js';

export const ADMIN_KEY_FILE = 'admin-api-key';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  bus: EventBus;
  /** base URL of the HTTP API, e.g. http://127.0.0.1:7080 */
  url: string;
  /** bound SMTP ports (plain + STARTTLS, implicit TLS) */
  smtpPort: number;
  smtpsPort: number;
  /** bound IMAP ports (plain + STARTTLS, implicit TLS) */
  imapPort: number;
  imapsPort: number;
  /** the bootstrap admin key when this start generated it (printed once) */
  generatedAdminKey?: string;
  /** the scheduled inbox expiry: runOnce() is one pass now (tests drive it with a ManualClock) */
  expiry: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the webhook delivery worker of this node */
  webhooks: WebhookDeliveryWorker;
  /** the sendEmailWithQueue worker of this node */
  sendQueue: SendQueueWorker;
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

/** Applies the configured database's pending migrations (`pigeonhole migrate`); returns their names. */
export async function migrateDatabase(config: Config): Promise<string[]> {
  const { db } = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Composition root: config → store (migrated) → bus → services → bootstrap admin →
 * SMTP + HTTP. Later capabilities (jobs, IMAP) are wired here too.
 */
export async function startServer(
  config: Config,
  options: { clock?: Clock; store?: Store } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  // A store handed in belongs to the caller, who closes it; one opened here is closed here.
  const ownsStore = !options.store;
  const store = options.store ?? (await openConfiguredStore(config));
  const bus = new EventBus({ maxWaitMs: config.maxWait });
  const settings = { domain: config.domain, domainPool: config.domainPool, inboxQuota: config.inboxQuota };
  const relay = config.relayUrl ? smtpRelay(config.relayUrl) : undefined;
  const endpoints = { host: publicHostOf(config), smtpPort: config.smtpPort, smtpsPort: config.smtpsPort, imapPort: config.imapPort, imapsPort: config.imapsPort };
  // Filled in after listen when not configured: the port may be 0 until then.
  const tracking = { publicUrl: config.publicUrl ?? `http://${urlHost(publicHostOf(config))}:${config.httpPort}` };
  const services = createServices({ store, clock, settings, bus, relay, maxAttachmentSize: config.maxAttachmentSize, tenantEmailCap: config.tenantEmailCap, endpoints, tracking,
    webhooks: { blockPrivate: config.webhookBlockPrivate, timeoutMs: config.webhookTimeout } });

  const { generatedKey } = await services.users.bootstrapAdmin(`admin@${config.domain}`, config.apiKey);
  if (generatedKey) persistAdminKey(config.dataDir, generatedKey);

  const app = await buildApp({ store, clock, settings, bus, relay, version: packageVersion(), logLevel: config.logLevel, maxAttachmentSize: config.maxAttachmentSize }, services);
  let smtp: RunningSmtp | undefined;
  let imap: RunningImap | undefined;
  let leaveCluster: (() => Promise<void>) | undefined;
  try {
    // Nodes sharing a PostgreSQL database hear each other's events (waiters wake on any node).
    if (store.notifications) leaveCluster = await joinCluster(bus, store.notifications, app.log);
    const tls = await loadTls({ dataDir: config.dataDir, domain: config.domain, certFile: config.tlsCert, keyFile: config.tlsKey });
    smtp = await startSmtp(
      {
        host: config.host,
        port: config.smtpPort,
        securePort: config.smtpsPort,
        serverName: config.domain,
        maxMessageSize: config.smtpMaxMessageSize,
        maxRecipients: config.smtpMaxRecipients,
        maxConnections: config.smtpMaxConnections,
        idleTimeoutMs: config.smtpIdleTimeout,
        tls,
      },
      { ingest: services.ingest, access: services.access, sending: services.sending },
      app.log,
    );
    // The access details report the ports actually bound (port 0 picks a free one).
    Object.assign(services.access.endpoints, { smtpPort: smtp.port, smtpsPort: smtp.securePort });
    imap = await startImap({ host: config.host, port: config.imapPort, securePort: config.imapsPort, tls }, { mailboxes: services.imap, access: services.access, bus }, app.log);
    Object.assign(services.access.endpoints, { imapPort: imap.port, imapsPort: imap.securePort });
    await app.listen({ port: config.httpPort, host: config.host });
  } catch (err) {
    await leaveCluster?.();
    await smtp?.close();
    await imap?.close();
    await app.close();
    if (ownsStore) await store.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.httpPort;
  // Tracking pixel URLs name the port actually bound (port 0 picks a free one).
  if (!config.publicUrl) tracking.publicUrl = `http://${urlHost(publicHostOf(config))}:${port}`;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const running = smtp;
  const runningImap = imap;
  // Expiry state lives in the database, so the first pass (now) catches up after downtime.
  // Then a timer to the earliest expiresAt (on the real clock only: a test's ManualClock does not move).
  const expiry = expiryJob({
    repo: store.repos.expiredInboxes, locks: store.repos.schedulerLocks, clock, log: app.log, intervalMs: config.expiryInterval, bus,
    precise: clock === systemClock,
  });
  expiry.start();
  // Webhook jobs live in the database: pending and retrying deliveries resume here after a restart.
  const webhooks = webhookDeliveryWorker({
    repo: store.repos.webhooks, bus, log: app.log, singleProcess: store.dialect === 'sqlite',
    settings: {
      timeoutMs: config.webhookTimeout, retryWindowMs: config.webhookRetryWindow, retryBaseMs: config.webhookRetryBase,
      blockPrivate: config.webhookBlockPrivate,
    },
  });
  await webhooks.start();
  services.webhooks.queued.wake = webhooks.kick;
  // Queued sends (sendEmailWithQueue) live in the database too: pending ones resume here.
  const sendQueue = sendQueueWorker({
    repo: store.repos.sendQueue, send: (job) => services.sendQueue.run(job), log: app.log, singleProcess: store.dialect === 'sqlite',
  });
  await sendQueue.start();
  services.sendQueue.wake = sendQueue.kick;
  return {
    app,
    store,
    bus,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    smtpPort: running.port,
    smtpsPort: running.securePort,
    imapPort: runningImap.port,
    imapsPort: runningImap.securePort,
    generatedAdminKey: generatedKey,
    expiry,
    webhooks,
    sendQueue,
    async close() {
      // Held waits answer 503 now rather than keeping the HTTP server from closing.
      bus.close();
      await expiry.stop();
      await webhooks.stop();
      await sendQueue.stop();
      await running.close();
      await runningImap.close();
      await app.close();
      await leaveCluster?.();
      relay?.close();
      if (ownsStore) await store.close();
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

/** A host as it goes in a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The name mail clients are told to connect to: the configured one, else the bind address. */
function publicHostOf(config: Config): string {
  if (config.publicHost) return config.publicHost;
  return config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
}
