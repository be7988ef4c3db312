import type { Kysely, Selectable } from 'kysely';
import type { DevicePreviewIngestDomainsTable, DevicePreviewSubmissionsTable } from '../device-preview-ingest-tables.js';
import type { Database } from '../schema.js';
import type { DevicePreviewIngestRepository, PreviewIngestDomainRecord, PreviewSubmissionRecord } from '../ports.js';
import { fromMillis, toMillis } from './rows.js';
import { isUniqueViolation } from './unique-violation.js';

const toDomain = (row: Selectable<DevicePreviewIngestDomainsTable>): PreviewIngestDomainRecord => ({
  id: row.id, tenantId: row.tenant_id, subdomain: row.subdomain, createdAt: fromMillis(row.created_at), updatedAt: fromMillis(row.updated_at),
});

function toSubmission(row: Selectable<DevicePreviewSubmissionsTable>): PreviewSubmissionRecord {
  const body = JSON.parse(row.submission_json) as Omit<PreviewSubmissionRecord, 'completedAt' | 'createdAt' | 'updatedAt'> & { completedAt: string | null; createdAt: string; updatedAt: string };
  return {
    ...body, id: row.id, tenantId: row.tenant_id, ingestDomainId: row.ingest_domain_id, receivedAt: fromMillis(row.received_at),
    completedAt: body.completedAt ? new Date(body.completedAt) : null, createdAt: new Date(body.createdAt), updatedAt: new Date(body.updatedAt),
  };
}

export function devicePreviewIngestRepository(db: Kysely<Database>): DevicePreviewIngestRepository {
  return {
    async findDomain(tenantId) {
      const row = await db.selectFrom('device_preview_ingest_domains').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && toDomain(row);
    },

    async findDomainBySubdomain(subdomain) {
      const row = await db.selectFrom('device_preview_ingest_domains').selectAll().where('subdomain', '=', subdomain).executeTakeFirst();
      return row && toDomain(row);
    },

    async createDomain(d) {
      try {
        await db.insertInto('device_preview_ingest_domains').values({
          id: d.id, tenant_id: d.tenantId, subdomain: d.subdomain, created_at: toMillis(d.createdAt), updated_at: toMillis(d.updatedAt),
        }).execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    async renameDomain(tenantId, subdomain, at) {
      try {
        const result = await db.updateTable('device_preview_ingest_domains').set({ subdomain, updated_at: toMillis(at) }).where('tenant_id', '=', tenantId).executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    async addSubmission(s) {
      const { id, tenantId, ingestDomainId, profileId, recipientLocalPart, receivedAt, ...rest } = s;
      await db.insertInto('device_preview_submissions').values({
        id, tenant_id: tenantId, ingest_domain_id: ingestDomainId, profile_id: profileId, recipient_local_part: recipientLocalPart,
        received_at: toMillis(receivedAt), submission_json: JSON.stringify({ ...rest, profileId, recipientLocalPart }),
      }).execute();
    },

    async listSubmissions(tenantId, filter) {
      let query = db.selectFrom('device_preview_submissions').selectAll().where('tenant_id', '=', tenantId).where('received_at', '>=', toMillis(filter.since));
      if (filter.ingestDomainId) query = query.where('ingest_domain_id', '=', filter.ingestDomainId);
      if (filter.profileId) query = query.where('profile_id', '=', filter.profileId);
      if (filter.localPart) query = query.where('recipient_local_part', '=', filter.localPart.toLowerCase());
      const rows = await query.orderBy('received_at').orderBy('id').limit(filter.limit).execute();
      return rows.map(toSubmission);
    },
  };
}
