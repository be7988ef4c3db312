/**
 * `npm run bench -- --big`: list and fetch latency and RSS as the store grows to 1M emails.
 * The emails are seeded through the repositories (storeIncoming, thousands per transaction)
 * from this process while Pigeonhole serves from the same database; at each checkpoint the
 * running server is measured through its REST API.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../src/storage/kysely/database.js';
import type { IncomingEmail } from '../src/storage/ports.js';
import { percentile } from './latency.js';
import { procStats, startPigeonhole } from './systems.js';

export interface BigPoint {
  stored: number;
  listP50Ms: number;
  listP99Ms: number;
  getP50Ms: number;
  getP99Ms: number;
  rssMb: number;
}

export interface BigResult {
  target: number;
  inboxes: number;
  seedSeconds: number;
  points: BigPoint[];
}

const INBOXES = 100;
const BATCH = 5_000;
const SAMPLES = 200;

export async function bigStore(options: { dataDir: string; databaseUrl?: string; apiKey: string; target: number }): Promise<BigResult> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = await startPigeonhole({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, apiKey: options.apiKey });
  const store = await openStore(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { sqliteFile: join(options.dataDir, 'pigeonhole.db') });
  try {
    const inboxes: Array<{ id: string; userId: string }> = [];
    for (let i = 0; i < INBOXES; i++) inboxes.push(await server.api('POST', '/inboxes'));
    const tenantId = inboxes[0]!.userId;
    const checkpoints = [0, 10_000, 100_000, 250_000, 500_000, 1_000_000].filter((n) => n <= options.target);
    if (checkpoints.at(-1) !== options.target) checkpoints.push(options.target);
    const points: BigPoint[] = [];
    const someIds: string[] = [];
    let stored = 0;
    let seedMs = 0;
    const started = Date.now();
    for (const checkpoint of checkpoints) {
      const seedStart = performance.now();
      while (stored < checkpoint) {
        const count = Math.min(BATCH, checkpoint - stored);
        const batch: IncomingEmail[] = [];
        for (let i = 0; i < count; i++, stored++) batch.push(emailFor(tenantId, inboxes[stored % INBOXES]!.id, stored, started));
        await store.repos.emails.storeIncoming(batch);
        if (someIds.length < SAMPLES) someIds.push(...batch.slice(0, 10).map((b) => b.email.id));
      }
      seedMs += performance.now() - seedStart;
      const list: number[] = [];
      const get: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await server.api('GET', `/inboxes/${inboxes[i % INBOXES]!.id}/emails/paginated?size=20&page=${i % 5}`);
        list.push(performance.now() - t0);
        if (someIds.length > 0) {
          const t1 = performance.now();
          await server.api('GET', `/emails/${someIds[i % someIds.length]}`);
          get.push(performance.now() - t1);
        }
      }
      list.sort((a, b) => a - b);
      get.sort((a, b) => a - b);
      const point = {
        stored,
        listP50Ms: percentile(list, 50), listP99Ms: percentile(list, 99),
        getP50Ms: percentile(get, 50), getP99Ms: percentile(get, 99),
        rssMb: Math.round(procStats(server.child.pid!)?.rssMb ?? NaN),
      };
      console.log(JSON.stringify(point));
      points.push(point);
    }
    return { target: options.target, inboxes: INBOXES, seedSeconds: seedMs / 1000, points };
  } finally {
    await store.close();
    await server.stop();
  }
}

/** A 2 KB text message as ingest would have stored it. */
function emailFor(tenantId: string, inboxId: string, n: number, base: number): IncomingEmail {
  const raw = Buffer.from(
    `From: seed@bench.test\r\nTo: ${inboxId}@bench.test\r\nSubject: seeded ${n}\r\nMessage-ID: <seed-${n}@bench.test>\r\n\r\n` +
      `message ${n}\r\n`.padEnd(2000, 'x'),
  );
  const at = new Date(base + n);
  return {
    email: {
      id: randomUUID(), tenantId, inboxId,
      messageId: `seed-${n}@bench.test`, inReplyTo: null, subject: `seeded ${n}`,
      from: 'seed@bench.test', sender: { emailAddress: 'seed@bench.test', name: null, rawValue: 'seed@bench.test' },
      recipients: { to: [], cc: [], bcc: [] }, replyTo: null, charset: 'utf-8',
      bodyMd5: createHash('md5').update(String(n)).digest('hex'), bodyPartContentTypes: ['text/plain'],
      sizeBytes: raw.length, rawSha256: createHash('sha256').update(raw).digest('hex'), attachmentIds: [],
      read: false, favourite: false, createdAt: at, updatedAt: at,
      headers: [['Subject', `seeded ${n}`]], textBody: `message ${n}`, htmlBody: null,
    },
    raw,
    attachments: [],
  };
}
