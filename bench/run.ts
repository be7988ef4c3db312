/**
 * `npm run bench [-- --quick] [-- --db postgres --database-url URL] [-- --big] [-- --fetch-postfix]`
 *
 * SMTP ingest side by side: Pigeonhole, MailDev (npm devDependency, default storage) and a
 * discard-only sink, driven by the same load generator (Postfix's smtp-source when
 * installed, else bench/loadgen.ts): 2 KB and 20 KB messages, 20 sessions, one message per
 * connection and reused sessions. Then wake latency (end of DATA → waitForLatestEmail) beside
 * its floors (bench/wake-floor.ts), measured by the same client.
 * With --big, list/fetch latency and RSS as the store grows to 1M emails (bench/big.ts).
 * With --search, only the full-text search figures (bench/search.ts): the index's ingest cost and
 * search page latency at --search-count emails (default 1,000,000).
 * Writes bench/results/<date>-<commit>.json and .md, and bench/results/latest.md.
 * With --check, fails when a ratio fell more than 25% below bench/baseline-<db>.json
 * (bench/regression-check.ts); --write-baseline writes that file from this run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wakeFloors, wakeLatency, type LatencyResult, type WakeFloors } from './latency.js';
import type { LoadResult, LoadSpec } from './loadgen.js';
import { findSmtpSource, fetchPostfix, runSmtpSource } from './smtp-source.js';
import { REPO_ROOT, benchDns, postgresSchema, procStats, resetPeakRss, threadCpu, threadCpuByRole, startMaildev, startPigeonhole, startSink, type Pigeonhole } from './systems.js';
import { bigStore, type BigResult } from './big.js';
import { renderMarkdown, renderSearchMarkdown } from './report.js';
import { searchBench, type SearchBenchResult } from './search.js';
import { automate, stepCosts, stepTotals, type StepCosts } from './ingest-steps.js';
import { httpApiBench, type HttpApiResult } from './http-api.js';
import { metricsOf, regressions, TOLERANCE, type Metrics } from './regression-check.js';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};

const quick = flag('quick');
const dialect = option('db') ?? 'sqlite';
const databaseUrl = option('database-url') ?? process.env.PIGEONHOLE_BENCH_DATABASE_URL;
if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error('--db is sqlite or postgres');
if (dialect === 'postgres' && !databaseUrl) throw new Error('--db postgres needs --database-url URL (or PIGEONHOLE_BENCH_DATABASE_URL)');
const MESSAGES = Number(option('messages') ?? (quick ? 2_000 : 20_000));
const SESSIONS = 20;
/** Every load run stops here at the latest, finished or not (MailDev needs ~100 s for 20,000). */
const DEADLINE_MS = Number(option('deadline') ?? (quick ? 10_000 : 30_000));
/** Quiet after the ingest runs before the resident size is read again (the idle collection and trim run every 5 s). */
const QUIET_MS = 15_000;

/**
 * The lowest resident size over `ms` with no load: what the server keeps once it has given back
 * what the burst left (core/idle-collector.ts, core/allocator.ts), read once a second.
 */
async function quietRss(pid: number, ms: number): Promise<number | undefined> {
  let lowest: number | undefined;
  for (const until = Date.now() + ms; Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rss = procStats(pid)?.rssMb;
    if (rss !== undefined) lowest = Math.min(lowest ?? rss, rss);
  }
  return lowest;
}

const LATENCY_SAMPLES = quick ? 50 : 300;

export interface IngestRow {
  system: 'pigeonhole' | 'maildev' | 'sink';
  sizeBytes: number;
  reuse: boolean;
  sent: number;
  accepted: number;
  acceptedPerSec: number;
  committed?: number;
  committedPerSec?: number;
  cpuSeconds?: number;
  cpuMsPerMessage?: number;
  /** Pigeonhole: CPU ms per message by thread (bench/systems.ts threadCpuByRole) */
  threadCpuMsPerMessage?: Record<string, number>;
  peakRssMb?: number;
  /** Pigeonhole: ms per message in each step of storing (bench/ingest-steps.ts) */
  stepMs?: StepCosts;
  errors: number;
  firstError?: string;
}

export interface BenchResults {
  commit: string;
  dirty: boolean;
  date: string;
  machine: { cpus: string; cores: number; memoryGb: number; os: string; node: string };
  database: string;
  loadGenerator: string;
  messagesPerRun: number;
  sessions: number;
  deadlineMs: number;
  ingest: IngestRow[];
  ratios: Array<{ sizeBytes: number; reuse: boolean; vsMaildev: number; vsSink: number }>;
  rssAfterIngestMb?: number;
  /** the lowest RSS over QUIET_MS of quiet after the ingest runs */
  rssQuietMb?: number;
  wakeLatency: { oneNode: LatencyResult; twoNodes?: LatencyResult; floors?: WakeFloors };
  /** ms per message in each step of storing during the one-node wake-latency run (light load: the steps' cost) */
  stepMsLightLoad?: StepCosts;
  /** getEmail, getInboxEmailsPaginated and createInbox under 50 connections, beside Fastify's hello-world */
  httpApi?: HttpApiResult;
  big?: BigResult;
}

const git = (...args: string[]) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.trim();
/** Uncommitted changes beside the results this run writes (an earlier checkpoint's files are not a change to what is measured). */
const sourceChanged = () => git('status', '--porcelain', '--', '.', ':(exclude)bench/results') !== '';

async function build(): Promise<void> {
  // measure the code in src, not a stale dist
  const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: REPO_ROOT, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  // tsc still emits on type errors; the run then fails at startup if the output is unusable
  if (code !== 0) console.warn('warning: the build reported type errors; measuring what it emitted');
}

function runLoadgen(spec: LoadSpec): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./loadgen.ts', import.meta.url)), JSON.stringify(spec)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`loadgen exited with ${code}`)))),
  );
}

function machine(): BenchResults['machine'] {
  const cpus = os.cpus();
  return { cpus: cpus[0]?.model ?? 'unknown', cores: cpus.length, memoryGb: Math.round(os.totalmem() / 2 ** 30), os: `${os.type()} ${os.release()}`, node: process.version };
}

/**
 * `--write-baseline`: this run's ratios become bench/baseline-<db>.json (committed).
 * `--check`: this run's ratios against it; the process fails when one fell more than 25%.
 */
function judgeAgainstBaseline(results: BenchResults): void {
  const file = fileURLToPath(new URL(`./baseline-${dialect}.json`, import.meta.url));
  const metrics = metricsOf(results);
  if (flag('write-baseline')) {
    writeFileSync(file, `${JSON.stringify({ commit: results.commit, date: results.date, quick, machine: results.machine, metrics }, null, 2)}\n`);
    console.log(`baseline written to bench/baseline-${dialect}.json`);
  }
  if (!flag('check')) return;
  if (!existsSync(file)) throw new Error(`--check: no bench/baseline-${dialect}.json; write one with --write-baseline`);
  const baseline = JSON.parse(readFileSync(file, 'utf8')) as { commit: string; metrics: Metrics };
  console.log(`\nagainst the baseline of ${baseline.commit} (fails below ${100 - TOLERANCE * 100}% of it):`);
  for (const [metric, base] of Object.entries(baseline.metrics)) console.log(`  ${metric}: ${base} -> ${metrics[metric] ?? 'not measured'}`);
  const failed = regressions(baseline.metrics, metrics);
  for (const f of failed) console.error(`REGRESSION ${f.metric}: ${f.now} against ${f.baseline}`);
  if (failed.length > 0) process.exitCode = 1;
  else console.log('no ratio fell more than 25% below the baseline');
}

/** `--search`: the search benchmark alone, written as bench/results/<date>-<commit>-search-<db>.{json,md}. */
async function searchMain(): Promise<void> {
  await build();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pigeonhole-bench-search-'));
  const schema = dialect === 'postgres' ? await postgresSchema(databaseUrl!) : null;
  const write = (search: SearchBenchResult, final: boolean) => {
    const results: SearchBenchResults = { commit: git('rev-parse', '--short', 'HEAD'), dirty: sourceChanged(), date: new Date().toISOString(), machine: machine(), database: dialect, search };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const name = `${results.date.slice(0, 10)}-${results.commit}-search-${dialect}`;
    const markdown = renderSearchMarkdown(results);
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(dir, `${name}.md`), markdown);
    writeFileSync(join(dir, `latest-search-${dialect}.md`), markdown);
    if (final) console.log(`\n${markdown}\nwritten to bench/results/${name}.{json,md}`);
  };
  try {
    const search = await searchBench({
      dataDir, databaseUrl: schema?.url, apiKey: `ph_bench_${randomBytes(12).toString('hex')}`,
      target: Number(option('search-count') ?? 1_000_000), ingestCost: !flag('no-ingest-cost'), freshSchema: () => postgresSchema(databaseUrl!),
      // each checkpoint written as it is measured: a run stopped before 1M keeps the smaller stores' figures
      onPoint: (partial) => write(partial, false),
    });
    write(search, true);
  } finally {
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface SearchBenchResults {
  commit: string;
  dirty: boolean;
  date: string;
  machine: BenchResults['machine'];
  database: string;
  search: SearchBenchResult;
}

async function main() {
  if (flag('search')) return searchMain();
  if (flag('fetch-postfix') && !findSmtpSource()) fetchPostfix();
  const smtpSource = flag('node-loadgen') ? null : findSmtpSource();
  // Named, not located: results are committed and must not carry this machine's paths.
  const loadGenerator = smtpSource ? "Postfix's smtp-source" : 'bench/loadgen.ts (Node)';
  console.log(`load generator: ${loadGenerator}; ${MESSAGES} messages per run, ${SESSIONS} sessions, ${DEADLINE_MS / 1000} s cap`);
  await build();

  const dataDir = mkdtempSync(join(os.tmpdir(), 'pigeonhole-bench-'));
  const schema = dialect === 'postgres' ? await postgresSchema(databaseUrl!) : null;
  const apiKey = `ph_bench_${randomBytes(12).toString('hex')}`;
  const dns = await benchDns();
  const pigeonholeEnv = dns.env;
  const pigeonhole = await startPigeonhole({ dataDir, databaseUrl: schema?.url, apiKey, env: pigeonholeEnv });
  const maildev = await startMaildev();
  const sink = await startSink();
  const ingest: IngestRow[] = [];
  try {
    const cases = [
      { sizeBytes: 2048, reuse: false },
      { sizeBytes: 2048, reuse: true },
      { sizeBytes: 20480, reuse: false },
      { sizeBytes: 20480, reuse: true },
    ];
    for (const c of cases) {
      for (const system of ['sink', 'maildev', 'pigeonhole'] as const) {
        const inbox = system === 'pigeonhole' ? await pigeonhole.api<{ id: string; emailAddress: string }>('POST', '/inboxes') : null;
        if (inbox) await automate(pigeonhole, inbox.id);
        const stepsBefore = system === 'pigeonhole' ? await stepTotals(pigeonhole.url) : undefined;
        const target = { sink, maildev, pigeonhole }[system];
        const spec: LoadSpec = {
          port: target.smtpPort,
          from: 'sender@bench.test',
          to: inbox?.emailAddress ?? 'someone@bench.test',
          sessions: SESSIONS,
          messages: MESSAGES,
          sizeBytes: c.sizeBytes,
          reuse: c.reuse,
          deadlineMs: DEADLINE_MS,
        };
        const countBefore = system === 'pigeonhole' ? 0 : await (system === 'sink' ? sink : maildev).count();
        const pid = target.child.pid!;
        resetPeakRss(pid);
        const before = procStats(pid);
        const threadsBefore = threadCpu(pid);
        let accepted: number;
        let elapsedMs: number;
        let errors = 0;
        let firstError: string | undefined;
        const counted = async () =>
          system === 'pigeonhole'
            ? (await pigeonhole.api<{ totalElements: number }>('GET', `/inboxes/${inbox!.id}/emails/paginated?size=1`)).totalElements
            : (await (system === 'sink' ? sink : maildev).count()) - countBefore;
        if (smtpSource) {
          const run = await runSmtpSource(smtpSource, spec);
          elapsedMs = run.elapsedMs;
          accepted = await counted();
          // stopped at the time cap (killed, exit code null): the rest was never sent, not refused
          if (run.exitCode !== 0 && run.exitCode !== null) {
            firstError = run.stderr || `smtp-source exited with ${run.exitCode}`;
            errors = MESSAGES - accepted;
          }
        } else {
          const run = await runLoadgen(spec);
          elapsedMs = run.elapsedMs;
          accepted = run.accepted;
          errors = run.errors + run.rejected;
          firstError = run.firstError;
        }
        const after = procStats(pid);
        const threadsAfter = threadCpu(pid);
        const row: IngestRow = {
          system,
          sizeBytes: c.sizeBytes,
          reuse: c.reuse,
          sent: accepted + errors,
          accepted,
          acceptedPerSec: Math.round((accepted / elapsedMs) * 1000),
          errors,
          ...(firstError ? { firstError } : {}),
        };
        if (system === 'pigeonhole') {
          // committed and queryable: counted through the API after the run
          row.committed = await counted();
          row.committedPerSec = Math.round((row.committed / elapsedMs) * 1000);
          row.stepMs = stepCosts(stepsBefore!, await stepTotals(pigeonhole.url));
        }
        if (before && after) {
          row.cpuSeconds = Number((after.cpuSeconds - before.cpuSeconds).toFixed(2));
          row.cpuMsPerMessage = accepted ? Number(((row.cpuSeconds * 1000) / accepted).toFixed(3)) : undefined;
          row.peakRssMb = Math.round(after.peakRssMb);
          if (system === 'pigeonhole' && accepted) {
            const byRole = threadCpuByRole(pid, threadsBefore, threadsAfter);
            row.threadCpuMsPerMessage = Object.fromEntries(Object.entries(byRole).map(([role, seconds]) => [role, Number(((seconds * 1000) / accepted).toFixed(3))]));
          }
        }
        ingest.push(row);
        console.log(JSON.stringify(row));
      }
    }
    const rssAfterIngestMb = procStats(pigeonhole.child.pid!)?.rssMb;
    await maildev.stop();
    await sink.stop();
    const rssQuietMb = await quietRss(pigeonhole.child.pid!, QUIET_MS);

    console.log('wake latency floors…');
    const floors = await wakeFloors(LATENCY_SAMPLES);
    console.log(JSON.stringify(floors));
    console.log('wake latency, one node…');
    const stepsBeforeWake = await stepTotals(pigeonhole.url);
    const oneNode = await wakeLatency(pigeonhole, pigeonhole, LATENCY_SAMPLES);
    const stepMsLightLoad = stepCosts(stepsBeforeWake, await stepTotals(pigeonhole.url));
    console.log(JSON.stringify(oneNode));
    let twoNodes: LatencyResult | undefined;
    if (schema) {
      const second = await startPigeonhole({ dataDir: mkdtempSync(join(os.tmpdir(), 'pigeonhole-bench-b-')), databaseUrl: schema.url, apiKey, env: pigeonholeEnv });
      try {
        console.log('wake latency, two nodes…');
        twoNodes = await wakeLatency(second, pigeonhole, LATENCY_SAMPLES);
        console.log(JSON.stringify(twoNodes));
      } finally {
        await second.stop();
      }
    }

    const ratios = cases.map((c) => {
      const rate = (system: IngestRow['system']) => {
        const row = ingest.find((r) => r.system === system && r.sizeBytes === c.sizeBytes && r.reuse === c.reuse)!;
        return system === 'pigeonhole' ? row.committedPerSec! : row.acceptedPerSec;
      };
      return { ...c, vsMaildev: Number((rate('pigeonhole') / rate('maildev')).toFixed(2)), vsSink: Number((rate('pigeonhole') / rate('sink')).toFixed(2)) };
    });

    // HTTP API under 50 connections beside a Fastify hello-world (issue 20, item 4), on the
    // server the ingest runs filled, before --big stops it
    console.log('HTTP API (autocannon)…');
    const httpApi = await httpApiBench({ url: pigeonhole.url, apiKey, durationSeconds: quick ? 5 : 10 });
    console.log(JSON.stringify(httpApi));

    let big: BigResult | undefined;
    if (flag('big')) {
      await pigeonhole.stop();
      big = await bigStore({ dataDir: join(dataDir, 'big'), databaseUrl: schema?.url, apiKey, target: Number(option('big-count') ?? 1_000_000) });
    }

    const results: BenchResults = {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: sourceChanged(),
      date: new Date().toISOString(),
      machine: machine(),
      database: dialect,
      loadGenerator,
      messagesPerRun: MESSAGES,
      sessions: SESSIONS,
      deadlineMs: DEADLINE_MS,
      ingest,
      ratios,
      rssAfterIngestMb: rssAfterIngestMb === undefined ? undefined : Math.round(rssAfterIngestMb),
      rssQuietMb: rssQuietMb === undefined ? undefined : Math.round(rssQuietMb),
      wakeLatency: { oneNode, twoNodes, floors },
      stepMsLightLoad,
      httpApi,
      big,
    };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const name = `${results.date.slice(0, 10)}-${results.commit}${quick ? '-quick' : ''}-${dialect}`;
    const markdown = renderMarkdown(results);
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(join(dir, `${name}.md`), markdown);
    if (!quick) writeFileSync(join(dir, `latest-${dialect}.md`), markdown);
    console.log(`\n${markdown}\nwritten to bench/results/${name}.{json,md}`);
    judgeAgainstBaseline(results);
  } finally {
    await Promise.allSettled([pigeonhole.stop(), maildev.stop(), sink.stop(), dns.close()]);
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
