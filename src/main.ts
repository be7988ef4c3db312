import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { SETTINGS, type SettingKey } from './config/settings.js';
import { systemClock, type Clock } from './core/clock.js';
import type { Store } from './storage/ports.js';
import { migrateToLatest, openDatabase, openStore, sqliteFileIn } from './storage/kysely/database.js';
import { buildApp } from './app.js';
import { createServices } from './services.js';
import { ChromiumRenderer } from './modules/render/chromium-renderer.js';
import { EventBus } from './events/bus.js';
import { loadTls } from './transports/tls.js';
import { startSmtp, type RunningSmtp } from './transports/smtp/server.js';
import { startImap, type RunningImap } from './transports/imap/server.js';
import { smtpRelay } from './transports/smtp/relay.js';
import { expiryJob } from './jobs/expiry.js';
import { PeriodicJob } from './jobs/scheduler.js';

/** The scheduler lock name of the inbox retention pass. */
const RETENTION_JOB = 'inbox-retention';
import { auditRetentionJob } from './jobs/audit-retention.js';
import { joinCluster } from './events/cluster.js';
import { webhookDeliveryWorker, type WebhookDeliveryWorker } from './jobs/webhook-delivery.js';
import { sendQueueWorker, type SendQueueWorker } from './jobs/send-queue.js';
import { automationJobWorker, type AutomationJobWorker } from './jobs/automation-jobs.js';
import { AllowList, outboundRule } from './jobs/outbound-targets.js';
import { mailWorkersReady, MessageParser, startMailWorkers } from './modules/email/parser.js';
import { HtmlWork } from './modules/email/html-work.js';
import { AuthThrottle } from './transports/auth-throttle.js';
import { startMemoryTrimmer } from './core/allocator.js';
import { startIdleCollector } from './core/idle-collector.js';
import { createResolver } from './core/dns.js';
import { ServerMetrics } from './transports/metrics.js';
import { startMetricsListener, type MetricsListener } from './transports/http/metrics.js';
import { packageVersion } from './core/version.js';
import { waitersOf } from './events/waiters.js';
import { SpamdClient } from './modules/spam/spamd-client.js';
import { cachedDnsLookup } from './modules/mail-auth/dns-answer-cache.js';
import { loadMailauth } from './modules/mail-auth/mail-auth.service.js';
import { spamdFor, type ServerSpamd } from './modules/spam/spamd-supervisor.js';

export const ADMIN_KEY_FILE = 'admin-api-key';

export interface RunningServer {
  app: FastifyInstance;
  store: Store;
  bus: EventBus;
  /** base URL of the HTTP API, e.g. http://127.0.0.1:7080 */
  url: string;
  /** where Prometheus scrapes (the HTTP port's /metrics, or PIGEONHOLE_METRICS_PORT's); undefined when PIGEONHOLE_METRICS is off */
  metricsUrl?: string;
  /** bound SMTP ports: plain (STARTTLS only when configured), implicit TLS, and submission (STARTTLS before AUTH) */
  smtpPort: number;
  smtpsPort: number;
  smtpSubmissionPort: number;
  /** bound IMAP ports (plain + STARTTLS, implicit TLS) */
  imapPort: number;
  imapsPort: number;
  /** the bootstrap admin key when this start generated it (printed once) */
  generatedAdminKey?: string;
  /** where the admin key comes from, for the start-up banner */
  adminKey: AdminKeySource;
  /** every listener as bound, for the start-up banner */
  listeners: Listener[];
  /** the certificate of STARTTLS and the TLS ports */
  /** the certificate the mail listeners use: configured, or signed by the local CA (caFile) */
  tls: { configured: boolean; certFile: string; caFile?: string };
  /** the scheduled inbox expiry: runOnce() is one pass now (tests drive it with a ManualClock) */
  expiry: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the scheduled DNS checks of custom domains: runOnce() is one pass now */
  domainChecks: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the email warmup programs' sending: runOnce() is one pass now (tests drive it with a ManualClock) */
  warmup: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the scheduled inbox retention runs: runOnce() is one pass now */
  retention: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the scheduled email retention passes (count and age limits): runOnce() is one pass now, resolving to the emails deleted */
  emailRetention: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the domain monitor scheduler: runOnce() is one pass now */
  domainMonitors: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the campaign probe scheduler: runOnce() is one pass now, resolving to the runs made */
  campaignProbes: { runOnce(): Promise<number>; settled(): Promise<void> };
  /** the webhook delivery worker of this node */
  webhooks: WebhookDeliveryWorker;
  /** the sendEmailWithQueue worker of this node */
  sendQueue: SendQueueWorker;
  automationJobs: AutomationJobWorker;
  /** spamd as PIGEONHOLE_SPAMD configures it: state() says whether scores can be had, ready() resolves once it answers */
  spamd: ServerSpamd;
  /** the audit log: flush() writes what is held (tests), prune() deletes what is past the retention */
  auditLog: { flush(): Promise<void>; prune(retentionDays: number): Promise<number> };
  close(): Promise<void>;
}

/** One listening address, as the start-up banner lists it. */
export interface Listener {
  /** 'HTTP', 'SMTP', 'SMTP secure', 'IMAP', 'IMAP secure' */
  name: string;
  /** the bound address as a URL (the loopback address when every interface is bound) */
  url: string;
  /** what a client gets there */
  offers: string;
  /** the setting that moves it */
  setting: SettingKey;
}

/** Where the bootstrap admin key comes from. */
export type AdminKeySource =
  /** generated by this start, saved to `file` */
  | { kind: 'generated'; key: string; file: string }
  /** PIGEONHOLE_API_KEY / --api-key */
  | { kind: 'configured' }
  /** generated by an earlier start; `saved` says whether `file` still holds it */
  | { kind: 'earlier'; file: string; saved: boolean };

/**
 * A start that could not go on for a reason the operator fixes (a port in use): its message
 * is one line saying what to change, with no stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
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
  const endpoints = {
    host: publicHostOf(config), smtpPort: config.smtpPort, smtpsPort: config.smtpsPort, smtpSubmissionPort: config.smtpSubmissionPort,
    imapPort: config.imapPort, imapsPort: config.imapsPort,
  };
  // Filled in after listen when not configured: the port may be 0 until then.
  const tracking = { publicUrl: config.publicUrl ?? `http://${urlHost(publicHostOf(config))}:${config.httpPort}` };
  // Webhook targets: who may make this server call loopback and private networks (README "Targets").
  let webhookAllow: AllowList;
  try {
    webhookAllow = AllowList.parse(config.webhookAllow);
  } catch (err) {
    throw new StartupError(`PIGEONHOLE_WEBHOOK_ALLOW (--webhook-allow): ${(err as Error).message}`);
  }
  const targetRule = outboundRule({
    override: config.webhookBlockPrivate, bindHost: config.host,
    hasOtherUsers: async () => (await store.repos.users.list({ page: 0, size: 1, sort: 'ASC' })).total > 1,
  });
  const webhookTargets = { blockPrivate: targetRule.blockPrivate, allow: webhookAllow };
  // Mail is parsed on worker threads, each message within a time budget (README "Limits").
  // HTML work of the content operations runs on the same threads, within the same budget.
  const mailWorkers = startMailWorkers(config.parseThreads);
  // Memory the C allocator keeps after large messages goes back to the system (core/allocator.ts).
  const trimmer = startMemoryTrimmer({ intervalMs: 5_000, growthBytes: 32 * 1024 * 1024 });
  // The garbage a burst leaves in the heap is collected once the process goes quiet (core/idle-collector.ts).
  const idleCollector = startIdleCollector({ intervalMs: 5_000, growthBytes: 32 * 1024 * 1024, idleUtilization: 0.05 });
  const parser = new MessageParser({
    timeoutMs: config.parseTimeout, limits: { maxDepth: config.mimeMaxDepth, maxParts: config.mimeMaxParts },
  }, mailWorkers);
  const htmlWork = new HtmlWork(mailWorkers, config.parseTimeout);
  // Email screenshots: Chromium is launched on the first one, not here.
  const renderer = new ChromiumRenderer({ executablePath: config.chromiumPath, concurrency: config.renderConcurrency, timeoutMs: config.renderTimeout });
  // Spam scores: spamd (supervised with PIGEONHOLE_SPAMD=auto) starts in the background, never waited for by the start.
  const spamdClient = new SpamdClient({ timeoutMs: config.spamdTimeout, concurrency: 2 });
  const spamd = spamdFor(config.spamd, spamdClient, process.getuid?.() === 0);
  const services = createServices({ store, clock, settings, bus, relay, parser, htmlWork, renderer, maxAttachmentSize: config.maxAttachmentSize, tenantEmailCap: config.tenantEmailCap, tenantSmsCap: config.tenantSmsCap, smsFailNumbers: config.smsFailNumbers, smsRelay: config.smsRelay, smtpDedupeWindow: config.smtpDedupeWindow, replierWindow: config.replierWindow, phoneRanges: config.phoneRanges, endpoints, tracking,
    webhooks: { ...webhookTargets, timeoutMs: config.webhookTimeout }, feedbackAddress: config.feedbackAddress, reputation: config.reputation, previewUrlTtl: config.previewUrlTtl, exportLinkTtl: config.exportLinkTtl, requireConsent: config.requireConsent,
    dnsServers: config.dnsServers,
    emailRetention: { maxEmailsPerInbox: config.maxEmailsPerInbox, maxEmailsPerAccount: config.maxEmailsPerAccount, maxEmailAge: config.maxEmailAge, batchSize: config.emailRetentionBatch },
    sendLimits: { maxRecipients: config.maxRecipients, maxHeaderLength: config.maxHeaderLength },
    listUnsubscribeHeaders: config.listUnsubscribeHeaders,
    mailAuth: mailAuthOf(config), postmaster: config.postmaster,
    domainMonitors: { dnsServers: config.dnsServers, mxProbePort: config.mxProbePort, authservId: config.publicHost ?? config.domain },
    dnsTools: { dnsBudgetMs: config.dnsToolsTimeout, propagationResolvers: config.dnsPropagationResolvers, dnsblZones: config.dnsblZones, dnsblDomainZones: config.dnsblDomainZones },
    smtpVerify: config.smtpVerify,
    spam: { source: spamd, client: spamdClient, threshold: config.spamThreshold, checkInbound: config.spamCheckInbound, waitForSpamdMs: config.spamdTimeout } });

  // Failed logins per address, one count for API keys, SMTP AUTH and IMAP LOGIN (this node's
  // memory). On the real clock even under a test's ManualClock: lockouts pace real peers.
  const authThrottle = new AuthThrottle({ limit: config.authFailureLimit, windowMs: config.authFailureWindow, lockoutMs: config.authLockout });

  // Prometheus metrics, one registry per server (README "Metrics"): the SMTP transport and the
  // webhook worker record into it, the HTTP app counts requests, gauges are read when scraped.
  const metrics = config.metrics
    ? new ServerMetrics({ counts: store.repos.serverGauges, waitsHeld: () => waitersOf(bus).total() }, { token: config.metricsToken })
    : undefined;
  if (metrics) services.ingest.telemetry = metrics;

  // The admin key is put in place last, once every port is bound (a start that fails on a
  // port generates no key); requests that arrive before that wait the few milliseconds.
  let openGate!: () => void;
  let failGate!: (err: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    openGate = resolve;
    failGate = reject;
  });
  const app = await buildApp({
    store, clock, settings, bus, relay, version: packageVersion(), logLevel: config.logLevel, maxAttachmentSize: config.maxAttachmentSize, corsOrigins: config.corsOrigins, ready,
    requestLimits: { maxJsonDepth: config.maxJsonDepth, maxListItems: config.maxListItems },
    authThrottle, rateLimit: config.rateLimit,
    httpConnections: { perSource: config.connectionsPerIp, total: config.httpMaxConnections, idleTimeoutMs: config.httpIdleTimeout },
    metrics: metrics && { registry: metrics, route: config.metricsPort === 0 },
  }, services);
  services.auditLog.log = app.log;
  spamd.log = app.log;
  // Each failure injected by a chaos rule, at info: inbox, mode, stage, code (README "Chaos per inbox").
  services.chaos.injected = (event) => app.log.info({ chaos: event }, `chaos: ${event.mode} at ${event.stage} for inbox ${event.inboxId}`);
  let smtp: RunningSmtp | undefined;
  let imap: RunningImap | undefined;
  let metricsListener: MetricsListener | undefined;
  let leaveCluster: (() => Promise<void>) | undefined;
  /** the listeners being bound now, for naming the setting when their port is taken */
  let binding: SettingKey[] = [];
  let generatedKey: string | undefined;
  let tls: Awaited<ReturnType<typeof loadTls>>;
  /** whether the plain SMTP port offers STARTTLS: with a configured certificate, or when turned on */
  let plainSmtpStarttls = false;
  try {
    // Nodes sharing a PostgreSQL database hear each other's events (waiters wake on any node).
    if (store.notifications) leaveCluster = await joinCluster(bus, store.notifications, app.log);
    // The mail threads (and, with the checks on, mailauth) load their modules while the
    // certificate is read or made (its keys are generated on libuv's threads): they overlap.
    const mailThreadsWarm = Promise.all([mailWorkersReady(mailWorkers), config.mailAuth ? loadMailauth() : undefined]);
    mailThreadsWarm.catch(() => {}); // awaited below, where a failure stops the start
    // The configured certificate, or one from the local CA in the data dir (GET /tls/ca.pem serves the CA).
    tls = await loadTls({
      dataDir: config.dataDir, certFile: config.tlsCert, keyFile: config.tlsKey,
      hosts: tlsHostsOf(config),
    });
    await mailThreadsWarm;
    services.tls.use(tls.ca);
    plainSmtpStarttls = config.smtpStarttls ?? tls.configured;
    binding = ['smtpPort', 'smtpSubmissionPort', 'smtpsPort'];
    smtp = await startSmtp(
      {
        host: config.host,
        port: config.smtpPort,
        securePort: config.smtpsPort,
        submissionPort: config.smtpSubmissionPort,
        // STARTTLS on the plain port only when asked, or with a certificate clients already trust.
        starttls: plainSmtpStarttls,
        serverName: config.domain,
        maxMessageSize: config.smtpMaxMessageSize,
        maxRecipients: config.smtpMaxRecipients,
        maxConnections: config.smtpMaxConnections,
        idleTimeoutMs: config.smtpIdleTimeout,
        tls,
        authThrottle,
        connectionsPerSource: config.connectionsPerIp,
      },
      { ingest: services.ingest, access: services.access, sending: services.sending, telemetry: metrics, feedback: services.complaints, previewMail: services.devicePreviewIngest },
      app.log,
    );
    // The access details report the ports actually bound (port 0 picks a free one).
    Object.assign(services.access.endpoints, { smtpPort: smtp.port, smtpsPort: smtp.securePort, smtpSubmissionPort: smtp.submissionPort });
    binding = ['imapPort', 'imapsPort'];
    imap = await startImap({
      host: config.host, port: config.imapPort, securePort: config.imapsPort, tls, authThrottle,
      connectionsPerSource: config.connectionsPerIp, maxConnections: config.imapMaxConnections, loginTimeoutMs: config.imapLoginTimeout,
    }, { mailboxes: services.imap, access: services.access, bus }, app.log);
    Object.assign(services.access.endpoints, { imapPort: imap.port, imapsPort: imap.securePort });
    binding = ['httpPort'];
    await app.listen({ port: config.httpPort, host: config.host });
    if (metrics && config.metricsPort !== 0) {
      binding = ['metricsPort'];
      metricsListener = await startMetricsListener(config.host, config.metricsPort, metrics);
    }
    binding = [];
    ({ generatedKey } = await services.users.bootstrapAdmin(`admin@${config.domain}`, config.apiKey));
    if (generatedKey) persistAdminKey(config.dataDir, generatedKey);
    openGate();
  } catch (err) {
    failGate(err);
    await leaveCluster?.();
    await smtp?.close();
    await imap?.close();
    await metricsListener?.close();
    await app.close();
    await mailWorkers.close();
    trimmer.stop();
    idleCollector.stop();
    if (ownsStore) await store.close();
    throw portProblem(err, config, binding) ?? err;
  }
  // every message scored: spamd starts now; otherwise on the first score asked for
  if (config.spamCheckInbound) spamd.start();
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
  // Custom domains are checked in DNS again on a schedule, one node at a time (README "Custom domains").
  const domainChecks = new PeriodicJob({
    name: 'domain-checks', intervalMs: config.domainCheckInterval, locks: store.repos.schedulerLocks, log: app.log, clock,
    pass: () => services.domains.checkAll(),
  });
  domainChecks.start();
  // Warmup programs send what their day still lacks on each pass (one node at a time), and at
  // once when a program starts or resumes.
  const warmup = new PeriodicJob({
    name: 'email-warmup', intervalMs: config.warmupInterval, locks: store.repos.schedulerLocks, log: app.log, clock,
    pass: () => services.warmup.runDue(),
  });
  services.warmup.onActivated = () => {
    warmup.runOnce().catch((err: unknown) => app.log.error({ err }, 'email warmup pass failed'));
  };
  warmup.start();
  // Inbox retention: every tenant's policies, a pass at start and one each interval, one node at a time.
  const retention = new PeriodicJob({
    name: RETENTION_JOB, intervalMs: config.retentionInterval, locks: store.repos.schedulerLocks, log: app.log,
    pass: () => services.retention.runScheduled((err, tenantId) => app.log.error({ err, tenantId }, 'inbox retention run failed')),
  });
  retention.start();
  // Email retention by count and age: the oldest emails beyond the server's and accounts' limits, in short batches, one node at a time.
  const emailRetention = new PeriodicJob({
    name: 'email-retention', intervalMs: config.emailRetentionInterval, locks: store.repos.schedulerLocks, log: app.log, clock,
    pass: async () => {
      const report = await services.emailRetention.runScheduled((err, tenantId) => app.log.error({ err, tenantId }, 'email retention failed for an account'));
      if (report.deleted > 0) app.log.info({ deleted: report.deleted, batches: report.batches, longestBatchMs: Math.round(report.longestBatchMs) }, 'email retention pass');
      return report.deleted;
    },
  });
  emailRetention.start();
  // The audit log keeps each event PIGEONHOLE_AUDIT_RETENTION days; 0 = for ever.
  const auditRetention = config.auditRetention > 0
    ? auditRetentionJob({ prune: () => services.auditLog.prune(config.auditRetention), locks: store.repos.schedulerLocks, log: app.log })
    : undefined;
  auditRetention?.start();
  // Domain monitors due for a scheduled run: one node at a time, every PIGEONHOLE_DOMAIN_MONITOR_INTERVAL.
  const domainMonitorJob = new PeriodicJob({
    name: 'domain-monitors', intervalMs: config.domainMonitorInterval, locks: store.repos.schedulerLocks, log: app.log, clock,
    pass: () => services.domainMonitors.schedulerPass(),
  });
  domainMonitorJob.start();
  // Campaign probes: mail newly received by enabled probes is checked, and due schedules re-check
  // their latest message; one node at a time, each interval and at the earliest nextRunAt.
  const campaignProbeJob = new PeriodicJob({
    name: 'campaign-probes', intervalMs: config.campaignProbeInterval, locks: store.repos.schedulerLocks, log: app.log, clock,
    pass: () => services.campaignProbes.schedulerPass(), nextDue: () => services.campaignProbes.nextDue(),
  });
  services.campaignProbes.onScheduled = (at) => campaignProbeJob.wakeAt(at);
  campaignProbeJob.start();
  // Domain events and webhook jobs live in the database: events not yet dispatched, and pending
  // and retrying deliveries, resume here after a restart.
  const webhooks = webhookDeliveryWorker({
    repo: store.repos.webhooks, dispatcher: services.webhookDispatcher, bus, log: app.log, singleProcess: store.dialect === 'sqlite', telemetry: metrics,
    settings: {
      timeoutMs: config.webhookTimeout, retryWindowMs: config.webhookRetryWindow, retryBaseMs: config.webhookRetryBase,
      ...webhookTargets,
    },
  });
  await webhooks.start();
  app.log.info({ webhookAllow: webhookAllow.source }, `webhook targets: ${await targetRule.describe()}`
    + (webhookAllow.size ? `; allowed anyway: ${webhookAllow.source.join(', ')}` : ''));
  services.webhooks.queued.wake = webhooks.kick;
  // Queued sends (sendEmailWithQueue) live in the database too: pending ones resume here.
  const sendQueue = sendQueueWorker({
    repo: store.repos.sendQueue, send: (job) => services.sendQueue.run(job), log: app.log, singleProcess: store.dialect === 'sqlite',
  });
  await sendQueue.start();
  services.sendQueue.wake = sendQueue.kick;
  // Automation jobs (forwards, auto-replies, alias proxying, scheduled sends) too.
  const automationJobs = automationJobWorker({
    repo: store.repos.automationJobs, handlers: services.automationHandlers, log: app.log, singleProcess: store.dialect === 'sqlite',
  });
  await automationJobs.start();
  services.automationWake.kick = automationJobs.kick;
  const url = `http://${urlHost(host)}:${port}`;
  const listeners: Listener[] = [
    { name: 'HTTP', url, offers: 'REST API, dashboard, docs', setting: 'httpPort' },
    // What each mail port offers follows from how startSmtp / startImap are given `tls` above.
    { name: 'SMTP', url: `smtp://${urlHost(host)}:${running.port}`, offers: plainSmtpStarttls ? 'plain, STARTTLS' : 'plain', setting: 'smtpPort' },
    { name: 'SMTP submission', url: `smtp://${urlHost(host)}:${running.submissionPort}`, offers: 'STARTTLS required before AUTH', setting: 'smtpSubmissionPort' },
    { name: 'SMTP secure', url: `smtps://${urlHost(host)}:${running.securePort}`, offers: 'implicit TLS', setting: 'smtpsPort' },
    { name: 'IMAP', url: `imap://${urlHost(host)}:${runningImap.port}`, offers: 'plain, STARTTLS', setting: 'imapPort' },
    { name: 'IMAP secure', url: `imaps://${urlHost(host)}:${runningImap.securePort}`, offers: 'implicit TLS', setting: 'imapsPort' },
  ];
  const metricsUrl = metricsListener ? `http://${urlHost(host)}:${metricsListener.port}/metrics` : metrics ? `${url}/metrics` : undefined;
  // Its own line only on a port of its own; on the HTTP port it is one more path there.
  if (metricsListener) listeners.push({ name: 'Metrics', url: metricsUrl!, offers: 'Prometheus GET /metrics', setting: 'metricsPort' });
  const keyFile = join(config.dataDir, ADMIN_KEY_FILE);
  const adminKey: AdminKeySource = generatedKey
    ? { kind: 'generated', key: generatedKey, file: keyFile }
    : config.apiKey
      ? { kind: 'configured' }
      : { kind: 'earlier', file: keyFile, saved: existsSync(keyFile) };
  return {
    app,
    store,
    bus,
    url,
    metricsUrl,
    adminKey,
    listeners,
    tls: tls.configured
      ? { configured: true, certFile: config.tlsCert! }
      : { configured: false, certFile: join(config.dataDir, 'tls', 'cert.pem'), caFile: join(config.dataDir, 'tls', 'ca.pem') },
    smtpPort: running.port,
    smtpsPort: running.securePort,
    smtpSubmissionPort: running.submissionPort,
    imapPort: runningImap.port,
    imapsPort: runningImap.securePort,
    generatedAdminKey: generatedKey,
    expiry,
    domainChecks,
    warmup,
    retention,
    emailRetention,
    domainMonitors: domainMonitorJob,
    campaignProbes: campaignProbeJob,
    webhooks,
    sendQueue,
    automationJobs,
    spamd,
    auditLog: services.auditLog,
    async close() {
      // Held waits answer 503 now rather than keeping the HTTP server from closing.
      bus.close();
      await expiry.stop();
      await domainChecks.stop();
      await warmup.stop();
      await retention.stop();
      await emailRetention.stop();
      await auditRetention?.stop();
      await domainMonitorJob.stop();
      await campaignProbeJob.stop();
      await webhooks.stop();
      await sendQueue.stop();
      await automationJobs.stop();
      // after the jobs: no inbound check still asks it
      await spamd.stop();
      await running.close();
      await runningImap.close();
      await metricsListener?.close();
      await app.close();
      // after the HTTP app: no screenshot is still being taken
      await renderer.close();
      // after the listeners: every call and login they recorded is written before the store closes
      await services.auditLog.close();
      // after the listeners: messages they were still taking in are parsed before this
      await mailWorkers.close();
      trimmer.stop();
      idleCollector.stop();
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

/**
 * A port that could not be bound (in use, or privileged), as one line naming the port and
 * the setting that moves it; undefined for any other failure.
 */
function portProblem(err: unknown, config: Config, binding: SettingKey[]): StartupError | undefined {
  const { code, port } = (err ?? {}) as { code?: string; port?: number };
  if ((code !== 'EADDRINUSE' && code !== 'EACCES') || binding.length === 0) return undefined;
  const key = binding.find((k) => config[k as keyof Config] === port) ?? binding[0]!;
  const spec = SETTINGS.find((s) => s.key === key)!;
  const number = port ?? config[key as keyof Config];
  const why = code === 'EADDRINUSE' ? 'is already in use' : 'may not be bound by this user';
  return new StartupError(
    `Port ${number} on ${config.host} ${why}: set ${spec.env} (or ${spec.flag}) to a free port`,
  );
}

/** A host as it goes in a URL: IPv6 addresses in brackets. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** SPF/DKIM/DMARC/ARC checks of received mail on PIGEONHOLE_DNS_SERVERS, unless PIGEONHOLE_MAIL_AUTH is off. */
function mailAuthOf(config: Config) {
  if (!config.mailAuth) return undefined;
  // one try per question: the message's time budget (mailAuthTimeout) bounds them all anyway
  const resolver = createResolver(config.dnsServers, { timeoutMs: config.mailAuthTimeout, tries: 1 });
  return {
    authservId: config.publicHost ?? config.domain,
    lookup: cachedDnsLookup((name, rrtype) => resolver.resolve(name, rrtype), { maxAgeMs: config.mailAuthDnsCache }),
    timeoutMs: config.mailAuthTimeout,
  };
}

/** The names the server's generated certificate covers. */
export function tlsHostsOf(config: Config): string[] {
  return [publicHostOf(config), 'localhost', '127.0.0.1', '::1', config.domain];
}

/** The name mail clients are told to connect to: the configured one, else the bind address. */
function publicHostOf(config: Config): string {
  if (config.publicHost) return config.publicHost;
  return config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
}
