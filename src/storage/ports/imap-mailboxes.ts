/** One email as an IMAP message: its UID in its inbox and its flags. */
export interface ImapMessageRecord {
  id: string;
  uid: number;
  /** \\Seen: the same flag as the API's `read` */
  seen: boolean;
  /** \\Flagged: the same flag as the API's `favourite` */
  flagged: boolean;
  answered: boolean;
  deleted: boolean;
  createdAt: Date;
  sizeBytes: number;
}

/** The IMAP view of inboxes (0012_imap); reading and deleting go through EmailRepository. */
export interface ImapMailboxRepository {
  /** the UID the inbox's next email will get; undefined when the tenant has no such inbox */
  uidNext(tenantId: string, inboxId: string): Promise<number | undefined>;
  /** every email of the inbox, by ascending UID */
  messages(tenantId: string, inboxId: string): Promise<ImapMessageRecord[]>;
  setImapFlags(tenantId: string, emailIds: string[], change: { answered?: boolean; deleted?: boolean }, at: Date): Promise<void>;
}
