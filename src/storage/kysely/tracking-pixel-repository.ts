import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, TrackingPixelsTable } from '../schema.js';
import type { TrackingPixelFilter, TrackingPixelRecord, TrackingPixelRepository } from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { recordDomainEvents } from './domain-event-repository.js';
import { containsPattern, flag, fromMillis, fromMillisOrNull, isSet, toMillis } from './rows.js';

const toRecord = (row: Selectable<TrackingPixelsTable>): TrackingPixelRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  recipient: row.recipient,
  inboxId: row.inbox_id,
  sentEmailId: row.sent_email_id,
  seen: isSet(row.seen),
  seenAt: fromMillisOrNull(row.seen_at === null ? null : Number(row.seen_at)),
  createdAt: fromMillis(row.created_at),
});

function whereFilter(tenantId: string, filter: TrackingPixelFilter) {
  return (eb: ExpressionBuilder<Database, 'tracking_pixels'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.inboxId !== undefined) and.push(eb('inbox_id', '=', filter.inboxId));
    if (filter.sentEmailId !== undefined) and.push(eb('sent_email_id', '=', filter.sentEmailId));
    if (filter.sentOnly) and.push(eb('sent_email_id', 'is not', null));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or([like('name'), like('recipient'), like('id')]));
    }
    return eb.and(and);
  };
}

export function trackingPixelRepository(db: Kysely<Database>): TrackingPixelRepository {
  return {
    async create(pixel) {
      await db
        .insertInto('tracking_pixels')
        .values({
          id: pixel.id,
          tenant_id: pixel.tenantId,
          name: pixel.name,
          recipient: pixel.recipient,
          inbox_id: pixel.inboxId,
          sent_email_id: pixel.sentEmailId,
          seen: flag(pixel.seen),
          seen_at: pixel.seenAt ? toMillis(pixel.seenAt) : null,
          created_at: toMillis(pixel.createdAt),
        })
        .execute();
    },

    async findById(tenantId, id) {
      const row = await db.selectFrom('tracking_pixels').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async page(tenantId, filter, page) {
      const { items, total } = await paged(
        db.selectFrom('tracking_pixels').selectAll().where(whereFilter(tenantId, filter)), page, BY_CREATION,
      );
      return { items: items.map(toRecord), total };
    },

    async idsForSentEmail(tenantId, sentEmailId) {
      const rows = await db
        .selectFrom('tracking_pixels')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('sent_email_id', '=', sentEmailId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => r.id);
    },

    markSeen(id, at) {
      return db.transaction().execute(async (trx) => {
        // The guarded update decides which load is the first, even when two arrive at once.
        const changed = await trx
          .updateTable('tracking_pixels')
          .set({ seen: 1, seen_at: toMillis(at) })
          .where('id', '=', id)
          .where('seen', '=', 0)
          .executeTakeFirst();
        const row = await trx.selectFrom('tracking_pixels').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        const pixel = toRecord(row);
        const opened = Number(changed.numUpdatedRows) > 0;
        // The first load's domain event commits with the change (outbox): never announced unsaved, never lost.
        if (opened) {
          await recordDomainEvents(trx, [{ tenantId: pixel.tenantId, name: 'email.opened', inboxId: pixel.inboxId, entityId: pixel.id, occurredAt: at }]);
        }
        return { pixel, opened };
      });
    },
  };
}
