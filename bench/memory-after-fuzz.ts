/**
 * `node --experimental-websocket --import tsx bench/memory-after-fuzz.ts [--postgres URL]
 *  [--json N] [--mime N] [--idle MS] [--env KEY=VALUE ...] [--snapshots DIR]`
 *
 * Does memory come back after hostile input (issue 15, finding 8)? Starts the built server
 * with the inspector on a loopback port, then records RSS and V8 heap (after a forced GC,
 * through the DevTools protocol) at the start, after a fuzz of hostile JSON requests, and
 * after a fuzz of hostile MIME messages over SMTP, each after the server has gone idle.
 * `--env MALLOC_ARENA_MAX=2` and the like compare allocator settings; `--snapshots DIR`
 * writes a heap snapshot at each point (load two in Chrome DevTools' Memory tab to diff).
 * Needs `npm run build`; everything stays on loopback.
 */
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { freePort, postgresSchema, procStats, startPigeonhole, type Pigeonhole } from './systems.js';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const jsonCount = Number(arg('--json') ?? 3000);
const mimeCount = Number(arg('--mime') ?? 1500);
const postgres = arg('--postgres');
const snapshots = arg('--snapshots');
const idleMs = Number(arg('--idle') ?? 12_000);
const env = Object.fromEntries(args.flatMap((a, i) => (args[i - 1] === '--env' ? [a.split('=') as [string, string]] : [])));

/** A small xorshift generator: the same hostile inputs on every run. */
let seed = 0x9e3779b9;
const rand = () => {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 0x100000000;
};
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(items: T[]): T => items[int(items.length)]!;
const text = (n: number) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzÄÖÜßЖ中😀<>&"\'\\\u0000\u202e \n';
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[int(alphabet.length)];
  return s;
};
const size = () => pick([0, 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]);

/** The DevTools protocol of the server process: forced GC, memory figures, heap snapshots. */
class Inspector {
  private nextId = 1;
  private pending = new Map<number, (result: unknown) => void>();
  private listeners = new Map<string, (params: any) => void>();
  private constructor(private readonly socket: WebSocket) {
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (message.id) this.pending.get(message.id)?.(message.result), this.pending.delete(message.id);
      else this.listeners.get(message.method)?.(message.params);
    });
  }
  static async connect(port: number): Promise<Inspector> {
    const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
    const socket = new WebSocket(target!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve);
      socket.addEventListener('error', reject);
    });
    return new Inspector(socket);
  }
  call<T>(method: string, params: object = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve as (r: unknown) => void);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }
  async memory(): Promise<{ heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; rss: number }> {
    const { result } = await this.call<{ result: { value: string } }>('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())' });
    return JSON.parse(result.value);
  }
  async snapshot(file: string): Promise<void> {
    const out = createWriteStream(file);
    this.listeners.set('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => out.write(chunk));
    await this.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    await new Promise((resolve) => out.end(resolve));
  }
  close() {
    this.socket.close();
  }
}

/**
 * Resident memory by kind of mapping: the main malloc arena ([heap], grown by brk), other
 * anonymous mappings (V8's heap pages, other threads' malloc arenas, large mallocs) and files.
 */
function smapsRss(pid: number): { brkHeapMb: number; anonMappingsMb: number } {
  let brk = 0;
  let anon = 0;
  let current = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      current = header[1]!;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    if (current === '[heap]') brk += Number(rss[1]);
    else if (current === '') anon += Number(rss[1]);
  }
  return { brkHeapMb: Math.round(brk / 1024), anonMappingsMb: Math.round(anon / 1024) };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function measure(server: Pigeonhole, inspector: Inspector, label: string) {
  // idle: quiet seconds for in-flight work, timers, the writer thread (and an allocator's decay) to settle
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  for (let i = 0; i < 3; i++) await inspector.call('HeapProfiler.collectGarbage');
  const memory = await inspector.memory();
  const rss = procStats(server.child.pid!)!;
  // anonymous memory (heaps, malloc) apart from mapped files (code, the database's shared memory)
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  const regions = smapsRss(server.child.pid!);
  if (snapshots) await inspector.snapshot(join(snapshots, `${label}.heapsnapshot`));
  return { label, rssMb: Math.round(rss.rssMb), peakRssMb: Math.round(rss.peakRssMb), rssAnonMb: Math.round(kb('RssAnon') / 1024), rssFileMb: Math.round(kb('RssFile') / 1024), ...regions, heapUsedMb: mb(memory.heapUsed), heapTotalMb: mb(memory.heapTotal), externalMb: mb(memory.external), arrayBuffersMb: mb(memory.arrayBuffers) };
}

/** Hostile JSON: huge strings, long arrays, deep nesting, wrong types, broken JSON, to the busiest writes. */
function hostileRequest(inboxId: string): { method: string; path: string; body: string } {
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const many = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.com`);
  switch (int(8)) {
    case 0: return { method: 'POST', path: `/inboxes/${inboxId}`, body: JSON.stringify({ to: ['x@example.com'], subject: text(size()), body: text(size()) }) };
    case 1: return { method: 'POST', path: `/inboxes/${inboxId}`, body: JSON.stringify({ to: many(pick([1, 100, 10_000])), subject: 's', body: 'b' }) };
    case 2: return { method: 'POST', path: `/inboxes/${inboxId}/with-queue`, body: `{"to":["x@example.com"],"subject":${deep(pick([10, 1000, 5000]))}}` };
    case 3: return { method: 'POST', path: '/inboxes/withOptions', body: JSON.stringify({ name: text(size()), description: text(size()), tags: many(pick([1, 1000])) }) };
    case 4: return { method: 'POST', path: '/emails/can-send', body: `{"to":[${'"a",'.repeat(int(50_000))}"b"]` };
    case 5: return { method: 'POST', path: `/inboxes/${inboxId}`, body: JSON.stringify({ to: ['x@example.com'], html: true, body: `<p>${text(size())}</p>`.repeat(int(3) + 1), attachments: many(int(100)) }) };
    case 6: return { method: 'GET', path: `/emails?inboxId=${many(pick([1, 1000, 5000])).join(',')}&size=${pick(['1', '-1', '1e23', 'x'])}`, body: '' };
    default: return { method: 'POST', path: `/inboxes/${inboxId}`, body: randomBytes(size()).toString('latin1') };
  }
}

/** Hostile MIME: deep and wide multiparts, attachments, long HTML, encoded words, NULs. */
function hostileMessage(to: string): string {
  const boundary = (d: number) => `b${d}_${int(1e9)}`;
  const leaf = (): string => pick([
    () => `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${'=00=C3=A4 soft=\r\n'.repeat(int(200))}`,
    () => `Content-Type: text/html; charset=utf-8\r\n\r\n${'<div><a href="http://example.com/x">link</a><table><tr><td>cell</td></tr></table></div>\r\n'.repeat(int(2000))}`,
    () => `Content-Type: application/octet-stream; name="=?utf-8?B?${Buffer.from(text(20)).toString('base64')}?="\r\nContent-Disposition: attachment; filename*=utf-8''a%00b.bin\r\nContent-Transfer-Encoding: base64\r\n\r\n${randomBytes(pick([10, 1000, 100_000])).toString('base64').replace(/.{76}/g, '$&\r\n')}`,
  ])();
  const part = (depth: number): string => {
    if (depth === 0 || rand() < 0.3) return leaf();
    const b = boundary(depth);
    const children = Array.from({ length: int(depth > 20 ? 2 : 6) + 1 }, () => part(depth - 1));
    return `Content-Type: multipart/mixed; boundary="${b}"\r\n\r\n${children.map((c) => `--${b}\r\n${c}\r\n`).join('')}--${b}--`;
  };
  return `From: "${text(20).replace(/[\r\n"]/g, '')}" <sender@example.com>\r\nTo: ${to}\r\nSubject: =?utf-8?Q?${'=00x'.repeat(int(100))}?=\r\nMessage-ID: <${randomBytes(8).toString('hex')}@example.com>\r\nMIME-Version: 1.0\r\n${part(pick([1, 3, 10, 60]))}\r\n`;
}

async function pool<T>(items: number, concurrency: number, work: (i: number) => Promise<T>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items) await work(next++).catch(() => undefined);
  }));
}

const dataDir = mkdtempSync(join(tmpdir(), 'pigeonhole-memory-'));
if (snapshots) mkdirSync(snapshots, { recursive: true });
const schema = postgres ? await postgresSchema(postgres) : undefined;
const inspectPort = await freePort();
const server = await startPigeonhole({
  dataDir, databaseUrl: schema?.url, apiKey: `ph_bench_${randomBytes(8).toString('hex')}`,
  nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`], env,
});
const inspector = await Inspector.connect(inspectPort);
try {
  const inbox = await server.api<{ id: string; emailAddress: string }>('POST', '/inboxes');
  const statuses = new Map<number, number>();
  const request = async (i: number) => {
    const r = hostileRequest(inbox.id);
    const response = await fetch(`${server.url}${r.path}`, {
      method: r.method, headers: { 'x-api-key': server.apiKey, 'content-type': 'application/json' }, body: r.body || undefined,
    });
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return i;
  };
  const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: server.smtpPort, pool: true, maxConnections: 4, ignoreTLS: true });
  const replies = new Map<string, number>();
  const send = async () => {
    try {
      const info = await smtp.sendMail({ envelope: { from: 'sender@example.com', to: [inbox.emailAddress] }, raw: hostileMessage(inbox.emailAddress) });
      replies.set(info.response.slice(0, 3), (replies.get(info.response.slice(0, 3)) ?? 0) + 1);
    } catch (err) {
      const code = String((err as { responseCode?: number }).responseCode ?? 'error');
      replies.set(code, (replies.get(code) ?? 0) + 1);
    }
  };
  // warm-up: every code path loaded once, so the start is a fair baseline
  await pool(50, 4, request);
  await pool(20, 4, send);
  const points = [await measure(server, inspector, 'start')];
  let started = Date.now();
  await pool(jsonCount, 8, request);
  const jsonSeconds = (Date.now() - started) / 1000;
  points.push(await measure(server, inspector, 'after-json'));
  started = Date.now();
  await pool(mimeCount, 4, send);
  const mimeSeconds = (Date.now() - started) / 1000;
  points.push(await measure(server, inspector, 'after-mime'));
  smtp.close();
  console.log(JSON.stringify({
    database: postgres ? 'postgres' : 'sqlite', env, jsonCount, mimeCount, jsonSeconds, mimeSeconds,
    statuses: Object.fromEntries(statuses), replies: Object.fromEntries(replies), points,
  }, null, 1));
} finally {
  inspector.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await schema?.drop();
}
