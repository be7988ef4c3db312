/** Storage port of deliverability tests (DeliverabilityTestController): tests, simulation jobs and their events. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export type DeliverabilityScope = 'INBOX' | 'PHONE';
export type DeliverabilityTestStatus = 'CREATED' | 'SCHEDULED' | 'RUNNING' | 'PAUSED' | 'STOPPED' | 'COMPLETE' | 'FAILED';

export interface DeliverabilitySelector {
  type: 'ALL' | 'PATTERN' | 'EXPLICIT';
  pattern: string | null;
  phoneCountry: string | null;
  entityIds: string[];
  excludeEntityIds: string[];
  tags: string[];
}

export interface DeliverabilityExpectationRecord {
  name: string | null;
  minCount: number;
  from: string | null;
  to: string | null;
  subject: string | null;
}

/** An inbox or phone number the test watches (fixed when the test starts). */
export interface DeliverabilityEntity {
  entityId: string;
  label: string;
  phoneCountry: string | null;
}

export interface DeliverabilityEntityResult extends DeliverabilityEntity {
  /** messages matching each expectation, in expectation order */
  counts: number[];
  matched: boolean;
  evaluatedAt: Date;
}

export interface DeliverabilityTestRecord {
  id: string;
  tenantId: string;
  name: string | null;
  description: string | null;
  scope: DeliverabilityScope;
  selector: DeliverabilitySelector;
  expectations: DeliverabilityExpectationRecord[];
  status: DeliverabilityTestStatus;
  startAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  maxDurationSeconds: number | null;
  successThresholdPercent: number | null;
  /** how many entities the selector chose when the test was made or changed */
  selectedEntityCount: number;
  /** the watched entities, fixed at the start; empty before it */
  entities: DeliverabilityEntity[];
  /** the last evaluation, one per entity */
  results: DeliverabilityEntityResult[];
  lastEvaluatedAt: Date | null;
  timedOut: boolean;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type SimulationJobStatus = 'RUNNING' | 'PAUSED' | 'CANCELLED' | 'COMPLETED' | 'FAILED';

export interface SimulationJobRecord {
  id: string;
  tenantId: string;
  testId: string;
  scope: DeliverabilityScope;
  status: SimulationJobStatus;
  config: {
    senderInboxId: string | null;
    senderPhoneId: string | null;
    emailSubject: string | null;
    emailFromOverride: string | null;
    emailBodyTemplate: string | null;
    smsBodyTemplate: string | null;
    delayMs: number;
    batchSize: number;
    sendsPerTarget: number;
  };
  targets: DeliverabilityEntity[];
  /** the queued batch that may run next: a batch carrying another token (queued before a pause) does nothing */
  batchToken: string;
  nextSendIndex: number;
  sentCount: number;
  successCount: number;
  failureCount: number;
  /** each distinct error message and how often it happened */
  errors: Array<{ message: string; count: number }>;
  lastError: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SimulationEventRecord {
  id: string;
  tenantId: string;
  jobId: string;
  eventType: string;
  sendIndex: number | null;
  entityId: string | null;
  targetLabel: string | null;
  expectationName: string | null;
  attempt: number | null;
  message: string | null;
  error: string | null;
  createdAt: Date;
}

export interface DeliverabilityTestRepository {
  insert(test: DeliverabilityTestRecord): Promise<void>;
  get(tenantId: string, id: string): Promise<DeliverabilityTestRecord | undefined>;
  update(test: DeliverabilityTestRecord): Promise<void>;
  /** the test, its jobs and their events; false when there is none */
  delete(tenantId: string, id: string): Promise<boolean>;
  page(tenantId: string, page: PageRequest): Promise<Slice<DeliverabilityTestRecord>>;
  /** made in [since, before), newest first, at most `limit` */
  listCreated(tenantId: string, filter: { since: Date; before: Date; scope?: DeliverabilityScope }, limit: number): Promise<DeliverabilityTestRecord[]>;

  insertJob(job: SimulationJobRecord): Promise<void>;
  getJob(tenantId: string, testId: string, jobId: string): Promise<SimulationJobRecord | undefined>;
  latestJob(tenantId: string, testId: string): Promise<SimulationJobRecord | undefined>;
  /** saves the job if its status is still `expected` (a pause or cancel in between wins); false otherwise */
  updateJob(job: SimulationJobRecord, expected: SimulationJobStatus): Promise<boolean>;
  addEvents(events: SimulationEventRecord[]): Promise<void>;
  pageEvents(tenantId: string, jobId: string, page: PageRequest): Promise<Slice<SimulationEventRecord>>;
}
