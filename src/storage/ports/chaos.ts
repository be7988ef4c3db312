/** Storage port of chaos per inbox: its rules and its greylisting state. */

export interface InboxChaosRecord {
  inboxId: string;
  tenantId: string;
  /** the rules as modules/chaos validated them (opaque to storage) */
  rules: unknown[];
  createdAt: Date;
  updatedAt: Date;
}

export interface ChaosRepository {
  /** The inbox's chaos, whoever owns it (the SMTP path knows the inbox, not the tenant). */
  findByInbox(inboxId: string): Promise<InboxChaosRecord | undefined>;
  /** Creates or replaces the inbox's rules (one row per inbox); answers the stored row. */
  put(record: InboxChaosRecord): Promise<InboxChaosRecord>;
  /** Removes the inbox's rules and greylisting state; false when it had none. */
  delete(tenantId: string, inboxId: string): Promise<boolean>;
  /**
   * When `triple` was first seen for the inbox: records `now` for a triple not seen since
   * `expireBefore` (older sightings are forgotten first), and keeps at most `maxEntries`
   * triples per inbox (the oldest go).
   */
  greylistFirstSeen(inboxId: string, triple: string, now: Date, expireBefore: Date, maxEntries: number): Promise<Date>;
}
