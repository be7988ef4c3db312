/**
 * `npx tsx bench/webhooks.ts [--events 1000] [--db postgres --database-url URL]`
 *
 * Webhook delivery: a Pigeonhole node (in this process, SQLite in a temp directory unless
 * --db postgres) with an EMAIL_RECEIVED webhook pointing at a local HTTP receiver. Mail is
 * sent over SMTP; for each email the time from its commit (the email.received event, which
 * is published after the transaction that also wrote its domain event) to the receiver
 * getting the POST is measured. Two phases: one email at a time (unloaded latency), then
 * --events emails over 20 SMTP connections at once (latency under load and end-to-end
 * deliveries/s, bounded by SMTP ingest), then a backlog of --events stored jobs drained by
 * the worker alone (delivery throughput). Target: p50 < 50 ms.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { openStore } from '../src/storage/kysely/database.js';
import { startServer } from '../src/main.js';
import { startLoopbackDns } from '../test/helpers/dns-server.js';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const EVENTS = Number(option('events') ?? 1000);
const SEQUENTIAL = Math.min(100, EVENTS);
const dialect = option('db') ?? 'sqlite';
const databaseUrl = option('database-url') ?? process.env.PIGEONHOLE_BENCH_DATABASE_URL;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted.at(-1)! };
};
const fmt = (s: ReturnType<typeof summary>) =>
  `n=${s.n} p50=${s.p50.toFixed(1)} ms p90=${s.p90.toFixed(1)} ms p99=${s.p99.toFixed(1)} ms max=${s.max.toFixed(1)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-bench-webhooks-'));
  let schema: string | undefined;
  if (dialect === 'postgres') {
    if (!databaseUrl) throw new Error('--db postgres needs --database-url URL (or PIGEONHOLE_BENCH_DATABASE_URL)');
    schema = `ph_bench_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const dns = await startLoopbackDns();
  dns.add('example.com', { type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' });
  const store = await openStore(schema ? { databaseUrl, searchPath: schema } : { sqliteFile: join(dataDir, 'pigeonhole.db') });
  const adminKey = `ph_admin_${randomBytes(16).toString('hex')}`;
  const server = await startServer(loadConfig({
    PIGEONHOLE_HTTP_PORT: '0', PIGEONHOLE_SMTP_PORT: '0', PIGEONHOLE_SMTPS_PORT: '0', PIGEONHOLE_IMAP_PORT: '0', PIGEONHOLE_IMAPS_PORT: '0',
    PIGEONHOLE_DATA_DIR: dataDir, PIGEONHOLE_API_KEY: adminKey, PIGEONHOLE_LOG_LEVEL: 'silent',
    // the receiver is on loopback, refused by default once the server has a second user
    PIGEONHOLE_WEBHOOK_ALLOW: '127.0.0.1',
    // SPF/DKIM/DMARC of the received mail asked of a DNS server on loopback (bench/run.ts says why)
    PIGEONHOLE_DNS_SERVERS: dns.server,
  }), { store });

  // Commit times, by email id: email.received is published right after the commit.
  const committedAt = new Map<string, number>();
  server.bus.subscribe('email.received', (e) => committedAt.set(e.emailId, performance.now()));
  const latencies: number[] = [];
  const receivedAt: number[] = [];
  let onReceipt: (() => void) | undefined;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      const payload = JSON.parse(Buffer.concat(chunks).toString()) as { emailId: string };
      const committed = committedAt.get(payload.emailId);
      if (committed !== undefined) latencies.push(now - committed);
      receivedAt.push(now);
      res.end('ok');
      onReceipt?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.address() as { port: number }).port;

  const call = async <T>(path: string, key: string, body: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const tenant = await call<{ apiKey: string }>('/admin/users', adminKey, { email: 'bench@example.com' });
  const inbox = await call<{ id: string; emailAddress: string }>('/inboxes', tenant.apiKey, {});
  await call(`/inboxes/${inbox.id}/webhooks`, tenant.apiKey, { url: `http://127.0.0.1:${receiverPort}/hook` });

  const receipts = (count: number) => new Promise<void>((resolve) => {
    const check = () => {
      if (receivedAt.length >= count) {
        onReceipt = undefined;
        resolve();
      }
    };
    onReceipt = check;
    check();
  });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1', port: server.smtpPort, ignoreTLS: true, pool: true, maxConnections: 20, maxMessages: Infinity,
  });
  const send = (i: number) => transport.sendMail({
    from: 'bench@example.com', to: inbox.emailAddress, subject: `webhook bench ${i}`, text: 'x'.repeat(2000),
  });

  // Phase 1: one at a time, each waiting for its delivery.
  for (let i = 0; i < SEQUENTIAL; i++) {
    await send(i);
    await receipts(i + 1);
  }
  const unloaded = summary(latencies.splice(0));
  console.log(`unloaded (one email at a time): ${fmt(unloaded)}`);

  // Phase 2: EVENTS emails as fast as 20 SMTP connections take them.
  receivedAt.length = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: EVENTS }, (_, i) => send(SEQUENTIAL + i)));
  await receipts(EVENTS);
  const elapsed = (receivedAt.at(-1)! - started) / 1000;
  const loaded = summary(latencies);
  console.log(`burst of ${EVENTS} over 20 connections: ${fmt(loaded)}`);
  console.log(`deliveries/s (first SMTP send to last receipt): ${(EVENTS / elapsed).toFixed(0)} (${elapsed.toFixed(2)} s)`);
  console.log(`target p50 < 50 ms: ${unloaded.p50 < 50 ? 'met' : 'MISSED'} unloaded, ${loaded.p50 < 50 ? 'met' : 'missed'} under load`);

  // Phase 3: delivery alone. The worker is stopped while EVENTS emails are stored (their
  // domain events pile up in the outbox), then started: the drain rate is the worker's own
  // speed, dispatch and delivery.
  await server.webhooks.stop();
  await Promise.all(Array.from({ length: EVENTS }, (_, i) => send(SEQUENTIAL + EVENTS + i)));
  receivedAt.length = 0;
  const drainStart = performance.now();
  await server.webhooks.start();
  await receipts(EVENTS);
  const drain = (receivedAt.at(-1)! - drainStart) / 1000;
  console.log(`backlog drain of ${EVENTS} stored jobs: ${(EVENTS / drain).toFixed(0)} deliveries/s (${drain.toFixed(2)} s)`);

  transport.close();
  await server.close();
  await store.close();
  receiver.close();
  await dns.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (schema && databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}

await main();
