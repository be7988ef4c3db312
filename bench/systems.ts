/**
 * The systems under test, each in its own process so CPU and memory are measured per
 * system: Pigeonhole (the built binary, as users run it), MailDev (the npm devDependency,
 * default in-memory storage) and the discard-only sink. Everything listens on 127.0.0.1.
 */
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startLoopbackDns } from '../test/helpers/dns-server.js';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../dist/cli/index.js', import.meta.url));
const MAILDEV = fileURLToPath(new URL('../node_modules/maildev/dist/bin/maildev.js', import.meta.url));
const SINK = fileURLToPath(new URL('./sink.ts', import.meta.url));
const WAKE_FLOOR = fileURLToPath(new URL('./wake-floor.ts', import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** CPU seconds (user + system) and memory of a process, from /proc (Linux). */
export interface ProcStats {
  cpuSeconds: number;
  rssMb: number;
  peakRssMb: number;
}

/** The name and CPU seconds (user + system) in a /proc stat file, of a process or of one of its threads. */
function parseStat(stat: string): { name: string; cpuSeconds: number } {
  // fields after the "(comm)" part (a name may hold spaces); utime and stime are the 14th and 15th fields overall
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

export function procStats(pid: number): ProcStats | null {
  try {
    const { cpuSeconds } = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    return { cpuSeconds, rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** CPU seconds of each thread of a process, by thread id, with the thread's name (Linux). */
export interface ThreadCpu {
  tid: number;
  name: string;
  cpuSeconds: number;
}

export function threadCpu(pid: number): ThreadCpu[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) => {
    try {
      return [{ tid: Number(tid), ...parseStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')) }];
    } catch {
      return []; // a thread that ended since the listing
    }
  });
}

/**
 * CPU seconds each kind of thread spent between two readings: the main thread (the process's
 * own id), the threads Pigeonhole names (src/core/thread-name.ts: ph-mail, ph-ingest-write),
 * and the rest under one name, V8's and libuv's helpers (garbage collection, compilation, file
 * work), which Node leaves named after the process.
 */
export function threadCpuByRole(pid: number, before: ThreadCpu[], after: ThreadCpu[]): Record<string, number> {
  const spent: Record<string, number> = {};
  for (const t of after) {
    const used = t.cpuSeconds - (before.find((b) => b.tid === t.tid)?.cpuSeconds ?? 0);
    const role = t.tid === pid ? 'main' : t.name.startsWith('ph-') ? t.name : 'helpers';
    spent[role] = (spent[role] ?? 0) + used;
  }
  return Object.fromEntries(Object.entries(spent).map(([role, seconds]) => [role, Number(seconds.toFixed(2))]));
}

/** Resets the kernel's peak-RSS mark of a process we started (Linux: clear_refs 5). */
export function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak then covers the whole life of the process
  }
}

/** A forked reference server (sink, floors) exits when its IPC channel closes. */
async function stopForked(child: ChildProcess): Promise<void> {
  child.disconnect();
  if (child.exitCode === null) await once(child, 'exit');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await once(child, 'exit');
  clearTimeout(timer);
}

/** What the wake-latency client needs of a server: its HTTP API and its SMTP port. */
export interface WakeTarget {
  url: string;
  smtpPort: number;
  apiKey: string;
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
}

export interface Pigeonhole extends WakeTarget {
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface PigeonholeOptions {
  dataDir: string;
  databaseUrl?: string;
  apiKey: string;
  smtpPort?: number;
  env?: Record<string, string>;
  /** extra node flags, e.g. --cpu-prof for a profile of a run */
  nodeArgs?: string[];
}

export async function startPigeonhole(options: PigeonholeOptions): Promise<Pigeonhole> {
  const smtpPort = options.smtpPort ?? (await freePort());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, 'serve'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PIGEONHOLE_HOST: '127.0.0.1',
      PIGEONHOLE_HTTP_PORT: '0',
      PIGEONHOLE_SMTP_PORT: String(smtpPort),
      PIGEONHOLE_SMTPS_PORT: '0',
      PIGEONHOLE_SMTP_SUBMISSION_PORT: '0',
      // free ports, so several nodes (two-node wake latency) run side by side
      PIGEONHOLE_IMAP_PORT: '0',
      PIGEONHOLE_IMAPS_PORT: '0',
      PIGEONHOLE_DATA_DIR: options.dataDir,
      PIGEONHOLE_API_KEY: options.apiKey,
      PIGEONHOLE_LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { PIGEONHOLE_DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match && /API docs: .*\n/.test(output)) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`pigeonhole serve exited with ${code}: ${output}`)));
  });
  return { child, url, smtpPort, apiKey: options.apiKey, api: apiOf(url, options.apiKey), stop: () => stopChild(child) };
}

export function apiOf(url: string, apiKey: string): WakeTarget['api'] {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export type FloorMode = 'bare' | 'durable';

/** A wake-latency floor (bench/wake-floor.ts): the protocol alone, or with one durable commit. */
export async function startWakeFloor(mode: FloorMode): Promise<WakeTarget & { child: ChildProcess; stop(): Promise<void> }> {
  const child = fork(WAKE_FLOOR, [mode], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [{ httpPort, smtpPort }] = (await once(child, 'message')) as [{ httpPort: number; smtpPort: number }];
  const url = `http://127.0.0.1:${httpPort}`;
  return {
    child,
    url,
    smtpPort,
    apiKey: '',
    api: apiOf(url, ''),
    stop: () => stopForked(child),
  };
}

export interface MailDev {
  child: ChildProcess;
  smtpPort: number;
  count(): Promise<number>;
  stop(): Promise<void>;
}

export async function startMaildev(): Promise<MailDev> {
  const smtpPort = await freePort();
  const webPort = await freePort();
  const child = spawn(process.execPath, [MAILDEV, '--smtp', String(smtpPort), '--ip', '127.0.0.1', '--web', String(webPort), '--web-ip', '127.0.0.1', '--silent'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // ready when both ports accept connections (MailDev --silent prints nothing)
  const deadline = Date.now() + 30_000;
  for (const port of [smtpPort, webPort]) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`maildev exited with ${child.exitCode}: ${output}`);
      const ok = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`maildev did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    smtpPort,
    async count() {
      const response = await fetch(`http://127.0.0.1:${webPort}/api/email/summary?limit=1`);
      return ((await response.json()) as { storeTotal: number }).storeTotal;
    },
    stop: () => stopChild(child),
  };
}

export interface Sink {
  child: ChildProcess;
  smtpPort: number;
  count(): Promise<number>;
  stop(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
  const child = fork(SINK, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  return {
    child,
    smtpPort: port,
    async count() {
      child.send('count');
      const [{ count }] = (await once(child, 'message')) as [{ count: number }];
      return count;
    },
    stop: () => stopForked(child),
  };
}

/** A fresh PostgreSQL schema for this run; its URL sets the search_path for every node. */
export async function postgresSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `ph_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { url: scoped.toString(), drop: () => admin(`drop schema if exists ${schema} cascade`) };
}

/**
 * SPF/DKIM/DMARC of received mail are on (the default) and ask a DNS server on loopback that
 * answers for the bench's sender domain, as an operator's resolver would: the machine's own
 * resolver may not answer at all, and each message then waits out the checks' time budget.
 * `env` points a Pigeonhole at it.
 */
export async function benchDns(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const dns = await startLoopbackDns();
  dns.add('bench.test', { type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' });
  dns.add('_dmarc.bench.test', { type: 'TXT', text: 'v=DMARC1; p=none' });
  return { env: { PIGEONHOLE_DNS_SERVERS: dns.server }, close: () => dns.close() };
}

