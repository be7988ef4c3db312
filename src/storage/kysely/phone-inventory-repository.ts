/** The simulated carrier's inventory (ports/phone-inventory.ts) on Kysely. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { EmergencyAddressesTable, PhoneNumberReleasesTable } from '../phone-inventory-tables.js';
import type {
  EmergencyAddressRecord, PhoneAccountRepository, PhoneInventoryRepository, PhoneNumberReleaseRecord, PhoneNumberReleaseRepository,
  ProvisioningJobRecord, ProvisioningJobRepository, ProvisioningItemStatus, ProvisioningJobStatus,
} from '../ports.js';
import { newId } from '../../core/ids.js';
import { BY_CREATION, paged } from './paged.js';
import { toPhone } from './phone-number-repository.js';
import { flag, fromMillis, isSet, toMillis } from './rows.js';

/** Rows per multi-row insert: far below either dialect's bound-parameter limit. */
const ROWS_PER_INSERT = 100;

const toRelease = (row: Selectable<PhoneNumberReleasesTable>): PhoneNumberReleaseRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  phoneId: row.phone_id,
  phoneNumber: row.phone_number,
  phoneCountry: row.phone_country,
  name: row.name,
  createdAt: fromMillis(row.created_at),
});

const releaseRow = (release: PhoneNumberReleaseRecord) => ({
  id: release.id,
  tenant_id: release.tenantId,
  phone_id: release.phoneId,
  phone_number: release.phoneNumber,
  phone_country: release.phoneCountry,
  name: release.name,
  created_at: toMillis(release.createdAt),
});

export function phoneNumberReleaseRepository(db: Kysely<Database>): PhoneNumberReleaseRepository {
  return {
    release: (tenantId, phoneId, releaseId, at) =>
      db.transaction().execute(async (trx) => {
        // the delete decides: of two releases at once, one deletes the row and records it
        const row = await trx.deleteFrom('phone_numbers').where('tenant_id', '=', tenantId).where('id', '=', phoneId).returningAll().executeTakeFirst();
        if (!row) return undefined;
        const phone = toPhone(row);
        const release: PhoneNumberReleaseRecord = {
          id: releaseId, tenantId, phoneId, phoneNumber: phone.phoneNumber, phoneCountry: phone.phoneCountry, name: phone.name, createdAt: at,
        };
        await trx.insertInto('phone_number_releases').values(releaseRow(release)).execute();
        return release;
      }),

    releaseAll: (tenantId, at) =>
      db.transaction().execute(async (trx) => {
        const rows = await trx.deleteFrom('phone_numbers').where('tenant_id', '=', tenantId).returningAll().execute();
        const releases = rows.map(toPhone).map((phone) => releaseRow({
          id: newId(), tenantId, phoneId: phone.id, phoneNumber: phone.phoneNumber, phoneCountry: phone.phoneCountry, name: phone.name, createdAt: at,
        }));
        for (let i = 0; i < releases.length; i += ROWS_PER_INSERT) {
          await trx.insertInto('phone_number_releases').values(releases.slice(i, i + ROWS_PER_INSERT)).execute();
        }
        return rows.length;
      }),

    async findById(tenantId, id) {
      const row = await db.selectFrom('phone_number_releases').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRelease(row);
    },

    async page(tenantId, page) {
      const { items, total } = await paged(db.selectFrom('phone_number_releases').selectAll().where('tenant_id', '=', tenantId), page, BY_CREATION);
      return { items: items.map(toRelease), total };
    },

    async delete(tenantId, id) {
      const result = await db.deleteFrom('phone_number_releases').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export function provisioningJobRepository(db: Kysely<Database>): ProvisioningJobRepository {
  return {
    create: (job) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('phone_provisioning_jobs').values({
          id: job.id,
          tenant_id: job.tenantId,
          phone_country: job.phoneCountry,
          phone_variant: job.phoneVariant,
          status: job.status,
          created_at: toMillis(job.createdAt),
          updated_at: toMillis(job.updatedAt),
        }).execute();
        const items = job.items.map((item, position) => ({
          id: item.id,
          job_id: job.id,
          position,
          phone_number: item.phoneNumber,
          provider_label: item.providerLabel,
          status: item.status,
          phone_id: item.phoneId,
          failure_message: item.failureMessage,
        }));
        for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
          await trx.insertInto('phone_provisioning_job_items').values(items.slice(i, i + ROWS_PER_INSERT)).execute();
        }
      }),

    async findById(tenantId, id) {
      const job = await db.selectFrom('phone_provisioning_jobs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      if (!job) return undefined;
      const items = await db.selectFrom('phone_provisioning_job_items').selectAll().where('job_id', '=', id).orderBy('position').execute();
      const record: ProvisioningJobRecord = {
        id: job.id,
        tenantId: job.tenant_id,
        phoneCountry: job.phone_country,
        phoneVariant: job.phone_variant,
        status: job.status as ProvisioningJobStatus,
        createdAt: fromMillis(job.created_at),
        updatedAt: fromMillis(job.updated_at),
        items: items.map((item) => ({
          id: item.id,
          phoneNumber: item.phone_number,
          providerLabel: item.provider_label,
          status: item.status as ProvisioningItemStatus,
          phoneId: item.phone_id,
          failureMessage: item.failure_message,
        })),
      };
      return record;
    },
  };
}

export function phoneInventoryRepository(db: Kysely<Database>): PhoneInventoryRepository {
  return {
    async countTakenIn(spans) {
      if (spans.length === 0) return 0;
      // E.164 numbers of one length compare as text exactly as they do as numbers
      const row = await db
        .selectFrom('phone_numbers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.or(spans.map((span) => eb.and([
          eb('phone_number', '>=', span.first),
          eb('phone_number', '<=', span.last),
          eb(sql<number>`length(phone_number)`, '=', span.first.length),
        ]))))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async countByCountry(tenantId) {
      const rows = await db
        .selectFrom('phone_numbers')
        .select((eb) => ['phone_country', eb.fn.countAll().as('n')])
        .where('tenant_id', '=', tenantId)
        .groupBy('phone_country')
        .orderBy('phone_country')
        .execute();
      return rows.map((row) => ({ phoneCountry: row.phone_country, count: Number(row.n) }));
    },

    async listAfter(tenantId, after, limit) {
      let query = db.selectFrom('phone_numbers').selectAll().where('tenant_id', '=', tenantId);
      if (after) {
        const at = toMillis(after.createdAt);
        query = query.where((eb) => eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', after.id)])]));
      }
      const rows = await query.orderBy('created_at').orderBy('id').limit(limit).execute();
      return rows.map(toPhone);
    },
  };
}

const toAddress = (row: Selectable<EmergencyAddressesTable>): EmergencyAddressRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  displayName: row.display_name,
  customerName: row.customer_name,
  address1: row.address1,
  city: row.city,
  region: row.region,
  postalCode: row.postal_code,
  phoneCountry: row.phone_country,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

export function phoneAccountRepository(db: Kysely<Database>): PhoneAccountRepository {
  return {
    async consent(tenantId) {
      const row = await db.selectFrom('phone_consents').select('consented').where('tenant_id', '=', tenantId).executeTakeFirst();
      return row && isSet(row.consented);
    },

    async setConsent(tenantId, consented, at) {
      await db
        .insertInto('phone_consents')
        .values({ tenant_id: tenantId, consented: flag(consented), updated_at: toMillis(at) })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ consented: flag(consented), updated_at: toMillis(at) }))
        .execute();
    },

    async createEmergencyAddress(a) {
      await db.insertInto('emergency_addresses').values({
        id: a.id,
        tenant_id: a.tenantId,
        display_name: a.displayName,
        customer_name: a.customerName,
        address1: a.address1,
        city: a.city,
        region: a.region,
        postal_code: a.postalCode,
        phone_country: a.phoneCountry,
        created_at: toMillis(a.createdAt),
        updated_at: toMillis(a.updatedAt),
      }).execute();
    },

    async emergencyAddresses(tenantId) {
      const rows = await db.selectFrom('emergency_addresses').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toAddress);
    },

    async findEmergencyAddress(tenantId, id) {
      const row = await db.selectFrom('emergency_addresses').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toAddress(row);
    },

    async deleteEmergencyAddress(tenantId, id) {
      const result = await db.deleteFrom('emergency_addresses').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
