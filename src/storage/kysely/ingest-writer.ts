/**
 * SQLite ingest on a writer thread. better-sqlite3 is synchronous: storing mail on the
 * main thread blocked the event loop for every statement and every fsync, so while one
 * message committed no other could be received or parsed, and nothing ever queued up to
 * share a commit. Here a worker thread with its own connection to the same file stores
 * the groups (group-commit.ts): while it runs one transaction and its fsync, the main
 * thread keeps accepting and parsing, and what queued meanwhile becomes the next group.
 *
 * Durability is unchanged: the worker answers after COMMIT returned (synchronous=FULL),
 * and only then does the caller's promise resolve and the SMTP 250 go out.
 */
import { Worker } from 'node:worker_threads';
import type { IncomingEmail, Repositories } from '../ports.js';
import { groupedIngest } from '../group-commit.js';

export type WriterRequest =
  | { type: 'store'; id: number; items: IncomingEmail[] }
  | { type: 'discard-events'; id: number; ids: string[]; now: number }
  | { type: 'close' };
export type WriterReply =
  | { id: number; threadIds: Array<string | null>; duplicateOf: Array<string | null> }
  | { id: number; removed: number }
  | { id: number; error: { name: string; message: string; code?: string } };
type Answer = Exclude<WriterReply, { error: unknown }>;

export interface IngestWriter {
  /** Stores the batch in one transaction on the writer thread; sets each email.threadId and duplicateOf. */
  storeIncoming(batch: IncomingEmail[]): Promise<void>;
  /**
   * DomainEventRepository.discard on the writer thread: every stored email records a domain
   * event, and removing those nothing listens to on the main connection would wait there,
   * event loop stalled, for the lock this thread holds through each group's commit. Here it
   * queues between two groups instead.
   */
  discardEvents(ids: string[], now: number): Promise<number>;
  close(): Promise<void>;
}

/** A small young generation, as the mail worker threads have (core/worker-pool.ts says why). */
const WRITER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/**
 * The built worker; or, when this module runs as TypeScript source under tsx (tests, dev),
 * the .ts worker loaded through tsx, whose loader hooks workers do not inherit on Node 20.
 */
function spawnWorker(file: string): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./ingest-writer.worker.js', import.meta.url), { workerData: { file }, resourceLimits: WRITER_LIMITS });
  const source = new URL('./ingest-writer.worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData: { file }, resourceLimits: WRITER_LIMITS });
}

export function ingestWriter(file: string): IngestWriter {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { answer(reply: Answer): void; reject(err: Error): void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  // An idle writer never keeps the process alive; one with groups in flight does, and so
  // does one closing (close() waits for its exit, after the answers to what it was sent).
  const settle = (w: Worker) => {
    if (pending.size === 0 && worker === w) w.unref();
  };

  // Started on first use: after the main connection has migrated the schema.
  const start = (): Worker => {
    const w = spawnWorker(file);
    w.on('message', (reply: WriterReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      settle(w);
      if ('error' in reply) {
        p.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, code: reply.error.code }));
        return;
      }
      p.answer(reply);
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      // a writer that died mid-group left its transaction uncommitted: those callers fail
      failAll(new Error(`the ingest writer thread exited (code ${code})`));
    });
    return w;
  };

  return {
    storeIncoming(batch) {
      if (batch.length === 0) return Promise.resolve();
      worker ??= start();
      const id = nextId++;
      // Bytes go over as exact copies, moved rather than cloned: a small Buffer is a view
      // of Node's shared 8 KB pool, and cloning a view clones all of its pool.
      const transfer: ArrayBuffer[] = [];
      const moved = (bytes: Buffer): Buffer => {
        const copy = new Uint8Array(bytes.length);
        copy.set(bytes);
        transfer.push(copy.buffer);
        return copy as Buffer;
      };
      const items = batch.map(({ email, raw, attachments, dedupeSince, followUps }) => ({
        email, raw: moved(raw), attachments: attachments.map(({ record, content }) => ({ record, content: moved(content) })), dedupeSince, followUps,
      }));
      const request: WriterRequest = { type: 'store', id, items };
      return new Promise<void>((resolve, reject) => {
        const answer = (reply: Answer) => {
          if ('threadIds' in reply) {
            batch.forEach((item, i) => {
              item.email.threadId = reply.threadIds[i];
              if (reply.duplicateOf[i]) item.duplicateOf = reply.duplicateOf[i]!;
              else delete item.duplicateOf;
            });
          }
          resolve();
        };
        pending.set(id, { answer, reject });
        worker!.ref();
        worker!.postMessage(request, transfer);
      });
    },
    discardEvents(ids, now) {
      if (ids.length === 0) return Promise.resolve(0);
      worker ??= start();
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { answer: (reply) => resolve('removed' in reply ? reply.removed : 0), reject });
        worker!.ref();
        worker!.postMessage({ type: 'discard-events', id, ids, now } satisfies WriterRequest);
      });
    },
    async close() {
      const w = worker;
      if (!w) return;
      worker = undefined;
      // the worker finishes the groups it was sent, then closes its connection and exits
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.ref();
      w.postMessage({ type: 'close' } satisfies WriterRequest);
      await exited;
    },
  };
}

/**
 * The ingest path, decorated in one place (openStore): incoming mail group-committed, its
 * groups written by the SQLite writer thread when there is one, and on that thread too the
 * discarding of domain events nothing listens to. Without a writer (PostgreSQL, in-memory
 * SQLite) the repositories write their own groups.
 */
export function onIngestPath(repos: Repositories, writer?: IngestWriter): Repositories {
  return {
    ...repos,
    emails: groupedIngest(repos.emails, writer?.storeIncoming),
    domainEvents: writer ? { ...repos.domainEvents, discard: writer.discardEvents } : repos.domainEvents,
  };
}
