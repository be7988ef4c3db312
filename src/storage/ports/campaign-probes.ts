/** Storage port of campaign probes (CampaignProbeController): probes and their runs. */

export interface CampaignProbeRecord {
  id: string;
  tenantId: string;
  name: string | null;
  /** the probe's own inbox: mail sent to its address is what inbound runs check */
  inboxId: string;
  emailAddress: string;
  enabled: boolean;
  intervalSeconds: number | null;
  schedulingEnabled: boolean;
  /** when the scheduler runs it next; null while scheduling is off */
  nextRunAt: Date | null;
  lastRunStatus: string | null;
  lastHealthScore: number | null;
  /** mail received from this time on is checked: the probe's creation, or when it was last enabled */
  inboundSince: Date;
  createdAt: Date;
  updatedAt: Date;
}

export type CampaignProbeChange = Partial<Pick<CampaignProbeRecord,
  'name' | 'enabled' | 'inboundSince' | 'intervalSeconds' | 'schedulingEnabled' | 'nextRunAt' | 'lastRunStatus' | 'lastHealthScore' | 'updatedAt'>>;

export interface CampaignProbeRunRecord {
  id: string;
  tenantId: string;
  probeId: string;
  status: string;
  source: string;
  healthScore: number;
  /** the received email an inbound run checked (one inbound run per email); null for other runs */
  inboundEmailId: string | null;
  /** the counts and insights (the module's shape; storage keeps it as JSON) */
  result: Record<string, unknown>;
  createdAt: Date;
}

export interface CampaignProbeRunFilter {
  /** createdAt at or after */
  since?: Date;
  /** createdAt strictly before */
  before?: Date;
  status?: string;
  /** newest first, at most this many */
  limit: number;
}

export interface CampaignProbeRepository {
  create(probe: CampaignProbeRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<CampaignProbeRecord | undefined>;
  /** the tenant's probes, oldest first */
  list(tenantId: string): Promise<CampaignProbeRecord[]>;
  /** enabled probes of every tenant, oldest first, for the scheduler's catch-up on received mail */
  listEnabled(limit: number): Promise<CampaignProbeRecord[]>;
  /** false when there is no such probe */
  update(tenantId: string, id: string, change: CampaignProbeChange): Promise<boolean>;
  /** the probe and its runs */
  delete(tenantId: string, id: string): Promise<boolean>;
  /** enabled probes with scheduling on whose nextRunAt is at or before `now`, earliest first; one tenant's or all */
  findDue(now: Date, limit: number, tenantId?: string): Promise<CampaignProbeRecord[]>;
  /** moves nextRunAt from `expected` to `next`; false when another run claimed it first */
  claim(id: string, expected: Date, next: Date): Promise<boolean>;

  /** false when the probe already has an inbound run of this email (two readers took the same mail) */
  addRun(run: CampaignProbeRunRecord): Promise<boolean>;
  /** which of these received emails already have an inbound run of the probe */
  inboundRunsOf(probeId: string, emailIds: string[]): Promise<Set<string>>;
  findRun(tenantId: string, probeId: string, runId: string): Promise<CampaignProbeRunRecord | undefined>;
  /** newest first */
  listRuns(tenantId: string, probeId: string, filter: CampaignProbeRunFilter): Promise<CampaignProbeRunRecord[]>;
}
