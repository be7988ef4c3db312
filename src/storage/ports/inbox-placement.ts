/** Storage port of inbox placement tests and public spam tests (modules/inbox-placement). */

export type PlacementTestSource = 'API' | 'PUBLIC_SPAM_TEST';

/** One seed of a test: an inbox of the tenant made for the test, and what arrived there. */
export interface PlacementTargetRecord {
  seedAccountId: number;
  seedAddress: string;
  inboxId: string;
  /** the first email the seed received after the test was made */
  emailId: string | null;
  receivedAt: Date | null;
  /** receipt time minus the message's Date header; null when it has none or it is later than the receipt */
  latencyMs: number | null;
  /** INBOX or SPAM by the spam check; null while unchecked or when spamd is unavailable */
  verdict: 'INBOX' | 'SPAM' | null;
  spamScore: number | null;
  spamThreshold: number | null;
  /** spam rules that added points: name → score */
  spamRules: Record<string, number>;
  /** why there is no verdict, when spamd could not be asked */
  spamUnavailable: string | null;
  /** authentication verdicts, the tracking token's presence, sender and subject */
  evidence: Record<string, string>;
}

export interface PlacementTestRecord {
  id: string;
  tenantId: string;
  source: PlacementTestSource;
  requestedSegment: string;
  seedlistProfile: string;
  addressFormat: string;
  senderDomain: string | null;
  fromEmail: string | null;
  trackingToken: string;
  shareToken: string | null;
  targets: PlacementTargetRecord[];
  submittedAt: Date | null;
  firstMatchAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date;
  lastEventAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PlacementTestFilter {
  source: PlacementTestSource;
  since?: Date;
  before?: Date;
  limit: number;
}

export interface InboxPlacementRepository {
  insert(record: PlacementTestRecord): Promise<PlacementTestRecord>;
  get(tenantId: string, id: string): Promise<PlacementTestRecord | undefined>;
  byShareToken(token: string): Promise<PlacementTestRecord | undefined>;
  /** The tenant's tests of one source, newest first. */
  list(tenantId: string, filter: PlacementTestFilter): Promise<PlacementTestRecord[]>;
  update(record: PlacementTestRecord): Promise<void>;
}
