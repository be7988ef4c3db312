import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { GuestPortalsTable, GuestPortalUsersTable, WarmupProgramsTable } from '../portals-tables.js';
import type {
  GuestPortalRecord, GuestPortalRepository, GuestUserFilter, GuestUserRecord, SenderSeatRepository, WarmupProgramRecord, WarmupRepository, WarmupState,
} from '../ports.js';
import { BY_CREATION, ordered, paged } from './paged.js';
import { containsPattern, fromMillis, fromMillisOrNull, toMillis, toMillisOrNull } from './rows.js';

const toPortal = (row: Selectable<GuestPortalsTable>): GuestPortalRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  description: row.description,
  linkHelp: row.link_help,
  domainId: row.domain_id,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toUser = (row: Selectable<GuestPortalUsersTable>): GuestUserRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  portalId: row.portal_id,
  name: row.name,
  username: row.username,
  emailAddress: row.email_address,
  inboxId: row.inbox_id,
  passwordHash: row.password_hash,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

function userFilter(tenantId: string, filter: GuestUserFilter) {
  return (eb: ExpressionBuilder<Database, 'guest_portal_users'>) => {
    const and = [eb('tenant_id', '=', tenantId)];
    if (filter.portalId) and.push(eb('portal_id', '=', filter.portalId));
    if (filter.since) and.push(eb('created_at', '>', toMillis(filter.since)));
    if (filter.before) and.push(eb('created_at', '<', toMillis(filter.before)));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
      and.push(eb.or(['username', 'name', 'email_address'].map(like)));
    }
    return eb.and(and);
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export function guestPortalRepository(db: Kysely<Database>): GuestPortalRepository {
  return {
    async create(p) {
      await db.insertInto('guest_portals').values({
        id: p.id, tenant_id: p.tenantId, name: p.name, description: p.description, link_help: p.linkHelp, domain_id: p.domainId,
        created_at: toMillis(p.createdAt), updated_at: toMillis(p.updatedAt),
      }).execute();
    },
    async findById(tenantId, id) {
      const row = await db.selectFrom('guest_portals').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toPortal(row);
    },
    async findAnyById(id) {
      const row = await db.selectFrom('guest_portals').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPortal(row);
    },
    async list(tenantId) {
      const rows = await ordered(db.selectFrom('guest_portals').selectAll().where('tenant_id', '=', tenantId), 'ASC', BY_CREATION).execute();
      return rows.map(toPortal);
    },
    async createUser(u) {
      try {
        await db.insertInto('guest_portal_users').values({
          id: u.id, tenant_id: u.tenantId, portal_id: u.portalId, name: u.name, username: u.username, email_address: u.emailAddress,
          inbox_id: u.inboxId, password_hash: u.passwordHash, created_at: toMillis(u.createdAt), updated_at: toMillis(u.updatedAt),
        }).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async findUser(tenantId, id) {
      const row = await db.selectFrom('guest_portal_users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toUser(row);
    },
    async findUserByUsername(portalId, username) {
      const row = await db.selectFrom('guest_portal_users').selectAll().where('portal_id', '=', portalId).where('username', '=', username).executeTakeFirst();
      return row && toUser(row);
    },
    async pageUsers(tenantId, filter, page) {
      const { items, total } = await paged(db.selectFrom('guest_portal_users').selectAll().where(userFilter(tenantId, filter)), page, BY_CREATION);
      return { items: items.map(toUser), total };
    },
  };
}

const toProgram = (row: Selectable<WarmupProgramsTable>): WarmupProgramRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  state: row.state as WarmupState,
  senderInboxIds: JSON.parse(row.sender_inbox_ids_json) as string[],
  seedAddresses: JSON.parse(row.seed_addresses_json) as string[],
  startVolume: Number(row.start_volume),
  dailyIncrease: Number(row.daily_increase),
  maxDailyVolume: Number(row.max_daily_volume),
  durationDays: Number(row.duration_days),
  subject: row.subject,
  activeMs: Number(row.active_ms),
  runningSince: fromMillisOrNull(row.running_since),
  startedAt: fromMillisOrNull(row.started_at),
  completedAt: fromMillisOrNull(row.completed_at),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const programRow = (p: WarmupProgramRecord) => ({
  name: p.name,
  state: p.state,
  sender_inbox_ids_json: JSON.stringify(p.senderInboxIds),
  seed_addresses_json: JSON.stringify(p.seedAddresses),
  start_volume: p.startVolume,
  daily_increase: p.dailyIncrease,
  max_daily_volume: p.maxDailyVolume,
  duration_days: p.durationDays,
  subject: p.subject,
  active_ms: p.activeMs,
  running_since: toMillisOrNull(p.runningSince),
  started_at: toMillisOrNull(p.startedAt),
  completed_at: toMillisOrNull(p.completedAt),
  updated_at: toMillis(p.updatedAt),
});

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function warmupRepository(db: Kysely<Database>): WarmupRepository {
  return {
    async create(p) {
      await db.insertInto('warmup_programs').values({ id: p.id, tenant_id: p.tenantId, created_at: toMillis(p.createdAt), ...programRow(p) }).execute();
    },
    async findById(tenantId, id) {
      const row = await db.selectFrom('warmup_programs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toProgram(row);
    },
    async page(tenantId, page) {
      const { items, total } = await paged(db.selectFrom('warmup_programs').selectAll().where('tenant_id', '=', tenantId), page, BY_CREATION);
      return { items: items.map(toProgram), total };
    },
    async list(tenantId) {
      const rows = await ordered(db.selectFrom('warmup_programs').selectAll().where('tenant_id', '=', tenantId), 'ASC', BY_CREATION).execute();
      return rows.map(toProgram);
    },
    async active() {
      const rows = await ordered(db.selectFrom('warmup_programs').selectAll().where('state', '=', 'ACTIVE'), 'ASC', BY_CREATION).execute();
      return rows.map(toProgram);
    },
    async update(p, expectedState) {
      const result = await db.updateTable('warmup_programs').set(programRow(p))
        .where('tenant_id', '=', p.tenantId).where('id', '=', p.id).where('state', '=', expectedState).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async delete(tenantId, id) {
      const result = await db.deleteFrom('warmup_programs').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async recordSend(s) {
      await db.insertInto('warmup_sends').values({
        id: s.id, tenant_id: s.tenantId, program_id: s.programId, day: s.day, sender_inbox_id: s.senderInboxId, recipient: s.recipient,
        sent_email_id: s.sentEmailId, error: s.error, created_at: toMillis(s.createdAt),
      }).execute();
    },
    async sentOn(programId, day) {
      const row = await db.selectFrom('warmup_sends').select((eb) => eb.fn.countAll().as('n'))
        .where('program_id', '=', programId).where('day', '=', day).where('error', 'is', null).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async sentPerProgram(tenantId) {
      const rows = await db.selectFrom('warmup_sends')
        .select((eb) => [
          'program_id',
          eb.fn.count<number>(sql`case when error is null then 1 end`).as('sent'),
          eb.fn.count<number>('error').as('failed'),
        ])
        .where('tenant_id', '=', tenantId).groupBy('program_id').execute();
      return rows.map((r) => ({ programId: r.program_id, sent: Number(r.sent), failed: Number(r.failed) }));
    },
    async sentPerDate(tenantId, since) {
      const rows = await db.selectFrom('warmup_sends').select('created_at')
        .where('tenant_id', '=', tenantId).where('error', 'is', null).where('created_at', '>=', toMillis(since)).execute();
      const counts = new Map<string, number>();
      for (const row of rows) {
        const date = isoDate(Number(row.created_at));
        counts.set(date, (counts.get(date) ?? 0) + 1);
      }
      return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([date, sent]) => ({ date, sent }));
    },
  };
}

export function senderSeatRepository(db: Kysely<Database>): SenderSeatRepository {
  const holders = async (tenantId: string) =>
    (await db.selectFrom('sender_seats').select('inbox_id').where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('inbox_id').execute())
      .map((r) => r.inbox_id);
  return {
    async cap(tenantId, kind) {
      const row = await db.selectFrom('sender_seat_caps').select('seats').where('tenant_id', '=', tenantId).where('kind', '=', kind).executeTakeFirst();
      return row ? Number(row.seats) : undefined;
    },
    async setCap(tenantId, kind, seats, at) {
      await db.insertInto('sender_seat_caps').values({ tenant_id: tenantId, kind, seats, updated_at: toMillis(at) })
        .onConflict((oc) => oc.columns(['tenant_id', 'kind']).doUpdateSet({ seats, updated_at: toMillis(at) })).execute();
    },
    async removeCap(tenantId, kind) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sender_seat_caps').where('tenant_id', '=', tenantId).where('kind', '=', kind).execute();
        if (kind === 'delivery') await trx.deleteFrom('sender_seats').where('tenant_id', '=', tenantId).execute();
      });
    },
    holders,
    async take(tenantId, inboxId, seats, at) {
      const held = await db.selectFrom('sender_seats').select('inbox_id').where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId).executeTakeFirst();
      if (held) return true;
      // Insert, then look at the order seats were taken in: an inbox past the cap gives its row
      // back. Racing inboxes agree on that order, so at most `seats` keep one.
      await db.insertInto('sender_seats').values({ tenant_id: tenantId, inbox_id: inboxId, created_at: toMillis(at) })
        .onConflict((oc) => oc.columns(['tenant_id', 'inbox_id']).doNothing()).execute();
      const order = await holders(tenantId);
      const position = order.indexOf(inboxId);
      if (position >= 0 && position < seats) return true;
      await db.deleteFrom('sender_seats').where('tenant_id', '=', tenantId).where('inbox_id', '=', inboxId).execute();
      return false;
    },
  };
}
