/** Storage port of domain monitors: monitors, their runs, alert sinks and observed auth samples. */

export interface DomainMonitorRecord {
  id: string;
  tenantId: string;
  domain: string;
  name: string | null;
  intervalSeconds: number;
  schedulingEnabled: boolean;
  dkimSelectors: string[];
  lastStatus: string | null;
  healthScore: number | null;
  lastRunAt: Date | null;
  /** when the scheduler runs it next; null while scheduling is off */
  nextRunAt: Date | null;
  verificationInboxId: string | null;
  verificationAddress: string | null;
  verificationCreatedAt: Date | null;
  verificationUpdatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type DomainMonitorChange = Partial<Pick<DomainMonitorRecord,
  'name' | 'intervalSeconds' | 'schedulingEnabled' | 'dkimSelectors' | 'lastStatus' | 'healthScore' | 'lastRunAt' | 'nextRunAt'
  | 'verificationInboxId' | 'verificationAddress' | 'verificationCreatedAt' | 'verificationUpdatedAt' | 'updatedAt'>>;

export interface DomainMonitorRunRecord {
  id: string;
  tenantId: string;
  monitorId: string;
  domain: string;
  status: string;
  triggerSource: string;
  healthScore: number;
  totalChecks: number;
  passingChecks: number;
  failingChecks: number;
  /** what the run found (the module's shape; storage keeps it as JSON) */
  result: Record<string, unknown>;
  errorMessage: string | null;
  createdAt: Date;
}

export interface DomainMonitorRunFilter {
  /** createdAt at or after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  status?: string;
  /** newest first, at most this many */
  limit: number;
}

export interface DomainMonitorAlertSinkRecord {
  id: string;
  tenantId: string;
  monitorId: string;
  type: string;
  target: string;
  severityThreshold: string;
  enabled: boolean;
  senderInboxId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DomainMonitorSampleRecord {
  id: string;
  tenantId: string;
  monitorId: string;
  recipientAddress: string;
  emailId: string | null;
  /** the verdicts (the module's shape; storage keeps it as JSON) */
  sample: Record<string, unknown>;
  receivedAt: Date;
  createdAt: Date;
}

export interface DomainMonitorRepository {
  create(monitor: DomainMonitorRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<DomainMonitorRecord | undefined>;
  /** the tenant's monitors, oldest first */
  list(tenantId: string): Promise<DomainMonitorRecord[]>;
  /** the tenant's monitors of a domain or with this verification inbox */
  findForMail(tenantId: string, domain: string | null, inboxId: string): Promise<DomainMonitorRecord[]>;
  /** false when there is no such monitor */
  update(tenantId: string, id: string, change: DomainMonitorChange): Promise<boolean>;
  delete(tenantId: string, id: string): Promise<boolean>;
  /** monitors with scheduling on whose nextRunAt is at or before `now`, earliest first; one tenant's or all */
  findDue(now: Date, limit: number, tenantId?: string): Promise<DomainMonitorRecord[]>;
  /** moves nextRunAt from `expected` to `next`; false when another run claimed it first */
  claim(id: string, expected: Date, next: Date): Promise<boolean>;

  addRun(run: DomainMonitorRunRecord): Promise<void>;
  findRun(tenantId: string, monitorId: string, runId: string): Promise<DomainMonitorRunRecord | undefined>;
  /** newest first */
  listRuns(tenantId: string, monitorId: string, filter: DomainMonitorRunFilter): Promise<DomainMonitorRunRecord[]>;

  addSink(sink: DomainMonitorAlertSinkRecord): Promise<void>;
  findSink(tenantId: string, monitorId: string, sinkId: string): Promise<DomainMonitorAlertSinkRecord | undefined>;
  /** oldest first */
  listSinks(tenantId: string, monitorId: string): Promise<DomainMonitorAlertSinkRecord[]>;
  deleteSink(tenantId: string, monitorId: string, sinkId: string): Promise<boolean>;

  addSample(sample: DomainMonitorSampleRecord): Promise<void>;
  /** newest first, at most `limit`; only those to `recipientAddress` when given */
  listSamples(tenantId: string, monitorId: string, limit: number, recipientAddress?: string): Promise<DomainMonitorSampleRecord[]>;
  countSamples(tenantId: string, monitorId: string, recipientAddress: string): Promise<number>;
  deleteSample(tenantId: string, monitorId: string, sampleId: string): Promise<boolean>;
}
