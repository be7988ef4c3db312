/**
 * The time a message spends in each step of its storing (README "Performance"), read from the
 * server's own `pigeonhole_ingest_step_seconds` histogram (its sum and count per step) before
 * and after a run. Wall time: under load a step's time includes waiting for a worker thread
 * or for its group's commit, so the light-load figures (the wake-latency run) are the cost.
 */
import type { Pigeonhole } from './systems.js';

export type StepTotals = Map<string, { sum: number; count: number }>;
/** milliseconds per message in each step, over the messages of the run */
export type StepCosts = Record<string, number>;

const SAMPLE = /^pigeonhole_ingest_step_seconds_(sum|count)\{step="([a-z_]+)"\} (\S+)$/gm;

export async function stepTotals(url: string): Promise<StepTotals> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const totals: StepTotals = new Map();
  for (const [, kind, step, value] of text.matchAll(SAMPLE)) {
    const entry = totals.get(step!) ?? { sum: 0, count: 0 };
    entry[kind as 'sum' | 'count'] = Number(value);
    totals.set(step!, entry);
  }
  return totals;
}

export function stepCosts(before: StepTotals, after: StepTotals): StepCosts {
  const costs: StepCosts = {};
  for (const [step, { sum, count }] of after) {
    const was = before.get(step) ?? { sum: 0, count: 0 };
    if (count > was.count) costs[step] = Number((((sum - was.sum) * 1000) / (count - was.count)).toFixed(3));
  }
  return costs;
}

/**
 * The automation a busy inbox has, on the bench inbox: a receiving ruleset that allows the
 * bench's senders and a forwarder whose condition no bench message meets, so both are looked
 * up and evaluated for every message (a forward would send mail out of the machine).
 */
export async function automate(pigeonhole: Pick<Pigeonhole, 'api'>, inboxId: string): Promise<void> {
  await pigeonhole.api('POST', `/rulesets?inboxId=${inboxId}`, { scope: 'RECEIVING_EMAILS', action: 'ALLOW', target: '*@bench.test' });
  await pigeonhole.api('POST', `/forwarders?inboxId=${inboxId}`, { field: 'SUBJECT', match: 'never-in-a-bench-subject-*', forwardToRecipients: ['qa@example.com'] });
}
