/** Storage port of exports (ExportController): the rows an export writes, and what was exported before. */

export type ExportType = 'INBOXES' | 'CONTACTS' | 'ATTACHMENTS' | 'EMAILS';

export interface ExportFilter {
  /** createdAt at or after */
  createdFrom?: Date;
  /** createdAt at or before */
  createdTo?: Date;
  /** leave out entities an earlier export with this flag already wrote */
  excludePreviouslyExported?: boolean;
}

/** One entity as a row of named values; lists stay lists (the service joins them). */
export type ExportRow = Record<string, string | number | boolean | null | string[]>;

export interface ExportRepository {
  /** The tenant's entities of `type`, oldest first, at most `limit`; each row has an `id`. */
  rows(tenantId: string, type: ExportType, filter: ExportFilter, limit: number): Promise<ExportRow[]>;
  /** Remembers these entities as exported (for excludePreviouslyExported). */
  markExported(tenantId: string, type: ExportType, ids: string[], at: Date): Promise<void>;
}
