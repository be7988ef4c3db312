/**
 * `npm run bench -- --quick --check`: the run's ratios against the committed baseline
 * (bench/baseline-<db>.json, written by `--write-baseline`). Ratios, not rates: each is
 * Pigeonhole against a peer or a floor measured in the same run on the same machine, so a
 * baseline taken on one machine still means something on another. Every metric is "higher
 * is better"; one that falls more than the tolerance below its baseline fails the check.
 */
import type { BenchResults } from './run.js';

export type Metrics = Record<string, number>;

/** How far below its baseline a ratio may fall before the check fails (issue: 25%). */
export const TOLERANCE = 0.25;

/** The ratios a run is judged by, named so a baseline file reads on its own. */
export function metricsOf(results: Pick<BenchResults, 'ratios' | 'wakeLatency'>): Metrics {
  const metrics: Metrics = {};
  for (const r of results.ratios) {
    const name = `${r.sizeBytes >= 10_000 ? '20 KB' : '2 KB'} ${r.reuse ? 'reused sessions' : 'new connection'}`;
    metrics[`ingest ${name} vs MailDev`] = r.vsMaildev;
    metrics[`ingest ${name} vs sink`] = r.vsSink;
  }
  const floor = results.wakeLatency.floors?.durable;
  if (floor) {
    // the floor's latency over ours: 1 would be as fast as one durable commit
    metrics['wake p50: durable floor / Pigeonhole'] = round(floor.p50Ms / results.wakeLatency.oneNode.p50Ms);
    metrics['wake p99: durable floor / Pigeonhole'] = round(floor.p99Ms / results.wakeLatency.oneNode.p99Ms);
  }
  return metrics;
}

export interface Regression { metric: string; baseline: number; now: number }

/** The metrics of `now` more than `tolerance` below their baseline; a metric missing from either side is not judged. */
export function regressions(baseline: Metrics, now: Metrics, tolerance = TOLERANCE): Regression[] {
  const out: Regression[] = [];
  for (const [metric, base] of Object.entries(baseline)) {
    const value = now[metric];
    if (value === undefined || !Number.isFinite(value) || !Number.isFinite(base)) continue;
    if (value < base * (1 - tolerance)) out.push({ metric, baseline: base, now: value });
  }
  return out;
}

const round = (n: number) => Number(n.toFixed(3));
