import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from './sqlite.js';
import { idleCheckpoints } from './checkpoints.js';

/** A WAL database whose commits never checkpoint by themselves, with a 4 KB row per insert. */
function walDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'pigeonhole-checkpoints-'));
  const file = join(dir, 'test.db');
  const connection = openSqlite(file, { autoCheckpoint: false });
  connection.exec('create table t (body blob)');
  const insert = connection.prepare('insert into t (body) values (?)');
  return {
    connection,
    write: () => insert.run(Buffer.alloc(4096, 7)),
    /** pages copied from the WAL into the database file grow it */
    fileBytes: () => statSync(file).size,
    cleanup: () => {
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test('no commit checkpoints by itself; once enough groups committed and the writer is idle, one checkpoint copies the WAL', async () => {
  const db = walDatabase();
  try {
    let done!: () => void;
    const checkpointed = new Promise<void>((resolve) => (done = resolve));
    let count = 0;
    const checkpoints = idleCheckpoints(db.connection, { afterGroups: 3, idleMs: 1, forceAfterGroups: 100, onCheckpoint: () => (count++, done()) });
    const empty = db.fileBytes();
    for (let i = 0; i < 3; i++) {
      checkpoints.busy();
      db.write();
      checkpoints.committed();
    }
    assert.equal(db.fileBytes(), empty, 'the rows are in the WAL only: no commit checkpointed');
    await checkpointed;
    assert.equal(count, 1);
    assert.ok(db.fileBytes() >= empty + 3 * 4096, 'the checkpoint copied the rows into the database file');
  } finally {
    db.cleanup();
  }
});

test('a group arriving cancels an idle checkpoint; a writer never idle checkpoints after forceAfterGroups', () => {
  const db = walDatabase();
  try {
    let count = 0;
    const checkpoints = idleCheckpoints(db.connection, { afterGroups: 2, idleMs: 60_000, forceAfterGroups: 5, onCheckpoint: () => count++ });
    for (let i = 0; i < 4; i++) {
      checkpoints.busy();
      db.write();
      checkpoints.committed();
    }
    assert.equal(count, 0, 'busy all along: nothing yet');
    const before = db.fileBytes();
    checkpoints.busy();
    db.write();
    checkpoints.committed();
    assert.equal(count, 1, 'the fifth group forced it');
    assert.ok(db.fileBytes() > before);
    checkpoints.close();
  } finally {
    db.cleanup();
  }
});
