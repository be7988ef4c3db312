/** Storage port of email aliases and their reply threads (AliasController). */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';

export interface AliasRecord {
  id: string;
  tenantId: string;
  /** the alias's own inbox: mail to its address is what the alias proxies */
  inboxId: string;
  /** the alias's address (its inbox's) */
  aliasAddress: string;
  /** the masked address mail is proxied to */
  hiddenAddress: string;
  name: string | null;
  useThreads: boolean;
  verified: boolean;
  domainId: string | null;
  /** createAlias made the inbox (no inboxId given), so deleting the alias deletes it */
  ownsInbox: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface AliasThreadRecord {
  id: string;
  tenantId: string;
  aliasId: string;
  /** the thread's own inbox; its address is where the hidden user's replies go */
  inboxId: string;
  /** the original sender, lower-cased: one thread per alias and sender */
  sender: string;
  name: string | null;
  subject: string | null;
  /** Message-ID of the email that opened the thread */
  messageId: string | null;
  /** who a reply through the thread goes to */
  to: string[];
  cc: string[];
  bcc: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface AliasFilter {
  /** partial match on name, alias address, hidden address and id */
  search?: string;
  since?: Date;
  before?: Date;
}

export interface AliasThreadFilter {
  aliasId?: string;
  since?: Date;
  before?: Date;
}

/** An alias an inbox leads to: as the alias's own inbox (threadId null) or as one of its threads. */
export interface AliasRoute {
  alias: AliasRecord;
  threadId: string | null;
}

export interface AliasRepository {
  /** stores the alias with the sha256 of its verification token (null: verified already) */
  create(alias: AliasRecord, verifyTokenSha256: string | null): Promise<void>;
  findById(tenantId: string, id: string): Promise<AliasRecord | undefined>;
  /** the alias receiving at the inbox, if any */
  findByInbox(tenantId: string, inboxId: string): Promise<AliasRecord | undefined>;
  /** any tenant's alias whose pending verification token has this sha256 */
  findByVerifyToken(tokenSha256: string): Promise<AliasRecord | undefined>;
  page(tenantId: string, filter: AliasFilter, page: PageRequest): Promise<Slice<AliasRecord>>;
  /** false when there is no such alias */
  rename(tenantId: string, id: string, name: string | null, at: Date): Promise<boolean>;
  /** verifies the alias the token names and forgets the token; false when no alias waits for it */
  verify(tenantId: string, id: string, tokenSha256: string, at: Date): Promise<boolean>;
  /** the alias and its threads; false when there is no such alias */
  delete(tenantId: string, id: string): Promise<boolean>;

  /** stores a thread; false when the alias has one for the sender already (the unique conversation key) */
  createThread(thread: AliasThreadRecord): Promise<boolean>;
  findThread(tenantId: string, id: string): Promise<AliasThreadRecord | undefined>;
  findThreadBySender(tenantId: string, aliasId: string, sender: string): Promise<AliasThreadRecord | undefined>;
  findThreadByInbox(tenantId: string, inboxId: string): Promise<AliasThreadRecord | undefined>;
  /**
   * What mail to an inbox means to aliases, in one read (asked for every message received): the
   * alias receiving at it (threadId null) and the alias whose thread it is (threadId set).
   */
  routesOfInbox(tenantId: string, inboxId: string): Promise<AliasRoute[]>;
  /** the inboxes of the alias's threads (deleting the alias deletes them) */
  threadInboxIds(tenantId: string, aliasId: string): Promise<string[]>;
  pageThreads(tenantId: string, filter: AliasThreadFilter, page: PageRequest): Promise<Slice<AliasThreadRecord>>;
}
