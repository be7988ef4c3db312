import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type {
  DevicePreviewFeedbackTable, DevicePreviewProfilesTable, DevicePreviewRunsTable, DevicePreviewScreenshotsTable, DevicePreviewShareLinksTable,
  DevicePreviewTargetsTable,
} from '../device-preview-tables.js';
import type {
  DevicePreviewFeedbackChange, DevicePreviewFeedbackRecord, DevicePreviewProfileRecord, DevicePreviewRepository, DevicePreviewRunRecord,
  DevicePreviewScreenshotRecord, DevicePreviewShareLinkRecord, DevicePreviewTargetRecord,
} from '../ports.js';
import { containsPattern, flag, fromMillis, fromMillisOrNull, isSet, toMillis, toMillisOrNull } from './rows.js';
import { BY_CREATION, paged } from './paged.js';

const toProfile = (row: Selectable<DevicePreviewProfilesTable>): DevicePreviewProfileRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  localPart: row.local_part,
  displayName: row.display_name,
  targets: row.targets === null ? null : JSON.parse(row.targets) as string[],
  enabled: isSet(row.enabled),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toRun = (row: Selectable<DevicePreviewRunsTable>): DevicePreviewRunRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  emailId: row.email_id,
  sourceType: row.source_type,
  sourceFormat: row.source_format === 'html' ? 'html' : 'mime',
  sourceSha256: row.source_sha256,
  source: JSON.parse(row.source_json) as Record<string, unknown>,
  requestedTargets: JSON.parse(row.requested_targets) as string[],
  status: row.status,
  warnings: JSON.parse(row.warnings) as string[],
  latestError: row.latest_error,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toTarget = (row: Selectable<DevicePreviewTargetsTable>): DevicePreviewTargetRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  runId: row.run_id,
  targetKey: row.target_key,
  displayOrder: Number(row.display_order),
  status: row.status,
  failureCode: row.failure_code,
  failureMessage: row.failure_message,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toScreenshot = (row: Selectable<DevicePreviewScreenshotsTable>): DevicePreviewScreenshotRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  runId: row.run_id,
  targetId: row.target_id,
  sha256: row.blob_sha256,
  width: Number(row.width),
  height: Number(row.height),
  displayOrder: Number(row.display_order),
  createdAt: fromMillis(row.created_at),
});

const toLink = (row: Selectable<DevicePreviewShareLinksTable>): DevicePreviewShareLinkRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  runId: row.run_id,
  tokenHash: row.token_hash,
  tokenPrefix: row.token_prefix,
  label: row.label,
  expiresAt: fromMillisOrNull(row.expires_at),
  revokedAt: fromMillisOrNull(row.revoked_at),
  lastAccessedAt: fromMillisOrNull(row.last_accessed_at),
  accessCount: Number(row.access_count),
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const toFeedback = (row: Selectable<DevicePreviewFeedbackTable>): DevicePreviewFeedbackRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  source: row.source,
  category: row.category,
  status: row.status,
  rating: row.rating === null ? null : Number(row.rating),
  runId: row.run_id,
  targetId: row.target_id,
  screenshotId: row.screenshot_id,
  provider: row.provider,
  title: row.title,
  comment: row.comment,
  internalNote: row.internal_note,
  sessionId: row.session_id,
  liveViewUrl: row.live_view_url,
  metadata: row.metadata === null ? null : JSON.parse(row.metadata) as Record<string, string>,
  createdAt: fromMillis(row.created_at),
  updatedAt: fromMillis(row.updated_at),
});

const feedbackRow = (f: DevicePreviewFeedbackChange): Partial<DevicePreviewFeedbackTable> => {
  const row: Partial<DevicePreviewFeedbackTable> = {};
  if (f.source !== undefined) row.source = f.source;
  if (f.category !== undefined) row.category = f.category;
  if (f.status !== undefined) row.status = f.status;
  if (f.rating !== undefined) row.rating = f.rating;
  if (f.runId !== undefined) row.run_id = f.runId;
  if (f.targetId !== undefined) row.target_id = f.targetId;
  if (f.screenshotId !== undefined) row.screenshot_id = f.screenshotId;
  if (f.provider !== undefined) row.provider = f.provider;
  if (f.title !== undefined) row.title = f.title;
  if (f.comment !== undefined) row.comment = f.comment;
  if (f.internalNote !== undefined) row.internal_note = f.internalNote;
  if (f.sessionId !== undefined) row.session_id = f.sessionId;
  if (f.liveViewUrl !== undefined) row.live_view_url = f.liveViewUrl;
  if (f.metadata !== undefined) row.metadata = f.metadata === null ? null : JSON.stringify(f.metadata);
  if (f.updatedAt !== undefined) row.updated_at = toMillis(f.updatedAt);
  return row;
};

/** Stores bytes once per hash (the upsert takes the row lock, so a concurrent collection waits). */
async function putBlob(trx: Transaction<Database>, sha256: string, content: Buffer, at: number): Promise<void> {
  await trx.insertInto('device_preview_blobs').values({ sha256, size: content.length, content, created_at: at })
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ created_at: at })).execute();
}

/** Deletes those of `hashes` no screenshot and no run source references any more. */
async function collectBlobs(trx: Transaction<Database>, hashes: string[]): Promise<void> {
  const unique = [...new Set(hashes)];
  for (let i = 0; i < unique.length; i += 500) {
    await trx.deleteFrom('device_preview_blobs').where('sha256', 'in', unique.slice(i, i + 500))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('device_preview_screenshots').select('id').whereRef('device_preview_screenshots.blob_sha256', '=', 'device_preview_blobs.sha256'))))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('device_preview_runs').select('id').whereRef('device_preview_runs.source_sha256', '=', 'device_preview_blobs.sha256'))))
      .execute();
  }
}

export function devicePreviewRepository(db: Kysely<Database>): DevicePreviewRepository {
  return {
    async insertProfile(p) {
      await db.insertInto('device_preview_profiles').values({
        id: p.id, tenant_id: p.tenantId, local_part: p.localPart, display_name: p.displayName,
        targets: p.targets === null ? null : JSON.stringify(p.targets), enabled: flag(p.enabled),
        created_at: toMillis(p.createdAt), updated_at: toMillis(p.updatedAt),
      }).execute();
    },
    async findProfile(tenantId, id) {
      const row = await db.selectFrom('device_preview_profiles').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toProfile(row);
    },
    async findProfileByLocalPart(tenantId, localPart) {
      const row = await db.selectFrom('device_preview_profiles').selectAll().where('tenant_id', '=', tenantId).where('local_part', '=', localPart).executeTakeFirst();
      return row && toProfile(row);
    },
    async listProfiles(tenantId) {
      const rows = await db.selectFrom('device_preview_profiles').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toProfile);
    },
    async updateProfile(tenantId, id, change) {
      const row: Partial<DevicePreviewProfilesTable> = {};
      if (change.localPart !== undefined) row.local_part = change.localPart;
      if (change.displayName !== undefined) row.display_name = change.displayName;
      if (change.targets !== undefined) row.targets = change.targets === null ? null : JSON.stringify(change.targets);
      if (change.enabled !== undefined) row.enabled = flag(change.enabled);
      if (change.updatedAt !== undefined) row.updated_at = toMillis(change.updatedAt);
      if (Object.keys(row).length > 0) {
        await db.updateTable('device_preview_profiles').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      }
      return this.findProfile(tenantId, id);
    },
    async deleteProfile(tenantId, id) {
      const result = await db.deleteFrom('device_preview_profiles').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertRun({ run, sourceBytes, targets }) {
      await db.transaction().execute(async (trx) => {
        await putBlob(trx, run.sourceSha256, sourceBytes, toMillis(run.createdAt));
        await trx.insertInto('device_preview_runs').values({
          id: run.id, tenant_id: run.tenantId, email_id: run.emailId, source_type: run.sourceType, source_format: run.sourceFormat,
          source_sha256: run.sourceSha256, source_json: JSON.stringify(run.source), requested_targets: JSON.stringify(run.requestedTargets),
          status: run.status, warnings: JSON.stringify(run.warnings), latest_error: run.latestError,
          created_at: toMillis(run.createdAt), updated_at: toMillis(run.updatedAt),
        }).execute();
        if (targets.length > 0) {
          await trx.insertInto('device_preview_targets').values(targets.map((t) => ({
            id: t.id, tenant_id: t.tenantId, run_id: t.runId, target_key: t.targetKey, display_order: t.displayOrder, status: t.status,
            failure_code: t.failureCode, failure_message: t.failureMessage, created_at: toMillis(t.createdAt), updated_at: toMillis(t.updatedAt),
          }))).execute();
        }
      });
    },
    async findRun(tenantId, id) {
      const row = await db.selectFrom('device_preview_runs').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toRun(row);
    },
    async listRuns(tenantId, filter, limit) {
      let query = db.selectFrom('device_preview_runs').selectAll().where('tenant_id', '=', tenantId);
      if (filter.emailId) query = query.where('email_id', '=', filter.emailId);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(toRun);
    },
    async pageRuns(tenantId, filter, page) {
      let query = db.selectFrom('device_preview_runs').selectAll().where('tenant_id', '=', tenantId);
      if (filter.emailId) query = query.where('email_id', '=', filter.emailId);
      const slice = await paged(query, page, BY_CREATION);
      return { items: slice.items.map(toRun), total: slice.total };
    },
    async runSource(tenantId, runId) {
      const row = await db.selectFrom('device_preview_runs')
        .innerJoin('device_preview_blobs', 'device_preview_blobs.sha256', 'device_preview_runs.source_sha256')
        .select('device_preview_blobs.content')
        .where('device_preview_runs.tenant_id', '=', tenantId).where('device_preview_runs.id', '=', runId).executeTakeFirst();
      return row && Buffer.from(row.content);
    },
    async updateRun(tenantId, id, change) {
      const row: Partial<DevicePreviewRunsTable> = {};
      if (change.status !== undefined) row.status = change.status;
      if (change.warnings !== undefined) row.warnings = JSON.stringify(change.warnings);
      if (change.latestError !== undefined) row.latest_error = change.latestError;
      if (change.updatedAt !== undefined) row.updated_at = toMillis(change.updatedAt);
      if (Object.keys(row).length === 0) return;
      await db.updateTable('device_preview_runs').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
    async deleteRun(tenantId, id) {
      return db.transaction().execute(async (trx) => {
        const run = await trx.selectFrom('device_preview_runs').select('source_sha256').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
        if (!run) return false;
        const shots = await trx.selectFrom('device_preview_screenshots').select('blob_sha256').where('run_id', '=', id).execute();
        // children first: SQLite enforces the cascades only with its foreign-key pragma on
        await trx.deleteFrom('device_preview_share_links').where('run_id', '=', id).execute();
        await trx.deleteFrom('device_preview_screenshots').where('run_id', '=', id).execute();
        await trx.deleteFrom('device_preview_targets').where('run_id', '=', id).execute();
        await trx.deleteFrom('device_preview_runs').where('id', '=', id).execute();
        await collectBlobs(trx, [run.source_sha256, ...shots.map((s) => s.blob_sha256)]);
        return true;
      });
    },

    async targets(tenantId, runId) {
      const rows = await db.selectFrom('device_preview_targets').selectAll().where('tenant_id', '=', tenantId).where('run_id', '=', runId)
        .orderBy('display_order').orderBy('id').execute();
      return rows.map(toTarget);
    },
    async setTargetStatus(tenantId, runId, change) {
      if (change.ids && change.ids.length === 0) return 0;
      let query = db.updateTable('device_preview_targets')
        .set({ status: change.status, failure_code: change.failureCode, failure_message: change.failureMessage, updated_at: toMillis(change.at) })
        .where('tenant_id', '=', tenantId).where('run_id', '=', runId).where('status', 'in', change.from);
      if (change.ids) query = query.where('id', 'in', change.ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async captureTarget(tenantId, targetId, { screenshot, png }) {
      return db.transaction().execute(async (trx) => {
        const at = toMillis(screenshot.createdAt);
        const updated = await trx.updateTable('device_preview_targets')
          .set({ status: 'READY', failure_code: null, failure_message: null, updated_at: at })
          .where('tenant_id', '=', tenantId).where('id', '=', targetId).where('status', '=', 'CAPTURING').executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await putBlob(trx, screenshot.sha256, png, at);
        // a rerun replaces the target's earlier screenshot
        const old = await trx.selectFrom('device_preview_screenshots').select('blob_sha256').where('target_id', '=', targetId).execute();
        await trx.deleteFrom('device_preview_screenshots').where('target_id', '=', targetId).execute();
        await trx.insertInto('device_preview_screenshots').values({
          id: screenshot.id, tenant_id: screenshot.tenantId, run_id: screenshot.runId, target_id: screenshot.targetId,
          blob_sha256: screenshot.sha256, width: screenshot.width, height: screenshot.height, display_order: screenshot.displayOrder, created_at: at,
        }).execute();
        if (old.length > 0) await collectBlobs(trx, old.map((o) => o.blob_sha256));
        return true;
      });
    },
    async screenshots(tenantId, runId) {
      const rows = await db.selectFrom('device_preview_screenshots').selectAll().where('tenant_id', '=', tenantId).where('run_id', '=', runId)
        .orderBy('display_order').orderBy('id').execute();
      return rows.map(toScreenshot);
    },
    async screenshotImage(tenantId, runId, screenshotId) {
      const row = await db.selectFrom('device_preview_screenshots')
        .innerJoin('device_preview_blobs', 'device_preview_blobs.sha256', 'device_preview_screenshots.blob_sha256')
        .select('device_preview_blobs.content')
        .where('device_preview_screenshots.tenant_id', '=', tenantId).where('device_preview_screenshots.run_id', '=', runId)
        .where('device_preview_screenshots.id', '=', screenshotId).executeTakeFirst();
      return row && Buffer.from(row.content);
    },

    async insertShareLink(l) {
      await db.insertInto('device_preview_share_links').values({
        id: l.id, tenant_id: l.tenantId, run_id: l.runId, token_hash: l.tokenHash, token_prefix: l.tokenPrefix, label: l.label,
        expires_at: toMillisOrNull(l.expiresAt), revoked_at: toMillisOrNull(l.revokedAt), last_accessed_at: toMillisOrNull(l.lastAccessedAt),
        access_count: l.accessCount, created_at: toMillis(l.createdAt), updated_at: toMillis(l.updatedAt),
      }).execute();
    },
    async shareLinks(tenantId, runId) {
      const rows = await db.selectFrom('device_preview_share_links').selectAll().where('tenant_id', '=', tenantId).where('run_id', '=', runId)
        .orderBy('created_at').orderBy('id').execute();
      return rows.map(toLink);
    },
    async shareLinkById(tenantId, id) {
      const row = await db.selectFrom('device_preview_share_links').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toLink(row);
    },
    async findShareLinkByHash(tokenHash) {
      const row = await db.selectFrom('device_preview_share_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && toLink(row);
    },
    async touchShareLink(id, at) {
      await db.updateTable('device_preview_share_links')
        .set((eb) => ({ access_count: eb('access_count', '+', 1), last_accessed_at: toMillis(at) })).where('id', '=', id).execute();
    },
    async revokeShareLink(tenantId, id, at) {
      const result = await db.updateTable('device_preview_share_links').set({ revoked_at: toMillis(at), updated_at: toMillis(at) })
        .where('tenant_id', '=', tenantId).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertFeedback(f) {
      await db.insertInto('device_preview_feedback').values({
        id: f.id, tenant_id: f.tenantId, ...feedbackRow(f), created_at: toMillis(f.createdAt), updated_at: toMillis(f.updatedAt),
      } as DevicePreviewFeedbackTable).execute();
    },
    async findFeedback(tenantId, id) {
      const row = await db.selectFrom('device_preview_feedback').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row && toFeedback(row);
    },
    async pageFeedback(tenantId, filter, page) {
      let query = db.selectFrom('device_preview_feedback').selectAll().where('tenant_id', '=', tenantId);
      if (filter.source) query = query.where('source', '=', filter.source);
      if (filter.runId) query = query.where('run_id', '=', filter.runId);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.provider) query = query.where('provider', '=', filter.provider);
      if (filter.category) query = query.where('category', '=', filter.category);
      if (filter.search) {
        const pattern = containsPattern(filter.search);
        const like = (column: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
        query = query.where((eb) => eb.or(['title', 'comment', 'internal_note'].map(like)));
      }
      const slice = await paged(query, page, BY_CREATION);
      return { items: slice.items.map(toFeedback), total: slice.total };
    },
    async updateFeedback(tenantId, id, change) {
      const row = feedbackRow(change);
      if (Object.keys(row).length > 0) {
        await db.updateTable('device_preview_feedback').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      }
      return this.findFeedback(tenantId, id);
    },
  };
}
