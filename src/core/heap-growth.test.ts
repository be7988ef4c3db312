import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MODULE = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

/**
 * A process keeping a live set of ~60 MB while it makes garbage fast, as the server does under
 * a stream of mail: the most heap it held, in MB, with or without limitHeapGrowth first.
 */
function peakHeapMb(limited: boolean, nodeArgs: string[] = []): number {
  const script = `
    ${limited ? `const { limitHeapGrowth } = await import(${JSON.stringify(MODULE)}); limitHeapGrowth();` : ''}
    const { getHeapStatistics } = await import('node:v8');
    const live = [];
    for (let i = 0; i < 400_000; i++) live.push({ n: i, text: 'live '.repeat(4) + i });
    let peak = 0;
    for (let round = 0; round < 100; round++) {
      const garbage = [];
      for (let i = 0; i < 100_000; i++) garbage.push({ n: i, text: 'garbage ' + i });
      if (round % 3 === 0) live[round] = garbage.slice(0, 10);
      peak = Math.max(peak, getHeapStatistics().total_heap_size);
    }
    console.log(Math.round(peak / 1048576));`;
  const run = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return Number(run.stdout.trim());
}

test('with the growth limited, a heap under a stream of garbage stays near its live set', { timeout: 60_000 }, () => {
  const unlimited = peakHeapMb(false);
  const limited = peakHeapMb(true);
  assert.ok(limited < unlimited * 0.7, `limited peak ${limited} MB against ${unlimited} MB by default`);
});

test('a growth the operator gave node on its command line is left as it is', { timeout: 60_000 }, () => {
  const operator = peakHeapMb(true, ['--heap-growing-percent=300']);
  const limited = peakHeapMb(true);
  assert.ok(limited < operator * 0.7, `ours ${limited} MB against the operator's 300%: ${operator} MB`);
});
