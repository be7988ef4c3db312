import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/** A task that ran past its time budget; the thread running it was terminated. */
export class TaskOverBudget extends Error {
  override readonly name = 'TaskOverBudget';
  constructor(readonly budgetMs: number) {
    super(`task took longer than its budget of ${budgetMs} ms`);
  }
}

/** A worker that died under its task (out of memory, a crash): the task's own fault, not the caller's. */
export class TaskFailed extends Error {
  override readonly name = 'TaskFailed';
}

/** The young generation of each worker thread, in MiB. */
export const WORKER_YOUNG_GENERATION_MB = 8;

export interface WorkerPoolOptions {
  /** the worker module: each task calls one of its exported functions, by name (see `workerModule`) */
  file: URL;
  /** most threads at once */
  threads: number;
  /** the heap one worker may grow to, in MiB: a task past it kills its worker, not the process */
  maxHeapMb?: number;
}

/**
 * A pool of worker threads (piscina) for CPU-heavy work whose cost grows with its input, so
 * that one large task never holds the event loop every connection shares. Each task has a
 * time budget: past it the thread is terminated (the only way to stop synchronous code) and
 * the task rejects with TaskOverBudget; piscina starts a fresh thread in its place.
 */
export class WorkerPool {
  private readonly pool: Piscina;
  private readonly threads: number;
  /** tasks handed to piscina (at most one per thread) and those waiting for a thread, in order */
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** the task `warm` ran, run again on each thread that replaces a lost one */
  private warmUp: { task: unknown; name: string } | null = null;

  constructor(options: WorkerPoolOptions) {
    const threads = Math.max(1, options.threads);
    this.threads = threads;
    this.pool = new Piscina({
      filename: fileURLToPath(options.file),
      minThreads: threads,
      maxThreads: threads,
      // tasks wait for a thread in `waiting` (below), so piscina's own queue stays empty
      maxQueue: Infinity,
      idleTimeout: Infinity,
      // A small young generation: V8's default (up to 48 MB a thread) grows under load to hold
      // what a parse leaves behind for a few milliseconds; collected more often instead, at a
      // fraction of the memory, which each thread would otherwise keep for good.
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 1024, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
  }

  /**
   * Runs `task` through the worker module's export `name` ('default' for its default export).
   * The budget counts from when a thread takes the task: time spent waiting behind other
   * tasks is the server being busy, not the task being costly, and must not cut it.
   */
  async run<Out>(task: unknown, budgetMs: number, name = 'default'): Promise<Out> {
    await this.takeThread();
    const budget = AbortSignal.timeout(budgetMs);
    let threadLost = false;
    try {
      return (await this.pool.run(task, { signal: budget, name })) as Out;
    } catch (err) {
      threadLost = budget.aborted || isWorkerDeath(err);
      if (budget.aborted) throw new TaskOverBudget(budgetMs);
      if (isWorkerDeath(err)) throw new TaskFailed(`worker thread died running the task: ${(err as Error).message}`);
      throw err;
    } finally {
      if (threadLost) void this.replaceThenRelease();
      else this.releaseThread();
    }
  }

  /**
   * A lost thread's place is handed on only once its replacement has loaded its code: the
   * next task's budget would otherwise count the replacement's start (seconds under tsx, on
   * a busy machine), and cut a task that is not costly at all.
   */
  private async replaceThenRelease(): Promise<void> {
    try {
      if (this.warmUp) await this.pool.run(this.warmUp.task, { name: this.warmUp.name });
    } catch {
      // a replacement that cannot even warm up fails the next task on its own terms
    } finally {
      this.releaseThread();
    }
  }

  private async takeThread(): Promise<void> {
    if (this.running < this.threads) {
      this.running++;
      return;
    }
    // the releasing task hands its place over directly
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseThread(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }

  /**
   * Resolves once every thread has loaded its module and run `task` once: a thread's first
   * task otherwise pays for loading the worker's code (from source under tsx, seconds).
   */
  async warm(task: unknown, name = 'default'): Promise<void> {
    this.warmUp = { task, name };
    await Promise.all(Array.from({ length: this.threads }, () => this.pool.run(task, { name })));
  }

  /** Stops every thread; tasks still queued reject. */
  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

const isWorkerDeath = (err: unknown) =>
  err instanceof Error && /ERR_WORKER_OUT_OF_MEMORY|terminated|exited/i.test(`${(err as { code?: string }).code ?? ''} ${err.message}`);

/**
 * The URL of a worker module next to `importerUrl`: `.ts` when running from source (tsx,
 * whose loader the worker inherits through execArgv), `.js` from the build.
 */
export function workerModule(importerUrl: string, name: string): URL {
  const extension = importerUrl.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./${name}${extension}`, importerUrl);
}
