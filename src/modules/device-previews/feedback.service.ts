import { notFound } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import { pageRequest } from '../../core/paging.js';
import type { DevicePreviewFeedbackFilter, DevicePreviewFeedbackRecord, DevicePreviewRepository } from '../../storage/ports.js';
import type { DevicePreviewRuns } from './runs.service.js';

type FeedbackInput = Partial<Omit<DevicePreviewFeedbackRecord, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>>;

/** Notes and ratings on device previews, kept per tenant (a run they name must be the tenant's own). */
export class DevicePreviewFeedback {
  constructor(private readonly repo: DevicePreviewRepository, private readonly runs: DevicePreviewRuns, private readonly clock: Clock) {}

  async create(tenantId: string, input: FeedbackInput & { source: string; category: string }): Promise<DevicePreviewFeedbackRecord> {
    if (input.runId) await this.runs.get(tenantId, input.runId);
    const now = this.clock.now();
    const record: DevicePreviewFeedbackRecord = {
      id: newId(), tenantId, source: input.source, category: input.category, status: input.status ?? 'OPEN', rating: input.rating ?? null,
      runId: input.runId ?? null, targetId: input.targetId ?? null, screenshotId: input.screenshotId ?? null, provider: input.provider ?? null,
      title: input.title ?? null, comment: input.comment ?? null, internalNote: input.internalNote ?? null, sessionId: input.sessionId ?? null,
      liveViewUrl: input.liveViewUrl ?? null, metadata: input.metadata ?? null, createdAt: now, updatedAt: now,
    };
    await this.repo.insertFeedback(record);
    return record;
  }

  async get(tenantId: string, id: string): Promise<DevicePreviewFeedbackRecord> {
    const found = await this.repo.findFeedback(tenantId, id);
    if (!found) throw notFound(`No device preview feedback ${id}`);
    return found;
  }

  async page(tenantId: string, filter: DevicePreviewFeedbackFilter, input: { page?: number; size?: number }) {
    const request = pageRequest(input, { sort: 'DESC' });
    return { slice: await this.repo.pageFeedback(tenantId, filter, request), request };
  }

  async update(tenantId: string, id: string, input: FeedbackInput & { appendInternalNote?: boolean | null }): Promise<DevicePreviewFeedbackRecord> {
    const current = await this.get(tenantId, id);
    const { appendInternalNote, ...change } = input;
    if (appendInternalNote && change.internalNote && current.internalNote) change.internalNote = `${current.internalNote}\n${change.internalNote}`;
    const updated = await this.repo.updateFeedback(tenantId, id, { ...change, updatedAt: this.clock.now() });
    if (!updated) throw notFound(`No device preview feedback ${id}`);
    return updated;
  }
}
