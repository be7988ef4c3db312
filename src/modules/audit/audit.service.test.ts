import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { FakeAuditLogRepository } from '../../../test/fakes/audit-logs.js';
import { AuditLogService, decodeCursor, encodeCursor, type AuditEntry } from './audit.service.js';

const entry = (action: string, tenantId = 't1'): AuditEntry => ({ tenantId, action, outcome: 'SUCCESS', userId: tenantId });

describe('AuditLogService', () => {
  test('record never writes on the caller\'s path; a full batch or flush writes it in one insert', async () => {
    const repo = new FakeAuditLogRepository();
    let inserts = 0;
    const insert = repo.insertMany.bind(repo);
    repo.insertMany = async (records) => {
      inserts++;
      await insert(records);
    };
    const audit = new AuditLogService(repo, new ManualClock(new Date('2026-01-01T00:00:00Z')), undefined, { batchSize: 3, flushDelayMs: 60_000 });
    audit.record(entry('a'));
    audit.record(entry('b'));
    assert.equal(repo.rows.length, 0, 'held, not written');
    audit.record(entry('c'));
    await audit.flush();
    assert.equal(inserts, 1, 'the full batch went in one insert');
    assert.deepEqual(repo.rows.map((r) => r.action), ['a', 'b', 'c']);
    audit.record(entry('d'));
    await audit.close();
    assert.deepEqual(repo.rows.map((r) => r.action), ['a', 'b', 'c', 'd'], 'close writes what is held');
  });

  test('a batch the database refused is kept and written by the next flush', async () => {
    const repo = new FakeAuditLogRepository();
    const errors: string[] = [];
    const audit = new AuditLogService(repo, new ManualClock(new Date('2026-01-01T00:00:00Z')), { error: (_d, m) => errors.push(m) }, { flushDelayMs: 60_000 });
    audit.record(entry('a'));
    repo.failNext = true;
    await assert.rejects(audit.flush());
    assert.equal(errors.length, 1);
    audit.record(entry('b'));
    await audit.flush();
    assert.deepEqual(repo.rows.map((r) => r.action), ['a', 'b']);
  });

  test('search pages newest first with a cursor, one tenant only, and reads what is still held', async () => {
    const repo = new FakeAuditLogRepository();
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const audit = new AuditLogService(repo, clock, undefined, { flushDelayMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      audit.record(entry(`call${i}`));
      clock.advance(1000);
    }
    audit.record(entry('other', 't2'));
    const first = await audit.search('t1', { pageSize: 2 });
    assert.deepEqual(first.items.map((r) => r.action), ['call4', 'call3']);
    const second = await audit.search('t1', { pageSize: 2, cursor: first.nextCursor! });
    assert.deepEqual(second.items.map((r) => r.action), ['call2', 'call1']);
    const last = await audit.search('t1', { pageSize: 2, cursor: second.nextCursor! });
    assert.deepEqual(last.items.map((r) => r.action), ['call0']);
    assert.equal(last.nextCursor, null);
    assert.deepEqual((await audit.search('t1', { action: 'other' })).items, []);
  });

  test('a cursor this server did not give out is a 400', async () => {
    const audit = new AuditLogService(new FakeAuditLogRepository(), new ManualClock(new Date()));
    await assert.rejects(audit.search('t1', { cursor: 'garbage' }), (err: unknown) => err instanceof AppError && err.code === 'BAD_REQUEST');
    const outOfRange = Buffer.from('9999999999999999:0b6a2f4e-6f2a-4a51-8d43-0c5b4c5c8f11').toString('base64url');
    await assert.rejects(audit.search('t1', { cursor: outOfRange }), (err: unknown) => err instanceof AppError && err.code === 'BAD_REQUEST');
    const cursor = { eventTs: new Date(1234), id: '0b6a2f4e-6f2a-4a51-8d43-0c5b4c5c8f11' };
    assert.deepEqual(decodeCursor(encodeCursor(cursor)), cursor);
  });

  test('prune deletes only events older than the retention', async () => {
    const repo = new FakeAuditLogRepository();
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const audit = new AuditLogService(repo, clock, undefined, { flushDelayMs: 60_000 });
    audit.record(entry('old'));
    clock.advance(10 * 86_400_000);
    audit.record(entry('new'));
    await audit.flush();
    assert.equal(await audit.prune(5), 1);
    assert.deepEqual(repo.rows.map((r) => r.action), ['new']);
  });

  test('get is 404 for another tenant\'s event and outside since/before', async () => {
    const repo = new FakeAuditLogRepository();
    const audit = new AuditLogService(repo, new ManualClock(new Date('2026-01-01T00:00:00Z')));
    audit.record(entry('a'));
    const [event] = (await audit.search('t1', {})).items;
    assert.equal((await audit.get('t1', event!.id)).action, 'a');
    const notFound = (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND';
    await assert.rejects(audit.get('t2', event!.id), notFound);
    await assert.rejects(audit.get('t1', event!.id, { before: new Date('2025-01-01T00:00:00Z') }), notFound);
  });
});
