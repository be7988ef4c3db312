/** Storage port of inbox retention policies and their runs (UserController). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface InboxRetentionPolicyRecord {
  id: string;
  tenantId: string;
  /** 'ACCOUNT' (every inbox of the tenant) or the id of the one inbox it is for */
  scope: string;
  inboxId: string | null;
  retentionDays: number;
  createdAt: Date;
  updatedAt: Date;
}

export type RetentionRunStatus = 'SUBMITTED' | 'RUNNING' | 'COMPLETED' | 'FAILED';
export type RetentionRunSource = 'USER_API' | 'SCHEDULE';

export interface InboxRetentionRunRecord {
  id: string;
  tenantId: string;
  status: RetentionRunStatus;
  source: RetentionRunSource;
  matchedPolicies: number;
  appliedPolicies: number;
  deletedInboxIds: string[];
  errorMessage: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface InboxRetentionRepository {
  /** Creates the tenant's policy for `scope` or sets its retentionDays (one row per scope). */
  upsert(record: InboxRetentionPolicyRecord): Promise<InboxRetentionPolicyRecord>;
  findByScope(tenantId: string, scope: string): Promise<InboxRetentionPolicyRecord | undefined>;
  findById(tenantId: string, id: string): Promise<InboxRetentionPolicyRecord | undefined>;
  update(tenantId: string, id: string, retentionDays: number, at: Date): Promise<InboxRetentionPolicyRecord | undefined>;
  delete(tenantId: string, id: string): Promise<boolean>;
  listForTenant(tenantId: string): Promise<InboxRetentionPolicyRecord[]>;
  /** tenants with at least one policy (the scheduled pass) */
  tenantsWithPolicies(): Promise<string[]>;
  createRun(run: InboxRetentionRunRecord): Promise<void>;
  saveRun(run: InboxRetentionRunRecord): Promise<void>;
  findRun(tenantId: string, id: string): Promise<InboxRetentionRunRecord | undefined>;
  pageRuns(tenantId: string, page: PageRequest): Promise<Slice<InboxRetentionRunRecord>>;
}
