import type { Kysely, Selectable } from 'kysely';
import type { DeliverabilitySimulationEventsTable, DeliverabilitySimulationJobsTable, DeliverabilityTestsTable } from '../deliverability-tables.js';
import type { Database } from '../schema.js';
import type {
  DeliverabilityEntityResult, DeliverabilityTestRecord, DeliverabilityTestRepository, SimulationEventRecord, SimulationJobRecord,
} from '../ports.js';
import { BY_CREATION, paged } from './paged.js';
import { fromMillis, toMillis } from './rows.js';

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

function toTest(row: Selectable<DeliverabilityTestsTable>): DeliverabilityTestRecord {
  type Stored = Omit<DeliverabilityTestRecord, 'startAt' | 'startedAt' | 'completedAt' | 'lastEvaluatedAt' | 'results'> & {
    startAt: string; startedAt: string | null; completedAt: string | null; lastEvaluatedAt: string | null;
    results: Array<Omit<DeliverabilityEntityResult, 'evaluatedAt'> & { evaluatedAt: string }>;
  };
  const body = JSON.parse(row.test_json) as Stored;
  return {
    ...body, id: row.id, tenantId: row.tenant_id, startAt: new Date(body.startAt), startedAt: dateOrNull(body.startedAt),
    completedAt: dateOrNull(body.completedAt), lastEvaluatedAt: dateOrNull(body.lastEvaluatedAt),
    results: body.results.map((r) => ({ ...r, evaluatedAt: new Date(r.evaluatedAt) })),
    createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
  };
}

function testRow(t: DeliverabilityTestRecord): DeliverabilityTestsTable {
  const { id, tenantId, createdAt, updatedAt, ...rest } = t;
  return { id, tenant_id: tenantId, scope: t.scope, test_json: JSON.stringify(rest), created_at: toMillis(createdAt), updated_at: toMillis(updatedAt) };
}

function toJob(row: Selectable<DeliverabilitySimulationJobsTable>): SimulationJobRecord {
  const body = JSON.parse(row.job_json) as Omit<SimulationJobRecord, 'startedAt' | 'completedAt'> & { startedAt: string | null; completedAt: string | null };
  return {
    ...body, id: row.id, tenantId: row.tenant_id, testId: row.test_id, status: row.status as SimulationJobRecord['status'],
    startedAt: dateOrNull(body.startedAt), completedAt: dateOrNull(body.completedAt),
    createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
  };
}

function jobRow(j: SimulationJobRecord): DeliverabilitySimulationJobsTable {
  const { id, tenantId, testId, status, createdAt, updatedAt, ...rest } = j;
  return { id, tenant_id: tenantId, test_id: testId, status, job_json: JSON.stringify(rest), created_at: toMillis(createdAt), updated_at: toMillis(updatedAt) };
}

function toEvent(row: Selectable<DeliverabilitySimulationEventsTable>): SimulationEventRecord {
  const body = JSON.parse(row.event_json) as Omit<SimulationEventRecord, 'id' | 'tenantId' | 'jobId' | 'createdAt'>;
  return { ...body, id: row.id, tenantId: row.tenant_id, jobId: row.job_id, createdAt: fromMillis(row.created_at) };
}

export function deliverabilityTestRepository(db: Kysely<Database>): DeliverabilityTestRepository {
  return {
    async insert(t) {
      await db.insertInto('deliverability_tests').values(testRow(t)).execute();
    },

    async get(tenantId, id) {
      const row = await db.selectFrom('deliverability_tests').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toTest(row);
    },

    async update(t) {
      const { test_json, updated_at } = testRow(t);
      await db.updateTable('deliverability_tests').set({ test_json, updated_at }).where('tenant_id', '=', t.tenantId).where('id', '=', t.id).execute();
    },

    async delete(tenantId, id) {
      // jobs and events go with it (foreign key cascade, on in both dialects)
      const result = await db.deleteFrom('deliverability_tests').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async page(tenantId, page) {
      const { items, total } = await paged(db.selectFrom('deliverability_tests').selectAll().where('tenant_id', '=', tenantId), page, BY_CREATION);
      return { items: items.map(toTest), total };
    },

    async listCreated(tenantId, filter, limit) {
      let query = db.selectFrom('deliverability_tests').selectAll().where('tenant_id', '=', tenantId)
        .where('created_at', '>=', toMillis(filter.since)).where('created_at', '<', toMillis(filter.before));
      if (filter.scope) query = query.where('scope', '=', filter.scope);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toTest);
    },

    async insertJob(j) {
      await db.insertInto('deliverability_simulation_jobs').values(jobRow(j)).execute();
    },

    async getJob(tenantId, testId, jobId) {
      const row = await db.selectFrom('deliverability_simulation_jobs').selectAll()
        .where('tenant_id', '=', tenantId).where('test_id', '=', testId).where('id', '=', jobId).executeTakeFirst();
      return row && toJob(row);
    },

    async latestJob(tenantId, testId) {
      const row = await db.selectFrom('deliverability_simulation_jobs').selectAll().where('tenant_id', '=', tenantId).where('test_id', '=', testId)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row && toJob(row);
    },

    async updateJob(j, expected) {
      const { status, job_json, updated_at } = jobRow(j);
      const result = await db.updateTable('deliverability_simulation_jobs').set({ status, job_json, updated_at })
        .where('tenant_id', '=', j.tenantId).where('id', '=', j.id).where('status', '=', expected).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async addEvents(events) {
      if (events.length === 0) return;
      const jobId = events[0]!.jobId;
      await db.transaction().execute(async (trx) => {
        const last = await trx.selectFrom('deliverability_simulation_events').select((eb) => eb.fn.max('seq').as('seq')).where('job_id', '=', jobId).executeTakeFirst();
        let seq = Number(last?.seq ?? 0);
        await trx.insertInto('deliverability_simulation_events').values(events.map((e) => {
          const { id, tenantId, jobId: job, createdAt, ...rest } = e;
          return { id, tenant_id: tenantId, job_id: job, seq: ++seq, event_json: JSON.stringify(rest), created_at: toMillis(createdAt) };
        })).execute();
      });
    },

    async pageEvents(tenantId, jobId, page) {
      const { items, total } = await paged(
        db.selectFrom('deliverability_simulation_events').selectAll().where('tenant_id', '=', tenantId).where('job_id', '=', jobId), page, ['seq'],
      );
      return { items: items.map(toEvent), total };
    },
  };
}
