/**
 * `npx tsx bench/wake.ts [--samples 300] [--database-url URL] [--node-args '--flag …']`
 *
 * Wake latency alone (end of SMTP DATA → a waiting waitForLatestEmail returning) on one
 * node, and across two nodes with a PostgreSQL URL (in a schema made for the run), beside
 * its floors measured by the same client in the same run (bench/wake-floor.ts). Measures the
 * built binary: `npm run build` first. `npm run bench` measures the same in its full run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { wakeFloors, wakeLatency } from './latency.js';
import { benchDns, postgresSchema, startPigeonhole } from './systems.js';
import { stepCosts, stepTotals } from './ingest-steps.js';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};
const samples = Number(option('samples') ?? 300);
const schema = option('database-url') ? await postgresSchema(option('database-url')!) : undefined;
const databaseUrl = schema?.url;
// Node flags for the measured server (GC settings, --cpu-prof …), to try a change before making it.
const nodeArgs = option('node-args')?.split(' ').filter(Boolean);
const apiKey = `ph_bench_${randomBytes(12).toString('hex')}`;
const ms = (n: number) => `${n.toFixed(2)} ms`;

const floors = await wakeFloors(samples);
console.log(`floor, bare:    p50 ${ms(floors.bare.p50Ms)}, p99 ${ms(floors.bare.p99Ms)}`);
console.log(`floor, durable: p50 ${ms(floors.durable.p50Ms)}, p99 ${ms(floors.durable.p99Ms)}`);
const dirs = [mkdtempSync(join(os.tmpdir(), 'pigeonhole-wake-')), mkdtempSync(join(os.tmpdir(), 'pigeonhole-wake-b-'))];
// the loopback DNS server the full run uses, so the SPF/DKIM/DMARC checks are answered as there
const dns = await benchDns();
const node = await startPigeonhole({ dataDir: dirs[0]!, databaseUrl, apiKey, nodeArgs, env: dns.env });
try {
  const stepsBefore = await stepTotals(node.url);
  const one = await wakeLatency(node, node, samples);
  console.log(`one node:       p50 ${ms(one.p50Ms)} (${(one.p50Ms / floors.durable.p50Ms).toFixed(2)}× durable floor), p99 ${ms(one.p99Ms)}`);
  const steps = stepCosts(stepsBefore, await stepTotals(node.url));
  console.log(`  mean ms a message in each ingest step: ${Object.entries(steps).map(([step, cost]) => `${step} ${cost.toFixed(2)}`).join(', ')}`);
  if (databaseUrl) {
    const second = await startPigeonhole({ dataDir: dirs[1]!, databaseUrl, apiKey, nodeArgs, env: dns.env });
    try {
      const two = await wakeLatency(second, node, samples);
      console.log(`two nodes:      p50 ${ms(two.p50Ms)} (${(two.p50Ms / floors.durable.p50Ms).toFixed(2)}× durable floor), p99 ${ms(two.p99Ms)}`);
    } finally {
      await second.stop();
    }
  }
} finally {
  await node.stop();
  await dns.close();
  await schema?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
