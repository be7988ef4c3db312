/** SMTP (later IMAP) login of one inbox, or of the whole tenant when inboxId is null. */
export type MailProtocol = 'smtp' | 'imap';

export interface MailCredentialRecord {
  id: string;
  tenantId: string;
  /** null for the tenant-wide login, which may use every inbox of the tenant */
  inboxId: string | null;
  protocol: MailProtocol;
  username: string;
  password: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MailCredentialRepository {
  /** The login for the scope, created with the given one if there is none yet (race-safe). */
  findOrCreate(candidate: MailCredentialRecord): Promise<MailCredentialRecord>;
  findByUsername(protocol: MailProtocol, username: string): Promise<MailCredentialRecord | undefined>;
  /** false when another login of the protocol already has the username */
  update(tenantId: string, inboxId: string | null, protocol: MailProtocol, change: { username?: string; password?: string }, at: Date): Promise<boolean>;
}
