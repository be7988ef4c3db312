/** The markdown table of a run, for bench/results/ and the README's Performance section. */
import type { LatencyResult } from './latency.js';
import type { BenchResults, SearchBenchResults } from './run.js';
import { httpApiTable } from './http-api.js';

const kb = (bytes: number) => `${bytes / 1024} KB`;
const mode = (reuse: boolean) => (reuse ? 'reused sessions' : 'new connection per message');
const num = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));

export function renderMarkdown(r: BenchResults): string {
  const lines = [
    `Commit \`${r.commit}\`${r.dirty ? ' (with uncommitted changes)' : ''}, ${r.date.slice(0, 16).replace('T', ' ')} UTC; ` +
      `${r.machine.cores} × ${r.machine.cpus}, ${r.machine.memoryGb} GB, ${r.machine.os}, Node ${r.machine.node}; ` +
      `database ${r.database}; load generator ${r.loadGenerator}; ${r.sessions} sessions, ` +
      `up to ${r.messagesPerRun} messages per run (capped at ${r.deadlineMs / 1000} s).`,
    '',
    '| message | mode | sink msg/s | MailDev msg/s | Pigeonhole committed msg/s | vs MailDev | vs sink | Pigeonhole CPU ms/msg | Pigeonhole peak RSS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const ratio of r.ratios) {
    const row = (system: string) => r.ingest.find((i) => i.system === system && i.sizeBytes === ratio.sizeBytes && i.reuse === ratio.reuse)!;
    const ph = row('pigeonhole');
    lines.push(
      `| ${kb(ratio.sizeBytes)} | ${mode(ratio.reuse)} | ${row('sink').acceptedPerSec} | ${row('maildev').acceptedPerSec} | ` +
        `${ph.committedPerSec} (${ph.committed}/${ph.sent}) | ${ratio.vsMaildev}× | ${ratio.vsSink}× | ${num(ph.cpuMsPerMessage, 2)} | ${num(ph.peakRssMb)} MB |`,
    );
  }
  lines.push('');
  const { oneNode: one, twoNodes: two, floors } = r.wakeLatency;
  lines.push(`Wake latency, end of DATA → waiting waitForLatestEmail returns (${one.samples} samples, light load), beside the floors ` +
    'measured by the same client: a server doing only the protocol (bare) and one that also commits the message to SQLite with one fsync (durable):', '',
    '| | p50 | p99 | p50 × durable floor |', '|---|---:|---:|---:|');
  const latencyRow = (name: string, l: LatencyResult) =>
    lines.push(`| ${name} | ${num(l.p50Ms, 2)} ms | ${num(l.p99Ms, 2)} ms | ${floors ? `${num(l.p50Ms / floors.durable.p50Ms, 2)}×` : ''} |`);
  if (floors) {
    latencyRow('floor: bare', floors.bare);
    latencyRow('floor: durable', floors.durable);
  }
  latencyRow('Pigeonhole, one node', one);
  if (two) latencyRow('Pigeonhole, two nodes on PostgreSQL', two);
  if (r.rssAfterIngestMb !== undefined) {
    const quiet = r.rssQuietMb !== undefined ? `; after 15 s quiet: ${r.rssQuietMb} MB` : '';
    lines.push('', `Pigeonhole RSS after the ingest runs: ${r.rssAfterIngestMb} MB${quiet}.`);
  }
  lines.push(...stepTable(r), ...threadTable(r));
  if (r.httpApi) lines.push('', 'HTTP API, beside a Fastify hello-world on the same machine (the ceiling):', '', httpApiTable(r.httpApi));
  if (r.big) {
    lines.push('', `Stored emails → latency and memory (${r.big.inboxes} inboxes; list = getInboxEmailsPaginated page of 20 on one inbox, fetch = getEmail):`, '',
      '| stored | list p50 | list p99 | getEmail p50 | getEmail p99 | RSS |', '|---:|---:|---:|---:|---:|---:|');
    for (const p of r.big.points) {
      lines.push(`| ${p.stored} | ${num(p.listP50Ms, 2)} ms | ${num(p.listP99Ms, 2)} ms | ${num(p.getP50Ms, 2)} ms | ${num(p.getP99Ms, 2)} ms | ${num(p.rssMb)} MB |`);
    }
    lines.push('', `Seeding took ${num(r.big.seedSeconds)} s.`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * ms per message in each step of storing (bench/ingest-steps.ts): at light load (the cost) and
 * under each ingest run (waits for a thread or a group's commit included).
 */
function stepTable(r: BenchResults): string[] {
  const runs = r.ingest.filter((i) => i.system === 'pigeonhole' && i.stepMs);
  if (!r.stepMsLightLoad && runs.length === 0) return [];
  const steps = [...new Set([...Object.keys(r.stepMsLightLoad ?? {}), ...runs.flatMap((i) => Object.keys(i.stepMs!))])];
  const lines = ['', 'Time per message in each step of storing (ms; the inbox has a ruleset and a forwarder; the search index is written in the store step; wall time, so under load it includes waiting for a worker thread or for the group\'s commit):', '',
    `| run | ${steps.join(' | ')} |`, `|---|${steps.map(() => '---:').join('|')}|`];
  if (r.stepMsLightLoad) lines.push(`| light load (wake latency run) | ${steps.map((s) => num(r.stepMsLightLoad![s], 2)).join(' | ')} |`);
  for (const i of runs) lines.push(`| ${kb(i.sizeBytes)}, ${mode(i.reuse)} | ${steps.map((s) => num(i.stepMs![s], 2)).join(' | ')} |`);
  return lines;
}

/** CPU ms per message by thread under each ingest run: how the work spreads over the cores. */
function threadTable(r: BenchResults): string[] {
  const runs = r.ingest.filter((i) => i.system === 'pigeonhole' && i.threadCpuMsPerMessage);
  if (runs.length === 0) return [];
  const label: Record<string, string> = {
    main: 'main (SMTP, HTTP, checks)', 'ph-mail': 'mail workers (MIME parse)', 'ph-ingest-write': 'ingest writer', helpers: 'V8/libuv helpers (GC, JIT)',
  };
  const roles = [...new Set(runs.flatMap((i) => Object.keys(i.threadCpuMsPerMessage!)))]
    .sort((a, b) => Object.keys(label).indexOf(a) - Object.keys(label).indexOf(b));
  const lines = ['', 'CPU ms per message by thread (from /proc; mail workers summed over their threads):', '',
    `| run | ${roles.map((role) => label[role] ?? role).join(' | ')} |`, `|---|${roles.map(() => '---:').join('|')}|`];
  for (const i of runs) lines.push(`| ${kb(i.sizeBytes)}, ${mode(i.reuse)} | ${roles.map((role) => num(i.threadCpuMsPerMessage![role], 2)).join(' | ')} |`);
  return lines;
}

/** The search benchmark's tables (bench/search.ts). */
export function renderSearchMarkdown(r: SearchBenchResults): string {
  const { ingest, points } = r.search;
  const lines = [
    `Commit \`${r.commit}\`${r.dirty ? ' (with uncommitted changes)' : ''}, ${r.date.slice(0, 16).replace('T', ' ')} UTC; ` +
      `${r.machine.cores} × ${r.machine.cpus}, ${r.machine.memoryGb} GB, Node ${r.machine.node}; database ${r.database}.`,
    '',
  ];
  if (ingest) {
    lines.push(`Ingest cost of the index (${ingest.messages} messages each way, groups of ${ingest.groupSize}, one transaction per group): ` +
      `${ingest.withIndexUsPerMessage} µs/message with the index, ${ingest.withoutIndexUsPerMessage} µs without, ` +
      `so ${ingest.indexUsPerMessage} µs/message for indexing.`, '');
  }
  for (const p of points) {
    lines.push(`searchEmails, a page of 20 newest first, over HTTP, ${p.stored.toLocaleString('en')} emails in one account (seeded in ${num(p.seedSeconds)} s):`, '',
      '| query | example | p50 | p95 | matches (mean) |', '|---|---|---:|---:|---:|',
      ...p.kinds.map((k) => `| ${k.kind} | \`${k.example}\` | ${num(k.p50Ms, 1)} ms | ${num(k.p95Ms, 1)} ms | ${k.meanTotal} |`), '');
  }
  const last = points.at(-1);
  for (const [name, plan] of Object.entries(last?.plans ?? {})) lines.push(`Plan (${name}):`, '', '```', plan, '```', '');
  return `${lines.join('\n')}\n`;
}
