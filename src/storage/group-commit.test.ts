import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupCommit } from '../core/group-commit.js';
import { groupedIngest } from './group-commit.js';
import type { EmailRepository, IncomingEmail } from './ports.js';

/** A write whose completion the test controls, recording what each call wrote. */
function controlledWrite(fail?: (items: number[]) => boolean) {
  const calls: number[][] = [];
  const finish: Array<() => void> = [];
  const write = (items: number[]) => {
    calls.push(items);
    return new Promise<void>((resolve, reject) => {
      finish.push(() => (fail?.(items) ? reject(new Error(`bad ${items.join(',')}`)) : resolve()));
    });
  };
  return { calls, finish, write };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Lets the event loop turn until the write count reaches `n` (a few turns at most). */
async function writesReach(calls: unknown[], n: number): Promise<void> {
  for (let turn = 0; turn < 10 && calls.length < n; turn++) await tick();
  assert.equal(calls.length, n, `${n} writes started`);
}

test('a lone call is written at once', async () => {
  const { calls, finish, write } = controlledWrite();
  const store = groupCommit(write);
  const done = store([1]);
  assert.deepEqual(calls, [[1]]);
  finish[0]!();
  await done;
});

test('calls arriving during a write are written together in the next one, each resolving after it', async () => {
  const { calls, finish, write } = controlledWrite();
  const store = groupCommit(write);
  const settled: string[] = [];
  const first = store([1]).then(() => settled.push('1'));
  const second = store([2]).then(() => settled.push('2'));
  const third = store([3, 4]).then(() => settled.push('3'));
  assert.deepEqual(calls, [[1]], 'the others wait for the first write');
  finish[0]!();
  await first;
  await writesReach(calls, 2);
  assert.deepEqual(calls, [[1], [2, 3, 4]], 'one write for everything that queued');
  assert.deepEqual(settled, ['1'], 'queued calls are not answered before their commit');
  finish[1]!();
  await Promise.all([second, third]);
  assert.deepEqual(settled, ['1', '2', '3']);
});

test('a failing group is retried call by call, so only the bad call fails', async () => {
  const { calls, finish, write } = controlledWrite((items) => items.includes(13));
  const store = groupCommit(write);
  const first = store([1]);
  const good = store([2]);
  const bad = store([13]);
  finish[0]!();
  await first;
  await writesReach(calls, 2);
  assert.deepEqual(calls.at(-1), [2, 13]);
  finish[1]!();
  await writesReach(calls, 3);
  assert.deepEqual(calls.at(-1), [2]);
  finish[2]!();
  await good;
  await writesReach(calls, 4);
  assert.deepEqual(calls.at(-1), [13]);
  finish[3]!();
  await assert.rejects(bad, /bad 13/);
});

test('a group holds at most maxItems items, but never splits one call', async () => {
  const { calls, finish, write } = controlledWrite();
  const store = groupCommit(write, 3);
  const all = [store([0]), store([1, 2]), store([3, 4]), store([5, 6, 7, 8])];
  for (let i = 0; i < 4; i++) {
    await writesReach(calls, i + 1);
    finish[i]!();
  }
  await Promise.all(all);
  assert.deepEqual(calls, [[0], [1, 2], [3, 4], [5, 6, 7, 8]]);
});

test('groupedIngest: storeIncoming is group-committed, by the given writer when there is one; the rest is the repository\'s', async () => {
  const stored: string[][] = [];
  const written: string[][] = [];
  const ids = (batch: IncomingEmail[]) => batch.map((m) => m.email.id);
  const count = async () => 7;
  const emails = { storeIncoming: async (batch: IncomingEmail[]) => void stored.push(ids(batch)), count } as unknown as EmailRepository;
  const message = (id: string) => ({ email: { id }, raw: Buffer.alloc(0), attachments: [] }) as unknown as IncomingEmail;

  const own = groupedIngest(emails);
  assert.equal(own.count, count);
  await Promise.all([own.storeIncoming([message('a')]), own.storeIncoming([message('b')]), own.storeIncoming([message('c')])]);
  assert.deepEqual(stored, [['a'], ['b', 'c']], 'what arrived during the first write shared the next');

  const threaded = groupedIngest(emails, async (batch) => void written.push(ids(batch)));
  await threaded.storeIncoming([message('d')]);
  assert.deepEqual(written, [['d']]);
  assert.equal(stored.length, 2, 'the repository itself wrote nothing more');
  assert.notEqual(emails.storeIncoming, own.storeIncoming, 'the given repository is left as it was');
});
