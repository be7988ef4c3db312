import type { Clock } from '../../core/clock.js';
import { notFound } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { pageRequest, type PageRequest, type SortDirection } from '../../core/paging.js';
import type {
  InboxRetentionPolicyRecord, InboxRetentionRepository, InboxRetentionRunRecord, RetentionRunSource, Slice,
} from '../../storage/ports.js';

/** The scope of the account policy: every inbox of the account. */
export const ACCOUNT_SCOPE = 'ACCOUNT';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a policy deletes through: the inbox service's delete path (emails, attachments, events, inbox.changed). */
export interface RetentionInboxDeleter {
  deleteAll(tenantId: string, filter: { since?: Date; before?: Date }): Promise<string[]>;
}

/** Told about a scheduled run that failed for one tenant (the others still run). */
export type RetentionErrorLog = (err: unknown, tenantId: string) => void;

/**
 * Inbox retention policies (UserController): a tenant's account policy keeps inboxes for
 * `retentionDays` days after their creation; a run deletes every inbox of the tenant created
 * before now minus that many days, through the inbox service so nothing is half-deleted, and is
 * recorded with its counts and outcome. Runs happen on demand (createInboxRetentionPolicyRun)
 * and on a schedule (main.ts: a PeriodicJob, one node at a time).
 */
export class InboxRetentionService {
  constructor(
    private readonly repo: InboxRetentionRepository,
    private readonly inboxes: RetentionInboxDeleter,
    private readonly clock: Clock,
  ) {}

  getAccountPolicy(tenantId: string): Promise<InboxRetentionPolicyRecord | undefined> {
    return this.repo.findByScope(tenantId, ACCOUNT_SCOPE);
  }

  setAccountPolicy(tenantId: string, retentionDays: number): Promise<InboxRetentionPolicyRecord> {
    const now = this.clock.now();
    return this.repo.upsert({ id: newId(), tenantId, scope: ACCOUNT_SCOPE, inboxId: null, retentionDays, createdAt: now, updatedAt: now });
  }

  /** Removes the account policy; none to remove is not an error (the state asked for holds). */
  async deleteAccountPolicy(tenantId: string): Promise<void> {
    const policy = await this.repo.findByScope(tenantId, ACCOUNT_SCOPE);
    if (policy) await this.repo.delete(tenantId, policy.id);
  }

  async getPolicy(tenantId: string, policyId: string): Promise<InboxRetentionPolicyRecord> {
    const policy = await this.repo.findById(tenantId, policyId);
    if (!policy) throw notFound(`No inbox retention policy ${policyId}`);
    return policy;
  }

  async updatePolicy(tenantId: string, policyId: string, retentionDays: number): Promise<InboxRetentionPolicyRecord> {
    const policy = await this.repo.update(tenantId, policyId, retentionDays, this.clock.now());
    if (!policy) throw notFound(`No inbox retention policy ${policyId}`);
    return policy;
  }

  async deletePolicy(tenantId: string, policyId: string): Promise<void> {
    if (!(await this.repo.delete(tenantId, policyId))) throw notFound(`No inbox retention policy ${policyId}`);
  }

  async getRun(tenantId: string, runId: string): Promise<InboxRetentionRunRecord> {
    const run = await this.repo.findRun(tenantId, runId);
    if (!run) throw notFound(`No inbox retention policy run ${runId}`);
    return run;
  }

  async pageRuns(tenantId: string, query: { page?: number; size?: number; sort?: SortDirection }): Promise<{ slice: Slice<InboxRetentionRunRecord>; request: PageRequest }> {
    const request = pageRequest(query);
    return { slice: await this.repo.pageRuns(tenantId, request), request };
  }

  /**
   * One run of the tenant's policies now, recorded: RUNNING while it works, then COMPLETED with
   * the inboxes it deleted, or FAILED with the error (inboxes deleted before the failure stay
   * deleted and are listed). Resolves to the finished run.
   */
  async run(tenantId: string, source: RetentionRunSource = 'USER_API'): Promise<InboxRetentionRunRecord> {
    const started = this.clock.now();
    const policies = await this.repo.listForTenant(tenantId);
    const run: InboxRetentionRunRecord = {
      id: newId(), tenantId, status: 'RUNNING', source, matchedPolicies: policies.length, appliedPolicies: 0, deletedInboxIds: [],
      errorMessage: null, startedAt: started, completedAt: null, createdAt: started, updatedAt: started,
    };
    await this.repo.createRun(run);
    try {
      for (const policy of policies) {
        const before = new Date(started.getTime() - policy.retentionDays * DAY_MS);
        if (policy.scope === ACCOUNT_SCOPE) {
          run.deletedInboxIds.push(...(await this.inboxes.deleteAll(tenantId, { before })));
        }
        run.appliedPolicies++;
      }
      run.status = 'COMPLETED';
    } catch (err) {
      run.status = 'FAILED';
      run.errorMessage = err instanceof Error ? err.message : String(err);
    }
    const finished = this.clock.now();
    run.completedAt = finished;
    run.updatedAt = finished;
    await this.repo.saveRun(run);
    return run;
  }

  /**
   * The scheduled pass: a run for every tenant that has a policy. Resolves to how many inboxes
   * it deleted. A tenant whose run fails is recorded as a FAILED run and told to `onError`.
   */
  async runScheduled(onError?: RetentionErrorLog): Promise<number> {
    let deleted = 0;
    for (const tenantId of await this.repo.tenantsWithPolicies()) {
      try {
        const run = await this.run(tenantId, 'SCHEDULE');
        deleted += run.deletedInboxIds.length;
        if (run.status === 'FAILED') onError?.(new Error(run.errorMessage ?? 'failed'), tenantId);
      } catch (err) {
        onError?.(err, tenantId);
      }
    }
    return deleted;
  }
}
