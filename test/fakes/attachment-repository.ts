/** AttachmentRepository in memory: uploads and the attachments of received emails, one table. */
import type { PageRequest } from '../../src/core/paging.js';
import type {
  AttachmentFilter, AttachmentListing, AttachmentRecord, AttachmentRepository, Slice,
} from '../../src/storage/ports.js';
import { bytes, contains, copy, inRange, ordered, pageOf, UniqueViolation } from './query.js';
import type { AttachmentRow, MemoryTables } from './tables.js';

export class FakeAttachmentRepository implements AttachmentRepository {
  constructor(private readonly tables: MemoryTables) {}

  async create(record: AttachmentRecord, content: Buffer): Promise<void> {
    if (this.tables.attachments.has(record.id)) throw new UniqueViolation(`attachments.id ${record.id}`);
    this.tables.attachments.set(record.id, { record: copy(record), content: bytes(content), position: 0 });
  }

  async findById(tenantId: string, id: string): Promise<AttachmentListing | undefined> {
    const row = this.tables.attachments.get(id);
    return row && row.record.tenantId === tenantId ? this.listing(row) : undefined;
  }

  async withContent(tenantId: string, id: string): Promise<{ record: AttachmentRecord; content: Buffer } | undefined> {
    const row = this.tables.attachments.get(id);
    return row && row.record.tenantId === tenantId ? { record: copy(row.record), content: bytes(row.content) } : undefined;
  }

  async page(tenantId: string, filter: AttachmentFilter, page: PageRequest): Promise<Slice<AttachmentListing>> {
    return pageOf(ordered(this.matching(tenantId, filter).map((row) => this.listing(row)), page.sort), page);
  }

  async deleteWhere(tenantId: string, filter: AttachmentFilter & { id?: string }): Promise<string[]> {
    const ids = this.matching(tenantId, filter).map((row) => row.record.id);
    for (const id of ids) this.tables.attachments.delete(id);
    return ids;
  }

  /** attachment-repository.ts's whereFilter, row by row. */
  private matching(tenantId: string, filter: AttachmentFilter & { id?: string }): AttachmentRow[] {
    return [...this.tables.attachments.values()].filter(({ record }) => {
      if (record.tenantId !== tenantId) return false;
      if (filter.id !== undefined && record.id !== filter.id) return false;
      // An empty list means "none of them", never "all".
      if (filter.ids && !filter.ids.includes(record.id)) return false;
      if (filter.emailId !== undefined && (filter.emailId === null || record.emailId !== filter.emailId)) return false;
      if (filter.inboxId !== undefined && this.inboxOf(record) !== filter.inboxId) return false;
      if (!inRange(record.createdAt, filter)) return false;
      if (filter.fileName && !contains(record.name, filter.fileName)) return false;
      return true;
    });
  }

  private inboxOf(record: AttachmentRecord): string | null {
    return record.emailId === null ? null : (this.tables.emails.get(record.emailId)?.email.inboxId ?? null);
  }

  private listing(row: AttachmentRow): AttachmentListing {
    return { ...copy(row.record), inboxId: this.inboxOf(row.record) };
  }
}
