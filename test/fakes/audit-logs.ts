import type { AuditLogCursor, AuditLogFilter, AuditLogRecord, AuditLogRepository } from '../../src/storage/ports.js';

/** The audit log in memory, newest first like the Kysely repository. */
export class FakeAuditLogRepository implements AuditLogRepository {
  readonly rows: AuditLogRecord[] = [];
  /** set to make the next insertMany fail (the database away) */
  failNext = false;

  async insertMany(records: readonly AuditLogRecord[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database away');
    }
    this.rows.push(...records.map((r) => ({ ...r })));
  }

  async search(tenantId: string, filter: AuditLogFilter, limit: number, after?: AuditLogCursor): Promise<AuditLogRecord[]> {
    const exact: Array<[keyof AuditLogRecord, string | undefined]> = [
      ['action', filter.action], ['userId', filter.userId], ['actorUserId', filter.actorUserId], ['targetUserId', filter.targetUserId],
      ['resourceType', filter.resourceType], ['resourceId', filter.resourceId], ['outcome', filter.outcome], ['requestId', filter.requestId],
      ['ipAddress', filter.ipAddress], ['id', filter.eventId],
    ];
    const newestFirst = (a: AuditLogRecord, b: AuditLogRecord) =>
      b.eventTs.getTime() - a.eventTs.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
    return this.rows
      .filter((r) => r.tenantId === tenantId)
      .filter((r) => !filter.since || r.eventTs >= filter.since)
      .filter((r) => !filter.before || r.eventTs < filter.before)
      .filter((r) => exact.every(([k, v]) => v === undefined || r[k] === v))
      .filter((r) => !after || r.eventTs < after.eventTs || (r.eventTs.getTime() === after.eventTs.getTime() && r.id < after.id))
      .sort(newestFirst)
      .slice(0, limit);
  }

  async find(tenantId: string, eventId: string): Promise<AuditLogRecord | undefined> {
    return this.rows.find((r) => r.tenantId === tenantId && r.id === eventId);
  }

  async prune(before: Date, batch: number): Promise<number> {
    const old = this.rows.filter((r) => r.eventTs < before).slice(0, batch);
    for (const r of old) this.rows.splice(this.rows.indexOf(r), 1);
    return old.length;
  }
}
