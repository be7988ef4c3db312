/**
 * `npm run bench -- --search [--search-count N] [--db postgres --database-url URL]`: full-text
 * search at scale (README "Search", "Performance").
 *
 * 1. Ingest cost of the index: the same messages stored through the ingest transaction
 *    (storeIncomingGroup, groups of 50 as the group commit makes under load) with the index
 *    and without it, alternating, on a fresh database; µs per message.
 * 2. Search latency: N emails (default 1,000,000; varied words drawn Zipf-like from a 20,000-word
 *    vocabulary, 2,000 senders, a tenth with attachments) seeded through the same transaction
 *    into 100 inboxes of one account, then searchEmails pages (20, newest first) asked of the
 *    running server over HTTP for several kinds of query; p50/p95 per kind, and the query plans.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../src/storage/kysely/database.js';
import { storeIncomingGroup } from '../src/storage/kysely/store-incoming.js';
import type { Database } from '../src/storage/schema.js';
import type { IncomingEmail } from '../src/storage/ports.js';
import { percentile } from './latency.js';
import { startPigeonhole } from './systems.js';

export interface SearchKindResult { kind: string; example: string; samples: number; p50Ms: number; p95Ms: number; meanTotal: number }
export interface SearchPoint { stored: number; seedSeconds: number; kinds: SearchKindResult[]; plans: Record<string, string> }
export interface SearchBenchResult {
  ingest?: { messages: number; groupSize: number; withIndexUsPerMessage: number; withoutIndexUsPerMessage: number; indexUsPerMessage: number };
  /** measured as the store grows, the last at the target */
  points: SearchPoint[];
}

const INBOXES = 100;
const SEED_BATCH = 2_000;
const SAMPLES = 30;
const VOCABULARY = 20_000;
const SENDERS = 2_000;

/** Deterministic pseudo-random numbers, so runs seed the same mail. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'po', 'an', 'el', 'or', 'us', 'in', 'da', 'fe', 'gu', 'ho', 'ji', 'qua', 'ber', 'ton', 'mar', 'lin', 'dor', 'sen', 'tal', 'vor', 'pix'];
/** word i: rank i in a Zipf-like distribution (word 0 the most frequent) */
const WORDS: string[] = (() => {
  const r = rng(1);
  const seen = new Set<string>();
  while (seen.size < VOCABULARY) {
    const n = 2 + Math.floor(r() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)];
    seen.add(w);
  }
  return [...seen];
})();
// Zipf (s = 1) by inverse transform over the harmonic numbers
const HARMONIC: number[] = [];
for (let i = 0, h = 0; i < VOCABULARY; i++) HARMONIC.push((h += 1 / (i + 1)));
function zipfWord(r: () => number): string {
  const x = r() * HARMONIC[VOCABULARY - 1]!;
  let lo = 0;
  let hi = VOCABULARY - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (HARMONIC[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return WORDS[lo]!;
}
const sentence = (r: () => number, n: number) => Array.from({ length: n }, () => zipfWord(r)).join(' ');
const senderOf = (i: number) => ({ name: `${WORDS[(i * 7) % 500]} ${WORDS[(i * 13) % 700]}`, address: `${WORDS[i % VOCABULARY]}.${i}@${WORDS[(i % 200) + 1000]}.example` });

function emailFor(tenantId: string, inbox: { id: string; emailAddress: string }, n: number, base: number, r: () => number): IncomingEmail {
  const subject = sentence(r, 3 + Math.floor(r() * 5));
  const body = sentence(r, 40 + Math.floor(r() * 120));
  const from = senderOf(Math.floor(r() * SENDERS));
  const attached = r() < 0.1;
  const raw = Buffer.from(`From: ${from.address}\r\nTo: ${inbox.emailAddress}\r\nSubject: ${subject}\r\nMessage-ID: <s-${n}@bench.test>\r\n\r\n${body}\r\n`);
  const at = new Date(base + n * 1000);
  const sender = { emailAddress: from.address, name: from.name, rawValue: `${from.name} <${from.address}>` };
  const attachmentId = randomUUID();
  const attachmentName = `${zipfWord(r)}-${n % 97}.pdf`;
  return {
    email: {
      id: randomUUID(), tenantId, inboxId: inbox.id, messageId: `s-${n}@bench.test`, inReplyTo: null, subject,
      from: from.address, sender, recipients: { to: [{ emailAddress: inbox.emailAddress, name: null, rawValue: inbox.emailAddress }], cc: [], bcc: [] },
      replyTo: null, charset: 'utf-8', bodyMd5: createHash('md5').update(body).digest('hex'), bodyPartContentTypes: ['text/plain'],
      sizeBytes: raw.length + (attached ? 20_000 : 0), rawSha256: createHash('sha256').update(raw).digest('hex'),
      attachmentIds: attached ? [attachmentId] : [], read: r() < 0.5, favourite: false, createdAt: at, updatedAt: at,
      headers: [['Subject', subject]], textBody: body, htmlBody: null,
    },
    raw,
    attachments: attached
      ? [{ record: { id: attachmentId, tenantId, emailId: null, name: attachmentName, contentType: 'application/pdf', size: 9, contentId: null, sha256: createHash('sha256').update(`a${n % 97}`).digest('hex'), createdAt: at }, content: Buffer.from(`a${n % 97}`) }]
      : [],
  } as IncomingEmail;
}

export async function seed(db: Kysely<Database>, tenantId: string, inboxes: Array<{ id: string; emailAddress: string }>, from: number, count: number, groupSize: number, searchIndex: boolean, r: () => number): Promise<number> {
  const base = Date.UTC(2026, 0, 1);
  const started = performance.now();
  for (let done = 0; done < count; done += groupSize) {
    const group: IncomingEmail[] = [];
    for (let i = done; i < Math.min(done + groupSize, count); i++) group.push(emailFor(tenantId, inboxes[(from + i) % inboxes.length]!, from + i, base, r));
    await db.transaction().execute((trx) => storeIncomingGroup(trx, group, { searchIndex }));
  }
  return performance.now() - started;
}

export async function searchBench(options: {
  dataDir: string; databaseUrl?: string; apiKey: string; target: number; ingestCost: boolean;
  freshSchema?: () => Promise<{ url: string; drop(): Promise<void> }>;
  /** called with the results so far after every checkpoint: an interrupted run keeps what it measured */
  onPoint?: (partial: SearchBenchResult) => void;
}): Promise<SearchBenchResult> {
  mkdirSync(options.dataDir, { recursive: true });
  const ingest = options.ingestCost ? await ingestCost(options) : undefined;
  console.log(JSON.stringify({ ingest }));

  const server = await startPigeonhole({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, apiKey: options.apiKey });
  const { db } = openDatabase(options.databaseUrl ? { databaseUrl: options.databaseUrl } : { sqliteFile: join(options.dataDir, 'pigeonhole.db') });
  try {
    const inboxes: Array<{ id: string; userId: string; emailAddress: string }> = [];
    for (let i = 0; i < INBOXES; i++) inboxes.push(await server.api('POST', '/inboxes'));
    const tenantId = inboxes[0]!.userId;
    const r = rng(42);
    let seedMs = 0;
    let stored = 0;
    const points: SearchPoint[] = [];
    const checkpoints = [100_000, 300_000, 1_000_000].filter((n) => n < options.target).concat(options.target);
    for (const checkpoint of checkpoints) {
      while (stored < checkpoint) {
        const count = Math.min(100_000, checkpoint - stored);
        seedMs += await seed(db, tenantId, inboxes, stored, count, SEED_BATCH, true, r);
        stored += count;
        console.log(JSON.stringify({ seeded: stored, seconds: Math.round(seedMs / 1000) }));
      }
      const point = { stored, seedSeconds: seedMs / 1000, ...(await measure(server, db, tenantId, options.databaseUrl !== undefined)) };
      console.log(JSON.stringify(point));
      points.push(point);
      options.onPoint?.({ ingest, points });
    }
    return { ingest, points };
  } finally {
    await db.destroy();
    await server.stop();
  }
}

export async function measure(server: Awaited<ReturnType<typeof startPigeonhole>>, db: Kysely<Database>, tenantId: string, postgres: boolean) {
  if (!postgres) await sql`pragma optimize`.execute(db);
  // What autovacuum does to a table after a million inserts (PostgreSQL 13 and later vacuum on
  // inserts too): statistics, hint bits and the visibility map. Measured without it (autovacuum
  // off, as on the machines these figures come from), every first read of a page wrote it back.
  else await sql`vacuum (analyze) emails`.execute(db);

  const q = rng(7);
  const some = await db.selectFrom('emails').select(['id', 'from_address', 'subject']).where('tenant_id', '=', tenantId).orderBy('id').limit(SAMPLES).execute();
  const word = (lo: number, hi: number) => WORDS[lo + Math.floor(q() * (hi - lo))]!;
  const kinds: Array<[string, () => string]> = [
    ['rare word (rank 5,000-20,000)', () => word(5_000, VOCABULARY)],
    ['common word (rank 10-100)', () => word(10, 100)],
    ['two words', () => `${word(100, 1_000)} ${word(100, 1_000)}`],
    ['prefix, 3 letters as typed', () => word(0, VOCABULARY).slice(0, 3)],
    ['from: an address', () => `from:${senderOf(Math.floor(q() * SENDERS)).address}`],
    ['subject: a "phrase"', () => { const s = some[Math.floor(q() * some.length)]!.subject!.split(' '); return `subject:"${s.slice(0, 2).join(' ')}"`; }],
    ['word has:attachment', () => `${word(100, 1_000)} has:attachment`],
    ['word -word', () => `${word(100, 1_000)} -${word(10, 100)}`],
    ['word after:date is:unread', () => `${word(100, 1_000)} after:2026-01-05 is:unread`],
    ['email id', () => some[Math.floor(q() * some.length)]!.id],
  ];
  const results: SearchKindResult[] = [];
  for (const [kind, make] of kinds) {
    const times: number[] = [];
    let totals = 0;
    let example = '';
    for (let i = 0; i < SAMPLES + 5; i++) {
      const searchFilter = make();
      const t0 = performance.now();
      const ask = () => server.api<{ totalElements: number }>('POST', '/emails/search', { searchFilter, pageSize: 20, sortDirection: 'DESC' });
      // a kept-alive socket the server closed while seeding went on fails the first write: asked again
      const page = await ask().catch(ask);
      const ms = performance.now() - t0;
      if (i < 5) continue; // warm-up
      times.push(ms);
      totals += page.totalElements;
      example ||= searchFilter;
    }
    times.sort((a, b) => a - b);
    const result = { kind, example, samples: times.length, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), meanTotal: Math.round(totals / times.length) };
    console.log(JSON.stringify(result));
    results.push(result);
  }
  const plans = await queryPlans(db, tenantId, postgres);
  return { kinds: results, plans };
}

/** µs per message of the ingest transaction with and without the index, alternating rounds on a fresh database. */
async function ingestCost(options: { dataDir: string; databaseUrl?: string; freshSchema?: () => Promise<{ url: string; drop(): Promise<void> }> }) {
  const schema = options.databaseUrl ? await options.freshSchema!() : undefined;
  const { db } = openDatabase(schema ? { databaseUrl: schema.url } : { sqliteFile: join(options.dataDir, 'ingest-cost.db') });
  try {
    await migrateToLatest(db);
    const tenantId = randomUUID();
    await db.insertInto('users').values({ id: tenantId, email: `${tenantId}@bench.test`, name: null, is_admin: 0, created_at: Date.now() } as never).execute();
    const inboxes = [];
    for (let i = 0; i < 10; i++) {
      const id = randomUUID();
      const emailAddress = `${id}@bench.test`;
      await db.insertInto('inboxes').values({ id, tenant_id: tenantId, email_address: emailAddress, local_part: id, domain: 'bench.test', created_at: Date.now() } as never).execute();
      inboxes.push({ id, emailAddress });
    }
    const PER_ROUND = 5_000;
    const GROUP = 50;
    const r = rng(3);
    const ms = { with: 0, without: 0 };
    let n = 0;
    await seed(db, tenantId, inboxes, n, PER_ROUND, GROUP, true, r); // warm-up
    n += PER_ROUND;
    for (let round = 0; round < 4; round++) {
      for (const indexed of round % 2 === 0 ? [true, false] : [false, true]) {
        ms[indexed ? 'with' : 'without'] += await seed(db, tenantId, inboxes, n, PER_ROUND, GROUP, indexed, r);
        n += PER_ROUND;
      }
    }
    const per = (total: number) => Math.round((total * 1000) / (PER_ROUND * 4));
    return { messages: PER_ROUND * 4, groupSize: GROUP, withIndexUsPerMessage: per(ms.with), withoutIndexUsPerMessage: per(ms.without), indexUsPerMessage: per(ms.with - ms.without) };
  } finally {
    await db.destroy();
    await schema?.drop();
  }
}

/**
 * How the database answers a search page (storage/kysely/email-search-page.ts): any 1,001
 * matches through the index, then the page by an exact sort of those or a newest-first walk.
 * None of them may read the account's rows one by one for a rare word.
 */
async function queryPlans(db: Kysely<Database>, tenantId: string, postgres: boolean): Promise<Record<string, string>> {
  const rare = WORDS[2_000]!;
  const common = WORDS[20]!;
  const plans: Record<string, string> = {};
  if (postgres) {
    const explain = async (query: ReturnType<typeof sql>) => (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db)).rows.map((r) => r['QUERY PLAN']).join('\n');
    plans[`any 1,001 matches, ${rare}`] = await explain(sql`select id, created_at from emails where tenant_id = ${tenantId} and search_tsv @@ to_tsquery('simple', ${`'${rare}':*`}) limit 1001`);
    plans[`walk newest first, ${common}`] = await explain(sql`select id, created_at from emails where tenant_id = ${tenantId} and coalesce(search_tsv @@ to_tsquery('simple', ${`'${common}':*`}), false) order by created_at desc, id desc limit 21`);
  } else {
    const match = (word: string) => `({tenant} : "t${tenantId.replaceAll('-', '')}" AND {subject sender recipients body} : "${word}" *)`;
    const explain = async (query: ReturnType<typeof sql>) => (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows.map((r) => r.detail).join('\n');
    plans[`any 1,001 matches, ${rare}`] = await explain(sql`select emails.id from emails_fts cross join emails where emails_fts match ${match(rare)} and emails.rowid = emails_fts.rowid and emails.tenant_id = ${tenantId} limit 1001`);
    plans[`walk newest first, ${common}`] = await explain(sql`select emails.id from emails_fts cross join emails where emails_fts match ${match(common)} and emails.rowid = emails_fts.rowid and emails.tenant_id = ${tenantId} order by emails_fts.rowid desc limit 121`);
  }
  return plans;
}
