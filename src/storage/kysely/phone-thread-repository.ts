import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema.js';
import type { PhoneThreadItemRecord, PhoneThreadRecord, PhoneThreadRepository, SmsDirection } from '../ports.js';
import { pageOffset } from '../../core/paging.js';
import { fromMillis } from './rows.js';

interface ItemRow {
  id: string;
  phone_id: string;
  phone_number: string;
  other_number: string;
  direction: SmsDirection;
  body: string;
  created_at: number | string;
}

/**
 * Every message of the tenant (of one number, and with one other number, when given) as a
 * thread item: received SMS are INBOUND from their sender, sent SMS OUTBOUND to their recipient.
 */
function items(tenantId: string, phoneId?: string, otherNumber?: string): RawBuilder<ItemRow> {
  const received = [sql`tenant_id = ${tenantId}`];
  const sent = [sql`tenant_id = ${tenantId}`];
  if (phoneId !== undefined) {
    received.push(sql`phone_id = ${phoneId}`);
    sent.push(sql`phone_id = ${phoneId}`);
  }
  if (otherNumber !== undefined) {
    received.push(sql`from_number = ${otherNumber}`);
    sent.push(sql`to_number = ${otherNumber}`);
  }
  return sql<ItemRow>`
    select id, phone_id, to_number as phone_number, from_number as other_number, 'INBOUND' as direction, body, created_at
      from sms_messages where ${sql.join(received, sql` and `)}
    union all
    select id, phone_id, from_number as phone_number, to_number as other_number, 'OUTBOUND' as direction, body, created_at
      from sent_sms where ${sql.join(sent, sql` and `)}`;
}

export function phoneThreadRepository(db: Kysely<Database>): PhoneThreadRepository {
  return {
    async threads(tenantId, phoneId, page) {
      const all = items(tenantId, phoneId);
      const [rows, count] = await Promise.all([
        sql<ItemRow>`
          with items as (${all}),
          ranked as (
            select items.*, row_number() over (partition by phone_id, other_number order by created_at desc, id desc) as rn from items
          )
          select id, phone_id, phone_number, other_number, direction, body, created_at from ranked where rn = 1
          order by created_at desc, id desc
          limit ${page.size} offset ${pageOffset(page)}`.execute(db),
        sql<{ n: number | string }>`
          with items as (${all})
          select count(*) as n from (select distinct phone_id, other_number from items) threads`.execute(db),
      ]);
      return {
        items: rows.rows.map((row): PhoneThreadRecord => ({
          phoneId: row.phone_id,
          phoneNumber: row.phone_number,
          otherNumber: row.other_number,
          lastDirection: row.direction,
          lastBody: row.body,
          lastCreatedAt: fromMillis(Number(row.created_at)),
        })),
        total: Number(count.rows[0]?.n ?? 0),
      };
    },

    async items(tenantId, phoneId, otherNumber, page) {
      const all = items(tenantId, phoneId, otherNumber);
      const direction = page.sort === 'DESC' ? sql`desc` : sql`asc`;
      const [rows, count] = await Promise.all([
        sql<ItemRow>`
          with items as (${all})
          select * from items order by created_at ${direction}, id ${direction}
          limit ${page.size} offset ${pageOffset(page)}`.execute(db),
        sql<{ n: number | string }>`with items as (${all}) select count(*) as n from items`.execute(db),
      ]);
      return {
        items: rows.rows.map((row): PhoneThreadItemRecord => {
          const inbound = row.direction === 'INBOUND';
          return {
            id: row.id,
            phoneId: row.phone_id,
            direction: row.direction,
            fromNumber: inbound ? row.other_number : row.phone_number,
            toNumber: inbound ? row.phone_number : row.other_number,
            body: row.body,
            createdAt: fromMillis(Number(row.created_at)),
          };
        }),
        total: Number(count.rows[0]?.n ?? 0),
      };
    },

    async deleteItems(tenantId, phoneId, otherNumber) {
      return db.transaction().execute(async (tx) => {
        const received = await tx.deleteFrom('sms_messages')
          .where('tenant_id', '=', tenantId).where('phone_id', '=', phoneId).where('from_number', '=', otherNumber).executeTakeFirst();
        const sent = await tx.deleteFrom('sent_sms')
          .where('tenant_id', '=', tenantId).where('phone_id', '=', phoneId).where('to_number', '=', otherNumber).executeTakeFirst();
        return Number(received.numDeletedRows) + Number(sent.numDeletedRows);
      });
    },
  };
}
