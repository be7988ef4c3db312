/** Storage port of spam scores: spamd's verdict on a received email, the latest check kept. */

export interface SpamScoreRecord {
  emailId: string;
  tenantId: string;
  inboxId: string;
  score: number;
  /** spamd's required_score when it scored */
  requiredScore: number;
  /** Pigeonhole's threshold (PIGEONHOLE_SPAM_THRESHOLD) when it scored */
  threshold: number;
  /** score >= threshold */
  spam: boolean;
  rules: Array<{ name: string; score: number; description: string | null }>;
  checkedAt: Date;
}

export interface SpamScoreRepository {
  /** Stores the check, replacing an earlier one of the same email. */
  save(record: SpamScoreRecord): Promise<void>;
  find(tenantId: string, emailId: string): Promise<SpamScoreRecord | undefined>;
}
