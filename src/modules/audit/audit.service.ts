import type { Clock } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { AuditLogCursor, AuditLogFilter, AuditLogRecord, AuditLogRepository } from '../../storage/ports.js';

/** What a transport reports; the service adds the id and the time. Never bodies or secrets. */
export interface AuditEntry {
  /** '' when a failed login names no known tenant */
  tenantId: string;
  /** the operationId, `graphql.<field>` or `login.<protocol>` */
  action: string;
  userId?: string | null;
  actorUserId?: string | null;
  targetUserId?: string | null;
  resourceType?: string | null;
  resourceId?: string | null;
  outcome: 'SUCCESS' | 'FAILURE';
  requestId?: string | null;
  ipAddress?: string | null;
  /** small facts: status, apiKeyId, method, route (serialized as metadataJson) */
  metadata?: Record<string, unknown>;
}

export interface AuditSearch extends AuditLogFilter {
  pageSize?: number;
  cursor?: string;
}

export interface AuditWriterOptions {
  /** how long an entry may wait before its batch is written */
  flushDelayMs?: number;
  /** a batch this big is written at once */
  batchSize?: number;
  /** entries held while the database is away; the oldest are dropped beyond it */
  maxPending?: number;
}

export const DEFAULT_AUDIT_PAGE_SIZE = 50;
export const MAX_AUDIT_PAGE_SIZE = 1000;
const PRUNE_BATCH = 1000;

interface Log {
  error(details: object, message: string): void;
}

/**
 * The audit log. `record` never waits: entries are held and written in batches shortly after
 * (one INSERT per batch, off the request's path); `flush` writes what is held (reads flush
 * first, so this node's own entries are always seen; close() flushes on shutdown).
 */
export class AuditLogService {
  private pending: AuditLogRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private readonly flushDelayMs: number;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(
    private readonly repo: AuditLogRepository,
    private readonly clock: Clock,
    /** where batches that could not be written are reported */
    public log?: Log,
    options: AuditWriterOptions = {},
  ) {
    this.flushDelayMs = options.flushDelayMs ?? 200;
    this.batchSize = options.batchSize ?? 200;
    this.maxPending = options.maxPending ?? 20_000;
  }

  record(entry: AuditEntry): void {
    this.pending.push({
      id: newId(),
      tenantId: entry.tenantId,
      eventTs: this.clock.now(),
      action: entry.action,
      userId: entry.userId ?? null,
      actorUserId: entry.actorUserId ?? null,
      targetUserId: entry.targetUserId ?? null,
      resourceType: entry.resourceType ?? null,
      resourceId: entry.resourceId ?? null,
      outcome: entry.outcome,
      requestId: entry.requestId ?? null,
      ipAddress: entry.ipAddress ?? null,
      metadataJson: entry.metadata ? JSON.stringify(entry.metadata) : null,
    });
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.splice(0, this.pending.length - this.maxPending);
      this.log?.error({ dropped: dropped.length }, 'audit log: entries dropped while the database could not take them');
    }
    if (this.pending.length >= this.batchSize) void this.flush().catch(() => undefined);
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush().catch(() => undefined);
      }, this.flushDelayMs);
      this.timer.unref();
    }
  }

  /** Writes every entry recorded so far (after a write under way). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.length === 0) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const batch = this.pending;
    this.pending = [];
    const write = this.repo.insertMany(batch).catch((err: unknown) => {
      // Kept for the next flush: nothing is lost while the database is briefly away.
      this.pending = [...batch, ...this.pending];
      this.log?.error({ err, entries: batch.length }, 'audit log: writing a batch failed; it is tried again');
      throw err;
    });
    this.writing = write.finally(() => {
      this.writing = undefined;
    }).catch(() => undefined);
    await write;
  }

  /** Writes what is held; called on shutdown after the listeners have stopped. */
  async close(): Promise<void> {
    await this.flush().catch(() => undefined);
  }

  async search(tenantId: string, options: AuditSearch): Promise<{ items: AuditLogRecord[]; nextCursor: string | null }> {
    await this.flush().catch(() => undefined);
    const pageSize = options.pageSize ?? DEFAULT_AUDIT_PAGE_SIZE;
    const after = options.cursor ? decodeCursor(options.cursor) : undefined;
    const { pageSize: _size, cursor: _cursor, ...filter } = options;
    const rows = await this.repo.search(tenantId, filter, pageSize + 1, after);
    const items = rows.slice(0, pageSize);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > pageSize && last ? encodeCursor({ eventTs: last.eventTs, id: last.id }) : null };
  }

  async get(tenantId: string, eventId: string, window: { since?: Date; before?: Date } = {}): Promise<AuditLogRecord> {
    await this.flush().catch(() => undefined);
    const record = await this.repo.find(tenantId, eventId);
    const inWindow = record
      && (!window.since || record.eventTs.getTime() >= window.since.getTime())
      && (!window.before || record.eventTs.getTime() < window.before.getTime());
    if (!record || !inWindow) throw notFound(`No audit log event ${eventId}`);
    return record;
  }

  /** Deletes events older than `retentionDays`; resolves to how many. */
  async prune(retentionDays: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - retentionDays * 86_400_000);
    let total = 0;
    for (;;) {
      const deleted = await this.repo.prune(before, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }
}

export function encodeCursor(cursor: AuditLogCursor): string {
  return Buffer.from(`${cursor.eventTs.getTime()}:${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string): AuditLogCursor {
  const match = /^(\d{1,16}):([0-9a-f-]{36})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  const eventTs = new Date(Number(match?.[1]));
  if (!match || Number.isNaN(eventTs.getTime())) throw badRequest('cursor is not one this server gave out: pass nextCursor from the previous page');
  return { eventTs, id: match[2]! };
}
