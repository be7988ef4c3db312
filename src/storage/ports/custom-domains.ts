/**
 * Storage port of custom domains as DomainController sees them: the `domains` rows with what
 * verification and signing need (migration 0041), and their health events. The inbox service
 * keeps using the narrower DomainRepository (ports/domains.ts) over the same table.
 */
import type { InboxType } from './inboxes.js';

/** What one DNS check found for one record: present, missing, more than one, or not known (the lookup failed). */
export type DnsRecordState = 'PRESENT' | 'MISSING' | 'DUPLICATE' | 'UNKNOWN';

export interface CustomDomainRecord {
  id: string;
  tenantId: string;
  domain: string;
  verified: boolean;
  inboxType: InboxType;
  description: string | null;
  /** null on domains stored before custom domains existed */
  verificationToken: string | null;
  dkimSelector: string | null;
  /** PKCS#8 PEM; never leaves the server */
  dkimPrivateKey: string | null;
  /** base64 DER SubjectPublicKeyInfo: the p= of the DKIM record */
  dkimPublicKey: string | null;
  catchAllInboxId: string | null;
  /** record label → what the last check found; {} before the first check */
  recordStates: Record<string, DnsRecordState>;
  missingMessage: string | null;
  duplicateMessage: string | null;
  checkedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a check changes on a domain. */
export interface DomainCheckUpdate {
  verified: boolean;
  recordStates: Record<string, DnsRecordState>;
  missingMessage: string | null;
  duplicateMessage: string | null;
  checkedAt: Date;
}

export interface DomainHealthEventRecord {
  id: string;
  tenantId: string;
  domainId: string;
  domainName: string;
  eventType: string;
  status: 'OPEN' | 'RESOLVED';
  severity: 'INFO' | 'WARNING' | 'CRITICAL';
  title: string;
  message: string;
  recommendation: string | null;
  eventTime: Date;
  createdAt: Date;
}

export interface CustomDomainRepository {
  /** false when the domain name is already taken (by any tenant: mail is routed by it) */
  create(domain: CustomDomainRecord): Promise<boolean>;
  get(tenantId: string, id: string): Promise<CustomDomainRecord | undefined>;
  /** the tenant's domains, oldest first */
  list(tenantId: string): Promise<CustomDomainRecord[]>;
  /** Across tenants: the domain with this name (lower case), for routing mail. */
  findByName(domain: string): Promise<CustomDomainRecord | undefined>;
  /** Up to `limit` domains of every tenant with ids after `afterId`, by id: the scheduled checks walk them. */
  batch(afterId: string | null, limit: number): Promise<CustomDomainRecord[]>;
  setCatchAll(tenantId: string, id: string, inboxId: string | null, now: Date): Promise<CustomDomainRecord | undefined>;
  /** Stores a check's outcome and the health events it raised, in one transaction. */
  recordCheck(tenantId: string, id: string, check: DomainCheckUpdate, events: DomainHealthEventRecord[]): Promise<CustomDomainRecord | undefined>;
  /** Deletes the domain and its health events; false when there was none. */
  delete(tenantId: string, id: string): Promise<boolean>;
  /** the domain's health events, newest first */
  healthEvents(tenantId: string, domainId: string, limit: number): Promise<DomainHealthEventRecord[]>;
}
