import { Worker } from 'node:worker_threads';

/** One match: where it starts and its groups (0 = the whole match; null = group did not take part). */
export interface RegexMatch {
  index: number;
  groups: Array<string | null>;
}

export class RegexTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`matching took longer than ${timeoutMs} ms`);
    this.name = 'RegexTimeoutError';
  }
}

export interface RegexRunnerOptions {
  /** longest one job may run before the worker is killed (default 1000 ms) */
  timeoutMs?: number;
  /** an idle worker is stopped after this long (default 30 s) */
  idleMs?: number;
}

interface Job {
  source: string;
  flags: string;
  inputs: string[];
  /** every match (up to limit) or only the first */
  all: boolean;
  limit: number;
}

type Reply = { id: number; results: RegexMatch[][] } | { id: number; error: string };

// Runs in the worker: plain CommonJS, no TypeScript, no imports from the app.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, source, flags, inputs, all, limit }) => {
  try {
    const re = new RegExp(source, flags.includes('g') ? flags : flags + 'g');
    const results = inputs.map((input) => {
      const found = [];
      re.lastIndex = 0;
      let m;
      while ((m = re.exec(input)) !== null) {
        found.push({ index: m.index, groups: Array.from(m, (g) => (g === undefined ? null : g)) });
        if (!all || found.length >= limit) break;
        if (m[0] === '') re.lastIndex++;
      }
      return found;
    });
    parentPort.postMessage({ id, results });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message) });
  }
});
`;

/**
 * Runs user-supplied regular expressions off the main thread with a time limit. JavaScript
 * regexes backtrack, so a pattern like `(a+)+$` can run for minutes on a short input; here it
 * only costs its own job: the worker is terminated at the limit (RegexTimeoutError) and a
 * fresh one serves the next job. Jobs run one at a time in arrival order; the worker never
 * keeps the process alive and stops when idle.
 */
export class RegexRunner {
  private worker: Worker | undefined;
  /** settles when the current worker runs its code: a job's time limit starts then, not while a busy machine starts the thread */
  private online: Promise<void> = Promise.resolve();
  private nextId = 1;
  private tail: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly timeoutMs: number;
  private readonly idleMs: number;

  constructor(options: RegexRunnerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 1000;
    this.idleMs = options.idleMs ?? 30_000;
  }

  /** Matches of `source`/`flags` in each input (the RegExp must already be known to compile). */
  exec(regex: RegExp, inputs: string[], options: { all: boolean; limit?: number }): Promise<RegexMatch[][]> {
    const job: Job = { source: regex.source, flags: regex.flags, inputs, all: options.all, limit: options.limit ?? 1000 };
    const run = this.tail.then(() => this.run(job));
    this.tail = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private async run(job: Job): Promise<RegexMatch[][]> {
    clearTimeout(this.idleTimer);
    const worker = this.ensureWorker();
    await this.online;
    const id = this.nextId++;
    return new Promise<RegexMatch[][]>((resolve, reject) => {
      const finish = (outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        outcome();
        this.scheduleIdleStop();
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        finish(() => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply.results)));
      };
      const onError = (err: Error) => {
        this.discard(worker);
        finish(() => reject(err));
      };
      const onExit = () => {
        this.discard(worker);
        finish(() => reject(new Error('the regex worker stopped unexpectedly')));
      };
      // Not unref'd: a pending job keeps the process alive until it answers or times out.
      const timer = setTimeout(() => {
        this.discard(worker);
        void worker.terminate();
        finish(() => reject(new RegexTimeoutError(this.timeoutMs)));
      }, this.timeoutMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, ...job });
    });
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      // execArgv: [] so the worker does not load the parent's loaders (tsx in tests).
      // Kept referenced until it runs (a job is waiting for it), then the job's timer keeps the process alive.
      const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
      // A worker that fails to start rejects nothing here: the job's own error/exit handlers report it.
      this.online = new Promise<void>((resolve) => {
        worker.once('online', () => {
          worker.unref();
          resolve();
        });
        worker.once('error', () => resolve());
        worker.once('exit', () => resolve());
      });
      this.worker = worker;
    }
    return this.worker;
  }

  private discard(worker: Worker): void {
    if (this.worker === worker) this.worker = undefined;
  }

  private scheduleIdleStop(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
    this.idleTimer.unref();
  }
}
