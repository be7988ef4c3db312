/**
 * The ingest writer thread (see ingest-writer.ts): its own SQLite connection, on which it
 * stores the groups of incoming mail the main thread posts, one transaction per group,
 * and answers with the threads it assigned once the group has committed; and removes the
 * domain events nothing listens to (IngestWriter.discardEvents).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../schema.js';
import type { IncomingEmail } from '../ports.js';
import { kyselyDatabase, openSqlite } from './dialect/sqlite.js';
import { idleCheckpoints } from './dialect/checkpoints.js';
import { emailRepository } from './email-repository.js';
import { domainEventRepository } from './domain-event-repository.js';
import type { WriterReply, WriterRequest } from './ingest-writer.js';
import { nameThisThread } from '../../core/thread-name.js';

nameThisThread('ph-ingest-write');

const { file } = workerData as { file: string };
const connection = openSqlite(file, { autoCheckpoint: false });
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: kyselyDatabase(connection) }) });
const emails = emailRepository(db);
const domainEvents = domainEventRepository(db);
// checkpoints between groups, never inside a message's commit
const checkpoints = idleCheckpoints(connection);

/** Buffers arrive as plain Uint8Arrays; the driver binds Buffers as BLOBs. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// One group at a time, in arrival order: the main thread sends the next when this one is answered.
let chain = Promise.resolve();
parentPort!.on('message', (request: WriterRequest) => {
  checkpoints.busy();
  if (request.type === 'close') {
    chain = chain.then(async () => {
      checkpoints.close();
      await db.destroy();
      parentPort!.close();
    });
    return;
  }
  if (request.type === 'discard-events') {
    chain = chain.then(async () => {
      let reply: WriterReply;
      try {
        reply = { id: request.id, removed: await domainEvents.discard(request.ids, request.now) };
      } catch (err) {
        const e = err instanceof Error ? err : new Error(String(err));
        reply = { id: request.id, error: { name: e.name, message: e.message, code: (e as { code?: string }).code } };
      }
      parentPort!.postMessage(reply);
      checkpoints.committed(0);
    });
    return;
  }
  chain = chain.then(async () => {
    const batch: IncomingEmail[] = request.items.map((item) => ({
      email: item.email,
      raw: asBuffer(item.raw),
      attachments: item.attachments.map((a) => ({ record: a.record, content: asBuffer(a.content) })),
      dedupeSince: item.dedupeSince,
      followUps: item.followUps,
    }));
    let reply: WriterReply;
    try {
      await emails.storeIncoming(batch);
      reply = { id: request.id, threadIds: batch.map((b) => b.email.threadId ?? null), duplicateOf: batch.map((b) => b.duplicateOf ?? null) };
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      reply = { id: request.id, error: { name: e.name, message: e.message, code: (e as { code?: string }).code } };
    }
    parentPort!.postMessage(reply);
    checkpoints.committed();
  });
});
