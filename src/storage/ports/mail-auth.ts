/** One DKIM-Signature's verdict (RFC 8601 result, the signing domain d= and selector s=). */
export interface DkimVerdict {
  result: string;
  domain: string | null;
  selector: string | null;
  comment: string | null;
}

/**
 * The SPF, DKIM, DMARC and ARC verdicts of a message received over SMTP, as this server found
 * them (the Authentication-Results header it prepended says the same). Results are RFC 8601
 * words: pass, fail, softfail, neutral, none, temperror, permerror (DMARC/ARC: pass, fail, none,
 * temperror, permerror).
 */
export interface EmailAuthentication {
  spf: string;
  /** one per DKIM-Signature; empty when the message has none (dkim=none) */
  dkim: DkimVerdict[];
  dmarc: string;
  arc: string;
  /** domain of the header From, lower-cased */
  fromDomain: string | null;
  clientIp: string | null;
  mailFrom: string | null;
  checkedAt: Date;
}

export interface StoredEmailAuthentication extends EmailAuthentication {
  emailId: string;
  inboxId: string;
}

/**
 * Verdicts are written with the email they belong to (IncomingEmail's `email.authentication`,
 * in the ingest transaction) and removed with it; this reads them.
 */
export interface MailAuthResultRepository {
  forEmail(tenantId: string, emailId: string): Promise<EmailAuthentication | undefined>;
  /** newest first; `fromDomain` matches the header From's domain exactly (lower-case) */
  list(tenantId: string, filter: { fromDomain?: string; since?: Date; limit: number }): Promise<StoredEmailAuthentication[]>;
}
