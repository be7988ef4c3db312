/** A tenant's Google Postmaster Tools OAuth connection (tokens never leave the server). */
export interface PostmasterConnectionRecord {
  id: string;
  tenantId: string;
  status: 'PENDING' | 'CONNECTED' | 'ERROR' | 'DISCONNECTED';
  oauthState: string | null;
  redirectUri: string | null;
  connectedEmail: string | null;
  scope: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  lastSyncedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PostmasterDomainRecord {
  tenantId: string;
  domain: string;
  name: string;
  permission: string | null;
  createTime: Date | null;
  firstSeenAt: Date;
  lastSyncedAt: Date;
}

export interface PostmasterTrafficStatsRecord {
  tenantId: string;
  domain: string;
  /** YYYY-MM-DD */
  reportDate: string;
  name: string;
  payload: Record<string, unknown>;
  syncedAt: Date;
}

export interface PostmasterRepository {
  connection(tenantId: string): Promise<PostmasterConnectionRecord | undefined>;
  /** inserts or replaces the tenant's one connection */
  saveConnection(record: PostmasterConnectionRecord): Promise<void>;
  /** removes the connection and everything fetched with it; false when there was none */
  deleteConnection(tenantId: string): Promise<boolean>;
  domains(tenantId: string): Promise<PostmasterDomainRecord[]>;
  /** upserts the domains Google listed (first_seen_at kept) */
  saveDomains(tenantId: string, domains: Array<Omit<PostmasterDomainRecord, 'tenantId' | 'firstSeenAt'>>, at: Date): Promise<void>;
  trafficStats(tenantId: string, domain: string, range: { startDate?: string; endDate?: string }): Promise<PostmasterTrafficStatsRecord[]>;
  saveTrafficStats(records: PostmasterTrafficStatsRecord[]): Promise<void>;
}
