/** Storage port of the audit log (migration 0040). */

export interface AuditLogRecord {
  id: string;
  /** '' for a failed login that names no known tenant */
  tenantId: string;
  eventTs: Date;
  action: string;
  userId: string | null;
  actorUserId: string | null;
  targetUserId: string | null;
  resourceType: string | null;
  resourceId: string | null;
  outcome: string | null;
  requestId: string | null;
  ipAddress: string | null;
  metadataJson: string | null;
}

/** Every field of AuditLogSearchOptions but paging; each given one must match exactly. */
export interface AuditLogFilter {
  since?: Date;
  before?: Date;
  action?: string;
  userId?: string;
  actorUserId?: string;
  targetUserId?: string;
  resourceType?: string;
  resourceId?: string;
  outcome?: string;
  requestId?: string;
  ipAddress?: string;
  eventId?: string;
}

/** Where a page starts: after this event in newest-first order. */
export interface AuditLogCursor {
  eventTs: Date;
  id: string;
}

export interface AuditLogRepository {
  /** Stores a batch in one statement (or a few). */
  insertMany(records: readonly AuditLogRecord[]): Promise<void>;
  /** Newest first, at most `limit`, strictly after `after`. */
  search(tenantId: string, filter: AuditLogFilter, limit: number, after?: AuditLogCursor): Promise<AuditLogRecord[]>;
  find(tenantId: string, eventId: string): Promise<AuditLogRecord | undefined>;
  /** Deletes events older than `before` (at most `batch` of them); resolves to how many. */
  prune(before: Date, batch: number): Promise<number>;
}
