/** Storage port of inbox repliers (InboxReplierController), their events and the replies they made. */
import type { PageRequest } from '../../core/paging.js';
import type { Slice } from './common.js';
import type { AutomationEventStatus, AutomationMatchFields } from './forwarders.js';

export interface ReplierRecord extends AutomationMatchFields {
  id: string;
  tenantId: string;
  inboxId: string;
  name: string | null;
  replyTo: string | null;
  subject: string | null;
  from: string | null;
  charset: string | null;
  isHtml: boolean;
  body: string | null;
  templateId: string | null;
  templateVariables: Record<string, unknown> | null;
  ignoreReplyTo: boolean;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type ReplierChange = Omit<ReplierRecord, 'id' | 'tenantId' | 'active' | 'createdAt'>;

export interface ReplierFilter {
  inboxId?: string;
  since?: Date;
  before?: Date;
}

export interface ReplierEventRecord {
  id: string;
  tenantId: string;
  replierId: string;
  inboxId: string;
  emailId: string | null;
  sentId: string | null;
  status: AutomationEventStatus;
  message: string | null;
  recipients: string[];
  createdAt: Date;
}

export interface ReplierEventFilter {
  replierId?: string;
  inboxId?: string;
  emailId?: string;
  sentId?: string;
}

export interface ReplierRepository {
  create(replier: ReplierRecord): Promise<void>;
  findById(tenantId: string, id: string): Promise<ReplierRecord | undefined>;
  page(tenantId: string, filter: ReplierFilter, page: PageRequest): Promise<Slice<ReplierRecord>>;
  /** the active repliers of the inbox, oldest first */
  listActiveForInbox(tenantId: string, inboxId: string): Promise<ReplierRecord[]>;
  /** false when there is no such replier; inboxId may move it to another inbox of the tenant */
  update(tenantId: string, id: string, change: ReplierChange): Promise<boolean>;
  setActive(tenantId: string, id: string, active: boolean, at: Date): Promise<boolean>;
  delete(tenantId: string, id: string): Promise<boolean>;
  deleteWhere(tenantId: string, filter: { inboxId?: string }): Promise<number>;
  addEvent(event: ReplierEventRecord): Promise<void>;
  pageEvents(tenantId: string, filter: ReplierEventFilter, page: PageRequest): Promise<Slice<ReplierEventRecord>>;
  /**
   * Takes the replier's turn to answer `sender` at `at`: true when it has not answered them
   * since `windowStart` (the claim is recorded), false when it has. Atomic, so two messages
   * from one sender handled at once get one reply.
   */
  claimReply(replierId: string, sender: string, at: Date, windowStart: Date): Promise<boolean>;
  /** gives back a claim made at `at` whose reply could not be sent (so a retry may answer) */
  releaseReply(replierId: string, sender: string, at: Date): Promise<void>;
}
