import type { DeliverabilityTestRecord } from '../../storage/ports.js';

/** Matched entities in percent, and the threshold's verdict. */
export function tally(test: DeliverabilityTestRecord) {
  const total = test.results.length;
  const matched = test.results.filter((r) => r.matched).length;
  const completion = total === 0 ? 0 : Math.round((10_000 * matched) / total) / 100;
  const threshold = test.successThresholdPercent;
  const thresholdMet = threshold === null || total === 0 ? null : completion >= threshold;
  const thresholdStatus = threshold === null ? 'NOT_CONFIGURED' as const : thresholdMet ? 'PASSING' as const : 'FAILING' as const;
  return { total, matched, unmatched: total - matched, completion, thresholdMet, thresholdStatus };
}
