/** What the monitors with runs (domain monitors, campaign probes) compute the same way from stored runs. */

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Runs grouped into UTC-aligned buckets of `sizeMs`, oldest bucket first; empty buckets are left out. */
export function bucketRuns<T extends { createdAt: Date }>(runs: T[], sizeMs: number): Array<[Date, T[]]> {
  const buckets = new Map<number, T[]>();
  for (const run of runs) {
    const start = Math.floor(run.createdAt.getTime() / sizeMs) * sizeMs;
    const list = buckets.get(start);
    if (list) list.push(run);
    else buckets.set(start, [run]);
  }
  return [...buckets.entries()].sort(([a], [b]) => a - b).map(([start, list]) => [new Date(start), list]);
}

/** The run of healthy runs from the newest back (current) and the longest anywhere (best); `runs` newest first. */
export function streaks<T>(runs: T[], healthy: (run: T) => boolean): { current: number; best: number } {
  let current = 0;
  while (current < runs.length && healthy(runs[current]!)) current++;
  let best = 0;
  let streak = 0;
  for (const run of runs) {
    streak = healthy(run) ? streak + 1 : 0;
    best = Math.max(best, streak);
  }
  return { current, best };
}

/** The `top` texts found most often over the runs, each with how many of the runs had it. */
export function topFindings(findingsPerRun: string[][], top = 5): string[] {
  const counts = new Map<string, number>();
  for (const findings of findingsPerRun) {
    for (const text of new Set(findings)) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, top).map(([text, n]) => `${text} (${n} of ${findingsPerRun.length} runs)`);
}
