/**
 * Wake latency: from the end of SMTP DATA (the client writing the final dot) to a waiting
 * waitForLatestEmail call returning the message. Light load: one message at a time, each to
 * a fresh inbox with a waiter already parked on it. `waiter` and `sender` may be different
 * nodes on one PostgreSQL database, which measures the LISTEN/NOTIFY hop as well. The same
 * client measures the floors (bench/wake-floor.ts): servers that only speak the protocol.
 */
import { Session, messageOf } from './loadgen.js';
import { startWakeFloor, type FloorMode, type WakeTarget } from './systems.js';

export interface LatencyResult {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function wakeLatency(waiter: WakeTarget, sender: WakeTarget, samples: number): Promise<LatencyResult> {
  const session = await Session.open(sender.smtpPort);
  const expect = async (line: string | Buffer | null, code: number) => {
    const [got, text] = line === null ? await session.reply() : await session.command(line);
    if (got !== code) throw new Error(`expected ${code}, got ${text}`);
  };
  await expect(null, 220);
  await expect('EHLO bench.test\r\n', 250);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const inbox = await waiter.api<{ id: string; emailAddress: string }>('POST', '/inboxes');
    const waiting = fetch(`${waiter.url}/waitForLatestEmail?inboxId=${inbox.id}&timeout=10000`, {
      headers: { 'x-api-key': waiter.apiKey },
    }).then(async (response) => {
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`waitForLatestEmail → ${response.status}`);
      return performance.now();
    });
    // Give the request time to reach the server and park its waiter; a waiter that is not
    // parked yet still finds the message in the store, so this only keeps samples honest.
    await pause(5);
    await expect('MAIL FROM:<bench@bench.test>\r\n', 250);
    await expect(`RCPT TO:<${inbox.emailAddress}>\r\n`, 250);
    await expect('DATA\r\n', 354);
    const message = Buffer.concat([messageOf({ from: 'bench@bench.test', to: inbox.emailAddress, sizeBytes: 2048 }, i), Buffer.from('.\r\n')]);
    const accepted = session.reply();
    const endOfData = performance.now();
    session.write(message);
    const [returned, [code]] = await Promise.all([waiting, accepted]);
    if (code !== 250) throw new Error(`message not accepted: ${code}`);
    times.push(returned - endOfData);
  }
  await session.command('QUIT\r\n');
  session.close();
  times.sort((a, b) => a - b);
  return { samples: times.length, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), maxMs: times.at(-1) ?? NaN };
}

export interface WakeFloors {
  /** the protocol alone: two connections and two processes woken (bench/wake-floor.ts) */
  bare: LatencyResult;
  /** the same with one durable SQLite commit of the message before the answer */
  durable: LatencyResult;
}

/** Both floors, measured by the same client as Pigeonhole is. */
export async function wakeFloors(samples: number): Promise<WakeFloors> {
  const measure = async (mode: FloorMode) => {
    const floor = await startWakeFloor(mode);
    try {
      return await wakeLatency(floor, floor, samples);
    } finally {
      await floor.stop();
    }
  };
  return { bare: await measure('bare'), durable: await measure('durable') };
}
